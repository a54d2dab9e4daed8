/**
 * Edit a digital input's alert priority (SPEC §2, §5: priorities 0 to 9). The old value goes
 * with the new one, so the plant refuses when someone changed it meanwhile.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvConfig } from '../../../contract/pv.ts';
import {
  buildSetPrioritiesRequest,
  validateDigiInPriorities,
} from '../../../domain/validation/limits.ts';
import {
  pvActionResultDialog,
  shouldUpdateLocally,
  type ResultDialog,
} from '../../../domain/validation/resultDialogs.ts';
import { Field } from '../../../ui/index.ts';
import { useWriteAccess } from '../ReadOnlyNote.tsx';
import { ActionFormDialog } from './FormDialogActions.tsx';
import { setDigiInPriorities } from './actionsApi.ts';
import { PvInfo } from './PvInfo.tsx';
import { useRuleText } from './useRuleText.ts';

export interface PriorityDialogProps {
  config: PvConfig;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function PriorityDialog({ config, onClose, onDone }: PriorityDialogProps) {
  const access = useWriteAccess('writePvs', config.stationNumber);
  const { t } = useTranslation();
  const text = useRuleText();
  const current = config.alertInputConfig?.priority ?? 0;
  const [entry, setEntry] = useState(String(current));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ResultDialog | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const priority = /^\s*-?\d+\s*$/.test(entry) ? Number(entry) : NaN;
    const next = { pvRef: config.pvRef, priority };
    const [message] = validateDigiInPriorities([next]);
    if (message) return setError(text(message));
    setError(undefined);
    const request = buildSetPrioritiesRequest([{ pvRef: config.pvRef, priority: current }], [next]);
    if (request.newValues.length === 0) return onDone(t('actions.common.unchanged'));
    setBusy(true);
    const answer = await setDigiInPriorities(request);
    setBusy(false);
    if (shouldUpdateLocally(answer.status))
      return onDone(t('actions.priority.done', { name: config.name, priority }));
    setResult(pvActionResultDialog('setPriorities', answer));
  };

  const formId = `priority-${config.pvRef.nr}`;
  return (
    <ActionFormDialog
      access={access}
      title={t('actions.priority.title', { name: config.name })}
      size="small"
      formId={formId}
      busy={busy}
      onClose={onClose}
      result={result}
      onResultClose={() => setResult(null)}
      pvName={config.name}
      head={
        <div className="action-current">
          <span>{t('actions.priority.current', { priority: current })}</span>
          <PvInfo config={config} />
        </div>
      }
    >
      <form id={formId} className="action-form" onSubmit={submit} noValidate>
        <Field label={t('actions.priority.label')} error={error}>
          {(p) => (
            <input
              {...p}
              name="priority"
              inputMode="numeric"
              autoComplete="off"
              value={entry}
              data-autofocus
              onChange={(e) => setEntry(e.target.value)}
            />
          )}
        </Field>
      </form>
    </ActionFormDialog>
  );
}
