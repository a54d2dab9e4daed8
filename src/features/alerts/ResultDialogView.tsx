import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import type { ResultDialog } from '../../domain/validation/resultDialogs.ts';
import { Button, Dialog } from '../../ui/index.ts';

/** Shows a result dialog of SPEC §8 built by the validation helpers. */
export function ResultDialogView({
  dialog,
  onClose,
}: {
  dialog: ResultDialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!dialog) return null;
  const text = (m: { key: string; params?: Record<string, string | number> }) =>
    t(m.key as ParseKeys, m.params ?? {}) as string;
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      size="small"
      title={text(dialog.title)}
      actions={
        <Button variant="primary" onClick={onClose} data-autofocus>
          {t('alerts.actions.close')}
        </Button>
      }
    >
      {dialog.message && <p className="result-message">{text(dialog.message)}</p>}
      {dialog.detail && <p className="result-detail">{dialog.detail}</p>}
      {dialog.sections.map((s) => (
        <div key={s.labelKey} className="result-group">
          <h3>{t(s.labelKey as ParseKeys)}</h3>
          <ul>
            {s.items.map((item, i) => (
              <li key={i}>
                {item.kind === 'pv'
                  ? `${item.pvRef.type} ${item.pvRef.nr}`
                  : item.kind === 'station'
                    ? String(item.stationNumber)
                    : `${item.stationNumber}/${item.planNumber}`}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </Dialog>
  );
}
