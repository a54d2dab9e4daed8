/**
 * Edit a digital input's alert priority (SPEC §2, §5: priorities 0 to 9). The old value goes
 * with the new one, so the plant refuses when someone changed it meanwhile.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import {
  buildSetPrioritiesRequest,
  validateDigiInPriorities,
} from '../../../domain/validation/limits.ts';
import { Field } from '../../../ui/index.ts';
import { setDigiInPriorities } from './actionsApi.ts';
import { PvForm, PvFormDialog, usePvFormSend, type PvFormOpenProps } from './PvFormDialog.tsx';
import { useRuleText } from './useRuleText.ts';

export function PriorityDialog({ config, onClose, onDone }: PvFormOpenProps) {
  const { t } = useTranslation();
  const text = useRuleText();
  const sending = usePvFormSend();
  const current = config.alertInputConfig?.priority ?? 0;
  const [entry, setEntry] = useState(String(current));
  const [error, setError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const priority = /^\s*-?\d+\s*$/.test(entry) ? Number(entry) : NaN;
    const next = { pvRef: config.pvRef, priority };
    const [message] = validateDigiInPriorities([next]);
    if (message) return setError(text(message));
    setError(undefined);
    const request = buildSetPrioritiesRequest([{ pvRef: config.pvRef, priority: current }], [next]);
    if (request.newValues.length === 0) return onDone(t('actions.common.unchanged'));
    await sending.send(
      'setPriorities',
      () => setDigiInPriorities(request),
      () => onDone(t('actions.priority.done', { name: config.name, priority })),
    );
  };

  return (
    <PvFormDialog
      kind="priority"
      config={config}
      size="small"
      current={t('actions.priority.current', { priority: current })}
      sending={sending}
      onClose={onClose}
    >
      <PvForm onSubmit={submit}>
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
      </PvForm>
    </PvFormDialog>
  );
}
