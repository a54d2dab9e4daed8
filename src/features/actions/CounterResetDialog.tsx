/** Reset a counter (SPEC §1, §7 counters/reset): asks first, then reports as SPEC §8 says. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvConfig, PvValue } from '../../contract/pv.ts';
import { buildCounterResetRequest } from '../../domain/validation/counterReset.ts';
import { pvActionResultDialog, type ResultDialog } from '../../domain/validation/resultDialogs.ts';
import { formatPvValue } from '../../domain/pvFormat.ts';
import { useFormat } from '../../app/useFormat.ts';
import { ConfirmDialog } from '../../ui/index.ts';
import { ActionResultDialog } from './ActionResultDialog.tsx';
import { resetCounters } from './actionsApi.ts';

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

  const confirm = async () => {
    setBusy(true);
    const answer = await resetCounters(refs);
    setBusy(false);
    const dialog = pvActionResultDialog('resetCounters', answer);
    if (dialog) setResult(dialog);
    else onDone(t('actions.counter.done', { name: config.name }));
  };

  return (
    <>
      <ConfirmDialog
        open={result === null}
        danger
        busy={busy}
        title={t('actions.counter.title')}
        message={
          refs.length === 0
            ? t('actions.counter.notResettable', { name: config.name })
            : t('actions.counter.confirm', {
                name: config.name,
                value: shown ? `${shown.text}${shown.unit ? ` ${shown.unit}` : ''}` : '—',
              })
        }
        confirmLabel={t('actions.counter.submit')}
        onConfirm={() => (refs.length === 0 ? onClose() : void confirm())}
        onCancel={onClose}
      />
      <ActionResultDialog dialog={result} onClose={onClose} pvName={() => config.name} />
    </>
  );
}
