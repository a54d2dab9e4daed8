/** The period of an archive: the presets of SPEC §9 or a custom range (default 7 days). */
import { useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { PRESET_RANGES, presetRange, type PresetRange } from '../../domain/clock.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { Button } from '../../ui/index.ts';

export type RangeChoice =
  { preset: PresetRange } | { preset: 'custom'; start: number; end: number };

const DAY_MS = 86_400_000;

/** The range of a choice; a preset's on the wall clock of `zone`, the plant's. */
export function rangeOf(choice: RangeChoice, now: number, zone: string): TimeRange {
  return choice.preset === 'custom'
    ? { start: choice.start, end: choice.end }
    : presetRange(choice.preset, now, zone);
}

/** `datetime-local` value in the browser's zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
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
          {PRESET_RANGES.map((p) => (
            <option key={p} value={p}>
              {t(`charts.presets.${p}`)}
            </option>
          ))}
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

/** From, to and apply of a custom period (the browser's zone, as `datetime-local` is). */
export function CustomRangeFields({
  initial,
  onApply,
}: {
  initial: TimeRange;
  onApply: (range: TimeRange) => void;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(() => localInput(initial.start));
  const [to, setTo] = useState(() => localInput(initial.end));
  const valid = from !== '' && to !== '' && Date.parse(from) <= Date.parse(to);
  return (
    <>
      <label>
        <span>{t('alerts.range.from')}</span>
        <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>
      <label>
        <span>{t('alerts.range.to')}</span>
        <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <Button
        size="small"
        disabled={!valid}
        onClick={() => onApply({ start: Date.parse(from), end: Date.parse(to) })}
      >
        {t('alerts.range.apply')}
      </Button>
    </>
  );
}
