/**
 * Create or edit an annotation (SPEC §3 "Annotation", §4): text, time, PV, visible and the
 * four report flags. A failed save keeps the dialog open with what was typed.
 */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  ANNOTATION_DEFAULTS,
  CHART_DATA_LIMITS,
  type Annotation,
  type DataSourceType,
} from '../../contract/charts.ts';
import { parsePvUrlId, pvUrlId } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import { Button, Dialog, Field } from '../../ui/index.ts';
import { PlantDateField } from '../shared/PlantDateFieldLazy.tsx';
import { usePlantClock } from '../shared/plantClock.ts';
import { instantOfWall, wallText } from '../shared/wallTime.ts';
import {
  checkDateBounds,
  dateBoundsAround,
  requireDate,
  requireText,
} from '../../domain/validation/forms.ts';
import { useRuleText } from '../shared/actions/useRuleText.ts';

export type AnnotationFields = Omit<Annotation, 'id'>;

export interface AnnotationDialogProps {
  open: boolean;
  /** The annotation edited, or the defaults of a new one. */
  initial: AnnotationFields;
  isNew: boolean;
  /** PVs to choose from, with their display names. */
  pvChoices: readonly { pv: PvRef; label: string }[];
  onSave: (fields: AnnotationFields) => Promise<string | null>;
  onClose: () => void;
}

/** The report flags, in the order the dialog and the overview show them. */
export const ANNOTATION_FLAGS = [
  'showInDayReport',
  'showInWeekReport',
  'showInMonthReport',
  'showInYearReport',
] as const;

export function newAnnotationFields(
  pv: PvRef,
  timestamp: number,
  dataSource: DataSourceType,
): AnnotationFields {
  return { ...ANNOTATION_DEFAULTS, pv, timestamp, dataSource, text: '' };
}

export function AnnotationDialog(props: AnnotationDialogProps) {
  // A fresh form per opening: the key resets the typed state.
  return props.open ? <AnnotationForm {...props} /> : null;
}

function AnnotationForm({ initial, isNew, pvChoices, onSave, onClose }: AnnotationDialogProps) {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const [fields, setFields] = useState<AnnotationFields>(initial);
  const { zone } = usePlantClock();
  const [time, setTime] = useState(() => wallText(initial.timestamp, zone, 'second'));
  const [timeError, setTimeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<AnnotationFields>) => setFields((f) => ({ ...f, ...patch }));
  const choices = pvChoices.some((c) => pvUrlId(c.pv) === pvUrlId(fields.pv))
    ? pvChoices
    : [{ pv: fields.pv, label: pvUrlId(fields.pv) }, ...pvChoices];

  const submit = async () => {
    const text = fields.text.trim();
    const empty = requireText(text, 'text');
    if (empty) {
      setTextError(ruleText(empty));
      return;
    }
    // SPEC §5 "Forms": a date, and not too far in the past or the future.
    // A time the plant's clock skips is named by the field itself.
    const typed = instantOfWall(time, zone);
    if (typed.problem === 'gap') return;
    const timestamp = typed.ms ?? null;
    const badDate =
      timestamp === null
        ? requireDate(timestamp)
        : checkDateBounds(timestamp, dateBoundsAround(Date.now(), 100, 1));
    if (badDate || timestamp === null) {
      if (badDate) setTimeError(ruleText(badDate));
      return;
    }
    setTimeError(null);
    setSaving(true);
    setError(null);
    const failure = await onSave({ ...fields, text, timestamp });
    setSaving(false);
    if (failure) setError(failure);
    else onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={isNew ? t('charts.annotations.create') : t('charts.annotations.edit')}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" disabled={saving} onClick={() => void submit()}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form
        className="annotation-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('charts.annotations.text')} required error={textError}>
          {(p) => (
            <textarea
              {...p}
              name="text"
              data-autofocus
              rows={3}
              maxLength={CHART_DATA_LIMITS.annotationTextMaxLength}
              value={fields.text}
              onChange={(e) => {
                set({ text: e.target.value });
                setTextError(null);
              }}
            />
          )}
        </Field>
        <PlantDateField
          label={t('charts.annotations.time')}
          name="time"
          granularity="second"
          required
          value={time}
          onChange={(next) => {
            setTime(next);
            setTimeError(null);
          }}
          error={timeError}
        />
        <Field label={t('charts.annotations.pv')} required>
          {(p) => (
            <select
              {...p}
              name="pv"
              value={pvUrlId(fields.pv)}
              onChange={(e) => {
                const pv = parsePvUrlId(e.target.value);
                if (pv) set({ pv });
              }}
            >
              {choices.map((c) => (
                <option key={pvUrlId(c.pv)} value={pvUrlId(c.pv)}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="annotation-flags">
          <legend>{t('charts.annotations.display')}</legend>
          <label>
            <input
              type="checkbox"
              name="visible"
              checked={fields.visible}
              onChange={(e) => set({ visible: e.target.checked })}
            />
            {t('charts.annotations.visible')}
          </label>
          {ANNOTATION_FLAGS.map((flag) => (
            <label key={flag}>
              <input
                type="checkbox"
                name={flag}
                checked={fields[flag]}
                onChange={(e) => set({ [flag]: e.target.checked })}
              />
              {t(`charts.annotations.flags.${flag}`)}
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="chart-form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
