/**
 * Set the runtimes of a digital or analogue input (SPEC §2 "Set runtimes", §5: loaded only for
 * DigiIn and AnaIn, values not empty and not negative). Old and new values travel together.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvRuntime } from '../../../contract/actions.ts';
import { buildSetRuntimesRequest, hasRuntimes } from '../../../domain/validation/valueEntry.ts';
import { runtimesResponseMessage } from '../../../domain/validation/resultDialogs.ts';
import type { RuleMessage } from '../../../domain/validation/ruleMessage.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { EmptyState, Field, LoadingState } from '../../../ui/index.ts';
import { loadRuntimes, setRuntimes } from './actionsApi.ts';
import { PvForm, PvFormDialog, usePvFormSend, type PvFormOpenProps } from './PvFormDialog.tsx';
import { useRuleText } from './useRuleText.ts';

/** A runtime as the user reads and types it: one decimal, the language's decimal sign. */
function runtimeText(value: number, decimalComma: boolean): string {
  const text = String(Math.round(value * 10) / 10);
  return decimalComma ? text.replace('.', ',') : text;
}

export function RuntimesDialog({ config, onClose, onDone }: PvFormOpenProps) {
  const { t } = useTranslation();
  const text = useRuleText();
  const format = useFormat();
  const sending = usePvFormSend();
  const [loaded, setLoaded] = useState<PvRuntime[] | null>(null);
  const [loadMessage, setLoadMessage] = useState<RuleMessage | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [edited, setEdited] = useState<(string | undefined)[]>([]);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());

  // NOTE: by type and number: a pushed config is a new object and must not reload (and
  // overwrite what the user typed).
  const { type: pvType, nr: pvNr } = config.pvRef;
  useEffect(() => {
    const ref = { type: pvType, nr: pvNr };
    if (!hasRuntimes(ref)) return;
    const controller = new AbortController();
    setLoadMessage(null);
    loadRuntimes([ref], controller.signal).then(
      (response) => {
        setLoadMessage(runtimesResponseMessage(response, [ref], () => config.name));
        setLoaded(response.runtimeValues);
      },
      () => {
        if (controller.signal.aborted) return;
        setLoadMessage(
          runtimesResponseMessage(
            { status: 'Failed', errorMessage: null, runtimeValues: [], missingPvs: [] },
            [ref],
            () => config.name,
          ),
        );
        setLoaded([]);
      },
    );
    return () => controller.abort();
  }, [pvType, pvNr, config.name, attempt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!loaded) return;
    const build = buildSetRuntimesRequest(loaded, edited);
    if (!build.ok) {
      setErrors(new Map(build.messages.map((m) => [m.field ?? '', text(m)])));
      return;
    }
    setErrors(new Map());
    if (build.request.newValues.length === 0) return onDone(t('actions.common.unchanged'));
    const request = build.request;
    await sending.send(
      'setRuntimes',
      () => setRuntimes(request),
      () => onDone(t('actions.runtimes.done', { name: config.name })),
    );
  };

  const status = !hasRuntimes(config.pvRef) ? 'ready' : loaded === null ? 'loading' : 'ready';
  const editable = loaded !== null && loaded.length > 0;
  return (
    <PvFormDialog
      kind="runtimes"
      config={config}
      size="small"
      current={config.stationName}
      sending={sending}
      canSubmit={editable}
      onClose={onClose}
    >
      <LoadingState status={status} onRetry={() => setAttempt((a) => a + 1)}>
        {loadMessage && (
          <p className="action-errors" role="alert">
            {text(loadMessage)}
          </p>
        )}
        {!editable ? (
          !loadMessage && (
            <EmptyState
              title={t('actions.runtimes.noneTitle')}
              reason={t('actions.runtimes.none')}
            />
          )
        ) : (
          <PvForm onSubmit={submit}>
            {loaded.map((r, i) => (
              <Field
                key={r.runtimeValue.runtimeType}
                label={t(`actions.runtimes.types.${r.runtimeValue.runtimeType}`)}
                help={t('actions.runtimes.current', {
                  value: format.number(r.runtimeValue.value, 1),
                })}
                error={errors.get(String(i))}
              >
                {(p) => (
                  <input
                    {...p}
                    name={`runtime-${r.runtimeValue.runtimeType}`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={edited[i] ?? runtimeText(r.runtimeValue.value, format.locale !== 'en')}
                    onChange={(e) =>
                      setEdited((list) => {
                        const next = [...list];
                        next[i] = e.target.value;
                        return next;
                      })
                    }
                  />
                )}
              </Field>
            ))}
          </PvForm>
        )}
      </LoadingState>
    </PvFormDialog>
  );
}
