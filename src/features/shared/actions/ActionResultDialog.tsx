/** The result dialogs of SPEC §8 after an action, with the rejected PVs named. */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { ParseKeys } from 'i18next';
import type { ResultDialog, ResultItem } from '../../../domain/validation/resultDialogs.ts';
import { Button, Dialog, Icon } from '../../../ui/index.ts';
import { useRuleText } from './useRuleText.ts';
import './actions.css';

export interface ActionResultDialogProps {
  dialog: ResultDialog | null;
  onClose: () => void;
  /** A PV's display name, when the caller knows it. */
  pvName?: (item: Extract<ResultItem, { kind: 'pv' }>) => string | undefined;
}

export function ActionResultDialog({ dialog, onClose, pvName }: ActionResultDialogProps) {
  const { t } = useTranslation();
  const text = useRuleText();
  if (!dialog) return null;
  const label = (item: ResultItem): string => {
    if (item.kind === 'pv') {
      const ref = `${t(`stations.pvType.${item.pvRef.type}`)} ${item.pvRef.nr}`;
      const name = pvName?.(item);
      return name ? `${name} (${ref})` : ref;
    }
    if (item.kind === 'callNumber')
      return item.number ? `${item.name} (${item.number})` : item.name;
    return item.name ?? `${item.stationNumber}/${item.planNumber}`;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      size="small"
      className={`action-result action-result-${dialog.severity}`}
      title={
        <>
          <Icon
            name={
              dialog.severity === 'success'
                ? 'check'
                : dialog.severity === 'info'
                  ? 'info'
                  : 'error'
            }
          />{' '}
          {text(dialog.title)}
        </>
      }
      actions={
        <Button variant="primary" onClick={onClose} data-autofocus>
          {t('actions.common.close')}
        </Button>
      }
    >
      {dialog.message && <p className="action-result-message">{text(dialog.message)}</p>}
      {dialog.detail && <p className="action-result-detail">{dialog.detail}</p>}
      {dialog.sections.map((s) => (
        <div key={s.labelKey} className="action-result-group">
          <h3>{t(s.labelKey as ParseKeys)}</h3>
          <ul>
            {s.items.map((item, i) => (
              <li key={i}>{label(item)}</li>
            ))}
          </ul>
        </div>
      ))}
    </Dialog>
  );
}
