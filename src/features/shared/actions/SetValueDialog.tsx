/**
 * Set one AnaOut or DigiOut (SPEC §2 "Set process variables", §4, §5 "Value entry"): every
 * rule is checked before anything is sent; a failed save keeps what the user typed.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvConfig, PvValue } from '../../../contract/pv.ts';
import { buildPvSetRequest, DIGITAL_INVERT } from '../../../domain/validation/valueEntry.ts';
import { valueSetAction } from '../../../domain/validation/resultDialogs.ts';
import { formatPvValue, withUnit } from '../../../domain/pvFormat.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { ChoiceGroup, Field } from '../../../ui/index.ts';
import { ActionFormDialog } from './FormDialogActions.tsx';
import { commandWatch, type CommandWatch } from './commandFeedback.ts';
import { PvInfo } from './PvInfo.tsx';
import { useRuleText } from './useRuleText.ts';
import { analogueEntry, analogueTarget, offeredDigitalChoice } from './actionRules.ts';
import { decimalMarkOf } from '../../../domain/validation/valueEntry.ts';
import { usePvValueSend } from './usePvValueSend.ts';
import { ReadOnlyNote, useWriteAccess } from '../ReadOnlyNote.tsx';

type DigitalChoice = 'on' | 'off' | 'invert';

export interface SetValueDialogProps {
  config: PvConfig;
  value: PvValue | undefined;
  onClose: () => void;
  /** Called after the plant accepted the value. */
  /** Sent: the notice, and the output's report that must follow (null: none to follow). */
  onDone: (message: string, watch?: CommandWatch | null) => void;
}

export function SetValueDialog({ config, value, onClose, onDone }: SetValueDialogProps) {
  const { t } = useTranslation();
  const text = useRuleText();
  const format = useFormat();
  const ref = config.pvRef;
  const digital = ref.type === 'DigiOut';
  const { ready, isTime } = analogueEntry(value);
  const [entry, setEntry] = useState('');
  const offered = offeredDigitalChoice(value);
  const [choice, setChoice] = useState<DigitalChoice | null>(offered);
  // Opened before the output's first state came in, the dialog offers the opposite of that
  // state once it is in (adjusted in this render, not in an effect and a second commit); a
  // choice the operator made stays.
  if (choice === null && offered !== null) setChoice(offered);
  const [errors, setErrors] = useState<string[]>([]);
  const shown = value ? formatPvValue(value, config, format.locale) : null;
  const active = config.digiDisplayConfig?.stateActiveText || t('actions.setValue.on');
  const inactive = config.digiDisplayConfig?.stateInactiveText || t('actions.setValue.off');
  const sending = usePvValueSend(config);
  const access = useWriteAccess('writePvs', config.stationNumber);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let target: unknown;
    if (digital) {
      if (choice === null) return setErrors([t('actions.setValue.chooseState')]);
      target = choice === 'invert' ? DIGITAL_INVERT : choice === 'on';
    } else {
      if (!ready) return;
      const read = analogueTarget(entry, isTime, decimalMarkOf(format.locale));
      if (!read.ok) return setErrors([text(read.message)]);
      target = read.target;
    }
    const build = buildPvSetRequest([
      { pvRef: ref, target, domain: config.domainConfig, current: value?.boolValue ?? null },
    ]);
    if (!build.ok) {
      return setErrors([
        text(build.message),
        ...build.violations.flatMap((v) => [text(v.message), ...(v.range ? [text(v.range)] : [])]),
      ]);
    }
    setErrors([]);
    const to = digital
      ? choice === 'on'
        ? active
        : choice === 'off'
          ? inactive
          : `${t('actions.setValue.invert')} (${value?.boolValue ? inactive : active})`
      : withUnit(
          isTime
            ? entry.trim()
            : new Intl.NumberFormat(format.locale, { maximumFractionDigits: 10 }).format(
                target as number,
              ),
          isTime ? '' : config.dimension,
        );
    const from = shown ? withUnit(shown.text, shown.unit) : '—';
    await sending.send(valueSetAction(build.items), build.items, { from, to }, () => {
      // What the output must report now: the value sent (an inversion resolved), shown as
      // the state's text or as entered.
      const item = build.items[0]!;
      const expectedText =
        item.typeOfValue === 'BoolValue' ? (item.boolValue ? active : inactive) : to;
      onDone(
        t('actions.setValue.done', { name: config.name }),
        commandWatch(config, item, expectedText, Date.now()),
      );
    });
  };

  const formId = `set-value-${ref.type}-${ref.nr}`;
  return (
    <ActionFormDialog
      title={t('actions.setValue.title', { name: config.name })}
      size="small"
      formId={formId}
      busy={sending.busy}
      submitLabel={t('actions.setValue.submit')}
      canSubmit={access.may && (digital || ready)}
      onClose={onClose}
      result={sending.result}
      onResultClose={sending.clearResult}
      pvName={config.name}
      head={
        <>
          <ReadOnlyNote access={access} />
          <div className="action-current">
            <span>{t('actions.common.current')}</span>
            <strong className="value">
              {shown ? shown.text : '—'}
              {shown?.unit ? ` ${shown.unit}` : ''}
            </strong>
            <PvInfo config={config} />
          </div>
        </>
      }
    >
      <form id={formId} className="action-form" onSubmit={submit} noValidate>
        <fieldset className="action-fieldset" disabled={!access.may}>
          {digital ? (
            <ChoiceGroup
              legend={t('actions.setValue.state')}
              value={choice}
              onChange={setChoice}
              choices={[
                { value: 'on', label: active },
                { value: 'off', label: inactive },
                { value: 'invert', label: t('actions.setValue.invert') },
              ]}
            />
          ) : (
            <Field
              label={isTime ? t('actions.setValue.time') : t('actions.setValue.value')}
              help={
                !ready
                  ? t('actions.setValue.waiting')
                  : config.domainConfig
                    ? t('actions.info.domainValue', {
                        min: config.domainConfig.min,
                        max: config.domainConfig.max,
                      }) + (config.dimension ? ` ${config.dimension}` : '')
                    : undefined
              }
              error={
                errors.length > 0
                  ? errors.map((line, i) => (
                      <span key={i} className="action-error-line">
                        {line}
                      </span>
                    ))
                  : undefined
              }
            >
              {(p) => (
                <input
                  {...p}
                  name="value"
                  // A time of day takes the browser's localized time picker (24 h in de, cs, ru).
                  type={isTime ? 'time' : 'text'}
                  inputMode={isTime ? undefined : 'decimal'}
                  autoComplete="off"
                  disabled={!ready}
                  value={entry}
                  data-autofocus
                  onChange={(e) => setEntry(e.target.value)}
                />
              )}
            </Field>
          )}
          {digital && errors.length > 0 && (
            <p className="field-error" role="alert">
              {errors.join(' ')}
            </p>
          )}
        </fieldset>
      </form>
      {sending.confirmElement}
    </ActionFormDialog>
  );
}
