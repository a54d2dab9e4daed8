/**
 * Edit the four limits of an analogue input (SPEC §2, §5 "Limits and priorities"): editing
 * waits until every limit config has loaded; notSet limits are shown but take no part; the
 * order, priority and delay rules are checked before sending; the shown limits change only
 * when the plant answered Success.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import { LIMIT_TYPES, type LimitType } from '../../../contract/enums.ts';
import { checkRequiredFields, FORM_KEYS } from '../../../domain/validation/forms.ts';
import { ruleMessage } from '../../../domain/validation/ruleMessage.ts';
import type { PvConfig, PvLimitConfig } from '../../../contract/pv.ts';
import {
  buildSetLimitsRequest,
  canEditLimits,
  validateLimitConfigs,
} from '../../../domain/validation/limits.ts';
import { parseNumberInput } from '../../../domain/validation/valueEntry.ts';
import { EmptyState, LoadingState, TableHead } from '../../../ui/index.ts';
import { loadLimitConfigs, setAnaInLimits } from './actionsApi.ts';
import { PvForm, PvFormDialog, usePvFormSend, type PvFormOpenProps } from './PvFormDialog.tsx';
import { useRuleText } from './useRuleText.ts';
import { useFormat, type Formatters } from '../../../app/useFormat.ts';
import { withUnit } from '../../../domain/pvFormat.ts';
import { useCommandConfirm, type CommandChange } from './CommandConfirm.tsx';
import type { TFunction } from 'i18next';

type Draft = Record<LimitType, { limit: string; priority: string; delayTime: string }>;

/** A limit as the user reads and types it: the PV's decimals, the language's decimal sign. */
function limitText(limit: number, decimals: number, decimalComma: boolean): string {
  const text = String(Number(limit.toFixed(Math.min(Math.max(decimals, 0), 6))));
  return decimalComma ? text.replace('.', ',') : text;
}

function draftOf(
  configs: readonly PvLimitConfig[],
  decimals: number,
  decimalComma: boolean,
): Draft {
  const draft = {} as Draft;
  for (const c of configs) {
    draft[c.pvLimitRef.limitType] = {
      limit: limitText(c.limit, decimals, decimalComma),
      priority: String(c.priority),
      delayTime: String(c.delayTime),
    };
  }
  return draft;
}

/**
 * The edited configs; a text that is no number becomes NaN and fails the rules. A limit whose
 * text was not touched keeps the plant's value: the field shows it rounded to the PV's
 * decimals, and sending the rounded value would change a limit nobody changed.
 */
function editedConfigs(
  loaded: readonly PvLimitConfig[],
  draft: Draft,
  decimals: number,
  decimalComma: boolean,
): PvLimitConfig[] {
  const int = (s: string) => (/^\s*-?\d+\s*$/.test(s) ? Number(s) : NaN);
  return loaded.map((c) => {
    if (c.notSet) return c;
    const d = draft[c.pvLimitRef.limitType];
    const untouched = d.limit === limitText(c.limit, decimals, decimalComma);
    return {
      ...c,
      limit: untouched ? c.limit : (parseNumberInput(d.limit, decimalComma ? ',' : '.') ?? NaN),
      priority: int(d.priority),
      delayTime: int(d.delayTime),
    };
  });
}

const LIMIT_FIELDS = ['limit', 'priority', 'delayTime'] as const;

/**
 * What the confirm step lists (ISA-18.2 watches limit changes closest): each changed field of
 * each changed limit, old → new, the limit with the PV's decimals and unit.
 */
export function limitChanges(
  request: { oldValues: readonly PvLimitConfig[]; newValues: readonly PvLimitConfig[] },
  config: PvConfig,
  format: Pick<Formatters, 'number'>,
  t: TFunction,
): CommandChange[] {
  const station = `${config.stationNumber} ${config.stationName}`;
  const shown = (field: (typeof LIMIT_FIELDS)[number], c: PvLimitConfig) =>
    field === 'limit'
      ? withUnit(format.number(c.limit, config.decimalPlaces), config.dimension)
      : String(c[field]);
  return request.newValues.flatMap((next, i) => {
    const prev = request.oldValues[i] ?? next;
    const label = t(`actions.limits.types.${next.pvLimitRef.limitType}`);
    return LIMIT_FIELDS.filter((f) => prev[f] !== next[f] || prev.notSet !== next.notSet).map(
      (f) => ({
        pv: `${label}: ${t(`actions.limits.${f}`)}`,
        station,
        from: prev.notSet ? t('actions.limits.notSet') : shown(f, prev),
        to: shown(f, next),
      }),
    );
  });
}

