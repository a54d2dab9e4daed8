/**
 * The actions a PV offers (SPEC §2 "Action dialogs"), chosen from its type and config: set
 * value (AnaOut, DigiOut), limits (AnaIn with limits), priority (failure inputs), runtimes
 * (DigiIn, AnaIn), counter reset (resetable counters). One action opens directly.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { hasRuntimes } from '../../../domain/validation/valueEntry.ts';
import { usePvConfig, usePvValue } from '../../../live/index.ts';
import { splitPvNr } from '../../../domain/pvRef.ts';
import { loadRuntimes } from './actionsApi.ts';
import { actionsOf, type PvAction } from './actionRules.ts';
import { Button, Dialog, EmptyState, LoadingState, type IconName } from '../../../ui/index.ts';
import { CounterResetDialog } from './CounterResetDialog.tsx';
import { LimitsDialog } from './LimitsDialog.tsx';
import { PriorityDialog } from './PriorityDialog.tsx';
import { PvInfo } from './PvInfo.tsx';
import { MachineLinks } from './MachineLinks.tsx';
import { RuntimesDialog } from './RuntimesDialog.tsx';
import { SetValueDialog } from './SetValueDialog.tsx';
import type { CommandWatch } from './commandFeedback.ts';

const ICONS: Record<PvAction, IconName> = {
  setValue: 'keyboard',
  limits: 'warning',
  priority: 'warning',
  runtimes: 'refresh',
  counter: 'refresh',
};

export interface PvActionsProps {
  pvRef: PvRef;
  onClose: () => void;
  /** Done: the notice, and for a value sent, the output's report that must follow. */
  onDone: (message: string, watch?: CommandWatch | null) => void;
}

export function PvActions({ pvRef, onClose, onDone }: PvActionsProps) {
  const { t } = useTranslation();
  const config = usePvConfig(pvRef);
  const value = usePvValue(pvRef);
  const [chosen, setChosen] = useState<PvAction | null>(null);
  // Runtimes are offered only when the plant keeps some for this input (loaded for DigiIn
  // and AnaIn only, SPEC §5); until the answer is in, the menu waits.
  const [keepsRuntimes, setKeepsRuntimes] = useState<boolean | null>(
    hasRuntimes(pvRef) ? null : false,
  );
  useEffect(() => {
    if (!hasRuntimes(pvRef)) return;
    const controller = new AbortController();
    loadRuntimes([pvRef], controller.signal).then(
      (r) => setKeepsRuntimes(r.runtimeValues.length > 0),
      // Offer it anyway: the dialog then says that the runtimes could not be loaded.
      () => !controller.signal.aborted && setKeepsRuntimes(true),
    );
    return () => controller.abort();
  }, [pvRef]);
  const cfg = keepsRuntimes === null ? undefined : config.config;

  if (!cfg) {
    return (
      <Dialog key="loading" open onClose={onClose} size="small" title={t('actions.menu.loading')}>
        <LoadingState
          status={config.state === 'error' ? 'error' : 'loading'}
          errorMessage={t('results.load.pvMissing', { type: pvRef.type, nr: pvRef.nr })}
        />
      </Dialog>
    );
  }
  const actions = actionsOf(cfg, value, keepsRuntimes === true);
  // Runtime editing is maintenance: always chosen by its name, never opened by itself.
  const action = chosen ?? (actions.length === 1 && actions[0] !== 'runtimes' ? actions[0]! : null);
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
    // NOTE: its own key: the dialog mounts afresh after the loading one, so focus goes
    // to the first action.
    <Dialog
      key="menu"
      open
      onClose={onClose}
      size="small"
      title={t('actions.menu.title', { name: cfg.name })}
      actions={<Button onClick={onClose}>{t('actions.common.cancel')}</Button>}
    >
      <div className="action-current">
        <span>
          {t(`stations.pvType.${pvRef.type}`)} {splitPvNr(pvRef).number}
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
      <MachineLinks pvRef={pvRef} onClose={onClose} />
    </Dialog>
  );
}
