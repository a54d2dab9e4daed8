/** What the range pickers of archives and charts show alike: presets and a custom period. */
import { useTranslation } from '../../app/useTranslation.ts';
import { PRESET_RANGES } from '../../domain/clock.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { Button } from '../../ui/index.ts';
import { PlantDateField } from './PlantDateFieldLazy.tsx';
import { useRangeOrderError } from './plantClock.ts';

/** The options of the preset ranges (SPEC §9), for a range picker's select. */
export function PresetRangeOptions() {
  const { t } = useTranslation();
  return PRESET_RANGES.map((p) => (
    <option key={p} value={p}>
      {t(`charts.presets.${p}`)}
    </option>
  ));
}

export interface RangeDateFieldsProps {
  /** Wall texts of both ends (`2026-03-29T08:00`). */
  from: string;
  to: string;
  onFromChange: (text: string) => void;
  onToChange: (text: string) => void;
  /** The period typed, once both ends are instants in order; null until then. */
  range: TimeRange | null;
  onApply: (range: TimeRange) => void;
  /** The id of a text describing both fields (where data lies). */
  describedBy?: string;
}

/**
 * The from and to fields of a custom period, typed on the plant's clock and set inline in a
 * toolbar, and the button that applies it. The to field says when it is not after the from
 * field (useRangeOrderError); the button waits for a whole period in order. Its texts are
 * the chart range's (pages with a range picker load the charts texts for the presets).
 */
export function RangeDateFields({
  from,
  to,
  onFromChange,
  onToChange,
  range,
  onApply,
  describedBy,
}: RangeDateFieldsProps) {
  const { t } = useTranslation();
  const orderError = useRangeOrderError(from, to);
  const ends = [
    {
      name: 'from',
      label: t('charts.range.from'),
      value: from,
      onChange: onFromChange,
      error: null,
    },
    { name: 'to', label: t('charts.range.to'), value: to, onChange: onToChange, error: orderError },
  ];
  return (
    <>
      {ends.map((end) => (
        <PlantDateField
          key={end.name}
          className="date-field-inline"
          label={end.label}
          name={end.name}
          aria-describedby={describedBy}
          value={end.value}
          onChange={end.onChange}
          error={end.error}
        />
      ))}
      <Button size="small" disabled={!range} onClick={() => range && onApply(range)}>
        {t('charts.range.apply')}
      </Button>
    </>
  );
}
