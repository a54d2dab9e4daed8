/**
 * The actions a PV offers (SPEC §2 "Action dialogs"), chosen from its type and config: set
 * value (AnaOut, DigiOut), limits (AnaIn with limits), priority (failure inputs), runtimes
 * (DigiIn, AnaIn), counter reset (resetable counters). One action opens directly.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvConfig, PvRef, PvValue } from '../../contract/pv.ts';
import { isResettableCounter } from '../../domain/validation/counterReset.ts';
import { hasRuntimes, isSettable } from '../../domain/validation/valueEntry.ts';
import { usePvConfig, usePvValue } from '../../live/index.ts';
import { Button, Dialog, EmptyState, LoadingState, type IconName } from '../../ui/index.ts';
import { CounterResetDialog } from './CounterResetDialog.tsx';
import { LimitsDialog } from './LimitsDialog.tsx';
import { PriorityDialog } from './PriorityDialog.tsx';
import { PvInfo } from './PvInfo.tsx';
import { RuntimesDialog } from './RuntimesDialog.tsx';
import { SetValueDialog } from './SetValueDialog.tsx';

export type PvAction = 'setValue' | 'limits' | 'priority' | 'runtimes' | 'counter';

const ICONS: Record<PvAction, IconName> = {
  setValue: 'keyboard',
  limits: 'warning',
  priority: 'warning',
  runtimes: 'refresh',
  counter: 'refresh',
};

/** The actions of a PV, in menu order. */
export function actionsOf(config: PvConfig, value: PvValue | undefined): PvAction[] {
  const ref = config.pvRef;
  const list: PvAction[] = [];
  if (isSettable(ref)) list.push('setValue');
  if (ref.type === 'AnaIn' && config.anaLimitConfig) list.push('limits');
  if (ref.type === 'DigiIn' && config.alertInputConfig) list.push('priority');
  if (hasRuntimes(ref)) list.push('runtimes');
  if (ref.type === 'ZaehlWert' && isResettableCounter(value)) list.push('counter');
  return list;
}

export interface PvActionsProps {
  pvRef: PvRef;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function PvActions({ pvRef, onClose, onDone }: PvActionsProps) {
  const { t } = useTranslation();
  const config = usePvConfig(pvRef);
  const value = usePvValue(pvRef);
  const [chosen, setChosen] = useState<PvAction | null>(null);
  const cfg = config.config;

  if (!cfg) {
    return (
      <Dialog open onClose={onClose} size="small" title={t('actions.menu.loading')}>
        <LoadingState
          status={config.state === 'error' ? 'error' : 'loading'}
          errorMessage={t('results.load.pvMissing', { type: pvRef.type, nr: pvRef.nr })}
        />
      </Dialog>
    );
  }
  const actions = actionsOf(cfg, value);
  const action = chosen ?? (actions.length === 1 ? actions[0]! : null);
  const props = { config: cfg, onClose, onDone };
  switch (action) {
    case 'setValue':
      return <SetValueDialog {...props} value={value} />;
    case 'limits':
      return <LimitsDialog {...props} />;
    case 'priority':
      return <PriorityDialog {...props} />;
    case 'runtimes':
      return <RuntimesDialog {...props} />;
    case 'counter':
      return <CounterResetDialog {...props} value={value} />;
    case null:
      break;
  }
  return (
    <Dialog
      open
      onClose={onClose}
      size="small"
      title={t('actions.menu.title', { name: cfg.name })}
      actions={<Button onClick={onClose}>{t('actions.common.cancel')}</Button>}
    >
      <div className="action-current">
        <span>
          {t(`stations.pvType.${pvRef.type}`)} {pvRef.nr}
        </span>
        <PvInfo config={cfg} />
      </div>
      {actions.length === 0 ? (
        <EmptyState title={t('actions.menu.noneTitle')} reason={t('actions.menu.none')} />
      ) : (
        <ul className="action-menu">
          {actions.map((a, i) => (
            <li key={a}>
              <Button
                icon={ICONS[a]}
                onClick={() => setChosen(a)}
                data-autofocus={i === 0 ? true : undefined}
              >
                {t(`actions.menu.${a}`)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