export function LimitsDialog({ config, onClose, onDone }: PvFormOpenProps) {
  const { t } = useTranslation();
  const text = useRuleText();
  const format = useFormat();
  const sending = usePvFormSend();
  const decimalComma = format.locale !== 'en';
  const confirm = useCommandConfirm();
  const [loaded, setLoaded] = useState<PvLimitConfig[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  /** After a conflict the plant's limits are loaded again as the old values; the typing stays. */
  const keepDraft = useRef(false);
  const [errors, setErrors] = useState<{ field?: string; text: string }[]>([]);

  // NOTE: by type and number: a pushed config is a new object and must not reload (and
  // overwrite what the user typed).
  const { type: pvType, nr: pvNr } = config.pvRef;
  useEffect(() => {
    const controller = new AbortController();
    setLoadError(false);
    loadLimitConfigs([{ type: pvType, nr: pvNr }], controller.signal).then(
      (configs) => {
        // One slot per limit type: a type missing from the answer keeps editing closed (LP5).
        const slots = LIMIT_TYPES.map((type) =>
          configs.find((c) => c.pvLimitRef.limitType === type),
        );
        const present = slots.filter((c): c is PvLimitConfig => c !== undefined);
        setLoaded(canEditLimits(slots) || present.length === 0 ? present : null);
        if (!keepDraft.current) setDraft(draftOf(present, config.decimalPlaces, decimalComma));
        keepDraft.current = false;
      },
      () => {
        if (!controller.signal.aborted) setLoadError(true);
      },
    );
    return () => controller.abort();
  }, [pvType, pvNr, config.decimalPlaces, decimalComma, attempt]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!loaded || !draft) return;
    // SPEC §5 "Forms": required fields must be filled before update; each empty one is marked.
    const missing = loaded
      .filter((c) => !c.notSet)
      .flatMap((c) => {
        const type = c.pvLimitRef.limitType;
        const empty = checkRequiredFields(draft[type], ['limit', 'priority', 'delayTime']);
        return empty ? empty.missing.map((name) => `${type}.${name}`) : [];
      });
    if (missing.length > 0) {
      setErrors([
        { text: text(ruleMessage(FORM_KEYS.requiredFields)) },
        ...missing.map((field) => ({ field, text: t('ui.field.required') })),
      ]);
      return;
    }
    const edited = editedConfigs(loaded, draft, config.decimalPlaces, decimalComma);
    const messages = validateLimitConfigs(edited);
    if (messages.length > 0) {
      setErrors(messages.map((m) => ({ field: m.field, text: text(m) })));
      return;
    }
    setErrors([]);
    const request = buildSetLimitsRequest(loaded, edited);
    if (request.newValues.length === 0) return onDone(t('actions.common.unchanged'));
    const ok = await confirm.ask({
      title: t('safeOps.confirm.limitsTitle', { name: config.name }),
      confirmLabel: t('safeOps.confirm.send'),
      changes: limitChanges(request, config, format, t),
    });
    if (!ok) return;
    const answer = await sending.send(
      'setLimits',
      () => setAnaInLimits(request),
      () => {
        setLoaded(edited);
        onDone(t('actions.limits.done', { name: config.name }));
      },
    );
    // The plant has other limits than we thought: they become the old values of the next
    // save; what the user typed stays.
    if (answer.status === 'Conflict') {
      keepDraft.current = true;
      setAttempt((a) => a + 1);
    }
  };

  const status = loadError ? 'error' : loaded === null && draft === null ? 'loading' : 'ready';
  const fieldError = (type: LimitType, name: string) =>
    errors
      .filter((m) => m.field === `${type}.${name}`)
      .map((m) => m.text)
      .join(' ') || undefined;
  const formErrors = errors.filter((m) => !m.field || !m.field.includes('.'));
  const editable = loaded !== null && loaded.length > 0;

  return (
    <PvFormDialog
      kind="limits"
      config={config}
      size="medium"
      current={
        config.dimension
          ? t('actions.limits.unit', { unit: config.dimension })
          : t('actions.limits.noUnit')
      }
      sending={sending}
      canSubmit={editable}
      onClose={onClose}
    >
      <LoadingState
        status={status}
        onRetry={() => setAttempt((a) => a + 1)}
        label={t('actions.limits.loading')}
      >
        {loaded === null && draft !== null ? (
          <p className="action-note">{t('actions.limits.waiting')}</p>
        ) : !editable ? (
          <EmptyState title={t('actions.limits.noneTitle')} reason={t('actions.limits.none')} />
        ) : (
          <PvForm onSubmit={submit}>
            {formErrors.length > 0 && (
              <ul className="action-errors" role="alert">
                {formErrors.map((m, i) => (
                  <li key={i}>{m.text}</li>
                ))}
              </ul>
            )}
            <table className="table limits-table">
              <TableHead
                columns={[
                  t('actions.limits.type'),
                  t('actions.limits.limit'),
                  t('actions.limits.priority'),
                  t('actions.limits.delayTime'),
                ]}
              />
              <tbody>
                {loaded.map((c) => {
                  const type = c.pvLimitRef.limitType;
                  const label = t(`actions.limits.types.${type}`);
                  if (c.notSet)
                    return (
                      <tr key={type} className="limit-not-set">
                        <th scope="row">{label}</th>
                        <td colSpan={3}>{t('actions.limits.notSet')}</td>
                      </tr>
                    );
                  const input = (
                    name: 'limit' | 'priority' | 'delayTime',
                    mode: 'decimal' | 'numeric',
                  ) => {
                    const error = fieldError(type, name);
                    // An order rule names the limit type; its value field is the one to fix.
                    const invalid =
                      error !== undefined ||
                      (name === 'limit' && errors.some((m) => m.field === type));
                    return (
                      <td>
                        <input
                          name={`${type}.${name}`}
                          aria-label={`${label}: ${t(`actions.limits.${name}`)}`}
                          inputMode={mode}
                          autoComplete="off"
                          value={draft![type][name]}
                          aria-invalid={invalid ? true : undefined}
                          title={error}
                          onChange={(e) =>
                            setDraft((d) => ({
                              ...d!,
                              [type]: { ...d![type], [name]: e.target.value },
                            }))
                          }
                        />
                        {error && <span className="field-error">{error}</span>}
                      </td>
                    );
                  };
                  return (
                    <tr key={type}>
                      <th scope="row">{label}</th>
                      {input('limit', 'decimal')}
                      {input('priority', 'numeric')}
                      {input('delayTime', 'numeric')}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </PvForm>
        )}
      </LoadingState>
      {confirm.element}
    </PvFormDialog>
  );
}
