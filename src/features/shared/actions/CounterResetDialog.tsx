/** Reset a counter (SPEC §1, §7 counters/reset): asks first, then reports as SPEC §8 says. */
import { useState } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvConfig, PvValue } from '../../../contract/pv.ts';
import { buildCounterResetRequest } from '../../../domain/validation/counterReset.ts';
import {
  pvActionResultDialog,
  type ResultDialog,
} from '../../../domain/validation/resultDialogs.ts';
import { formatPvValue, withUnit } from '../../../domain/pvFormat.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { ConfirmDialog } from '../../../ui/index.ts';
import { ActionResultDialog } from './ActionResultDialog.tsx';
import { resetCounters } from './actionsApi.ts';
import { CommandConfirm } from './CommandConfirm.tsx';
import { ReadOnlyNote, useWriteAccess } from '../ReadOnlyNote.tsx';

export interface CounterResetDialogProps {
  config: PvConfig;
  value: PvValue | undefined;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function CounterResetDialog({ config, value, onClose, onDone }: CounterResetDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);
  const shown = value ? formatPvValue(value, config, format.locale) : null;
  const refs = buildCounterResetRequest(value ? [value] : []);
  const access = useWriteAccess('writeCounters', config.stationNumber);

  const confirm = async () => {
    setBusy(true);
    const answer = await resetCounters(refs);
    setBusy(false);
    const dialog = pvActionResultDialog('resetCounters', answer);
    if (dialog) setResult(dialog);
    else onDone(t('actions.counter.done', { name: config.name }));
  };

  const from = shown ? withUnit(shown.text, shown.unit) : '—';
  if (!access.may || refs.length === 0)
    return (
      <ConfirmDialog
        open
        title={t('actions.counter.title')}
        message={
          <>
            <ReadOnlyNote access={access} />
            {refs.length === 0
              ? t('actions.counter.notResettable', { name: config.name })
              : t('actions.counter.confirm', { name: config.name, value: from })}
          </>
        }
        confirmLabel={t('actions.common.close')}
        onConfirm={onClose}
        onCancel={onClose}
      />
    );
  return (
    <>
      <CommandConfirm
        request={
          result === null && !busy
            ? {
                title: t('actions.counter.title'),
                confirmLabel: t('actions.counter.submit'),
                danger: true,
                changes: [
                  {
                    pv: config.name,
                    station: `${config.stationNumber} ${config.stationName}`,
                    from,
                    to: t('safeOps.confirm.resetTo'),
                  },
                ],
              }
            : null
        }
        onAnswer={(ok) => (ok ? void confirm() : onClose())}
      />
      <ActionResultDialog dialog={result} onClose={onClose} pvName={() => config.name} />
    </>
  );
}
