/**
 * The time range of a chart: its default span, the presets of SPEC §9 or a custom range. An
 * archive chart tells it where its data lies (SPEC §7 first-date, last-date): it names that
 * span beside the custom dates (it describes them) and says when a chosen range holds no data.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { PRESET_RANGES, presetRange, type PresetRange } from '../../domain/clock.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { overlapsData } from './chartRange.ts';
import { PresetRangeOptions, RangeDateFields } from '../shared/RangeFields.tsx';
import { instantOfWall, wallText } from '../shared/wallTime.ts';

export type RangeChoice =
  | { kind: 'default' }
  | { kind: 'preset'; preset: PresetRange }
  | { kind: 'custom' }
  /** Zoomed or panned on the chart. */
  | { kind: 'zoom' };

export interface RangeBarProps {
  view: TimeRange;
  choice: RangeChoice;
  /** The plant's zone: presets are its days, weeks, months and years. */
  zone: string;
  onPreset: (range: TimeRange, preset: PresetRange) => void;
  onCustom: (range: TimeRange) => void;
  /** Where the chart has data, when known (archive charts). */
  dataBounds?: { first: number; last: number } | null;
  /** The sentence naming where data exists (or that there is none); shown under the picker. */
  extentText?: string | null;
}

export function RangeBar({
  view,
  choice,
  zone,
  onPreset,
  onCustom,
  dataBounds,
  extentText,
}: RangeBarProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(choice.kind === 'custom');
  const [from, setFrom] = useState(() => wallText(view.start, zone, 'second'));
  const [to, setTo] = useState(() => wallText(view.end, zone, 'second'));
  useEffect(() => {
    if (editing) return;
    setFrom(wallText(view.start, zone, 'second'));
    setTo(wallText(view.end, zone, 'second'));
  }, [view, editing, zone]);
  const start = instantOfWall(from, zone).ms ?? null;
  const end = instantOfWall(to, zone).ms ?? null;
  const valid = start !== null && end !== null && end > start;
  const outside =
    valid && dataBounds ? !overlapsData({ start, end }, dataBounds.first, dataBounds.last) : false;
  const selected = editing ? 'custom' : choice.kind === 'preset' ? choice.preset : choice.kind;
  return (
    <div className="chart-range" role="group" aria-label={t('charts.range.label')}>
      <label>
        <span>{t('charts.range.label')}</span>
        <select
          name="range"
          value={selected}
          onChange={(e) => {
            const value = e.target.value;
            if (value === 'custom') {
              setEditing(true);
              return;
            }
            setEditing(false);
            if ((PRESET_RANGES as readonly string[]).includes(value)) {
              const preset = value as PresetRange;
              onPreset(presetRange(preset, Date.now(), zone), preset);
            }
          }}
        >
          <option value="default" disabled={choice.kind !== 'default'}>
            {t('charts.range.default')}
          </option>
          <option value="zoom" disabled>
            {t('charts.range.zoom')}
          </option>
          <PresetRangeOptions />
          <option value="custom">{t('charts.range.custom')}</option>
        </select>
      </label>
      {editing && (
        <RangeDateFields
          from={from}
          to={to}
          onFromChange={setFrom}
          onToChange={setTo}
          range={valid ? { start, end } : null}
          onApply={(range) => {
            setEditing(false);
            onCustom(range);
          }}
          describedBy={extentText ? 'chart-extent' : undefined}
        />
      )}
      {extentText && (
        <p id="chart-extent" className="chart-extent">
          {extentText}
        </p>
      )}
      {editing && outside && (
        <p className="chart-extent chart-extent-warning" role="status">
          {t('charts.range.outside')}
        </p>
      )}
    </div>
  );
}
