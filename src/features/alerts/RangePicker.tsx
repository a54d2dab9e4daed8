/** The period of an archive: the presets of SPEC §9 or a custom range (default 7 days). */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { presetRange, type PresetRange } from '../../domain/clock.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { usePlantClock } from '../shared/plantClock.ts';
import { PresetRangeOptions, RangeDateFields } from '../shared/RangeFields.tsx';
import { instantOfWall, wallText } from '../shared/wallTime.ts';

export type RangeChoice =
  { preset: PresetRange } | { preset: 'custom'; start: number; end: number };

const DAY_MS = 86_400_000;

/** The range of a choice; a preset's on the wall clock of `zone`, the plant's. */
export function rangeOf(choice: RangeChoice, now: number, zone: string): TimeRange {
  return choice.preset === 'custom'
    ? { start: choice.start, end: choice.end }
    : presetRange(choice.preset, now, zone);
}

export function RangePicker({
  value,
  onChange,
  defaultDays,
}: {
  value: RangeChoice;
  onChange: (next: RangeChoice) => void;
  defaultDays: number;
}) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(value.preset === 'custom');
  return (
    <div className="range-picker">
      <label>
        <span>{t('alerts.range.label')}</span>
        <select
          value={custom ? 'custom' : value.preset}
          onChange={(e) => {
            if (e.target.value === 'custom') setCustom(true);
            else {
              setCustom(false);
              onChange({ preset: e.target.value as PresetRange });
            }
          }}
        >
          <PresetRangeOptions />
          <option value="custom">{t('alerts.range.custom')}</option>
        </select>
      </label>
      {custom && (
        <CustomRangeFields
          initial={
            value.preset === 'custom'
              ? { start: value.start, end: value.end }
              : { start: Date.now() - defaultDays * DAY_MS, end: Date.now() }
          }
          onApply={(range) => onChange({ preset: 'custom', ...range })}
        />
      )}
    </div>
  );
}

/** From, to and apply of a custom period, typed on the plant's clock. */
export function CustomRangeFields({
  initial,
  onApply,
}: {
  initial: TimeRange;
  onApply: (range: TimeRange) => void;
}) {
  const { zone } = usePlantClock();
  const [from, setFrom] = useState(() => wallText(initial.start, zone));
  const [to, setTo] = useState(() => wallText(initial.end, zone));
  const start = instantOfWall(from, zone).ms;
  const end = instantOfWall(to, zone).ms;
  return (
    <RangeDateFields
      from={from}
      to={to}
      onFromChange={setFrom}
      onToChange={setTo}
      range={start !== undefined && end !== undefined && end > start ? { start, end } : null}
      onApply={onApply}
    />
  );
}
