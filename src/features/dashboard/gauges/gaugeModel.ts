/**
 * What every value display style draws (SPEC §2 "Value display styles"): the value as text
 * with unit, its place within the domain, the limits of the PV, the quality, and whether the
 * value is beyond a limit (ISA-101: colour only for the abnormal).
 */
import type { PvConfig, PvValue } from '../../../contract/pv.ts';
import type { FormatLocale } from '../../../domain/format.ts';
import {
  formatPvValue,
  pvUnit,
  qualityClass,
  type QualityClass,
} from '../../../domain/pvFormat.ts';
import { fillFraction, stateOf, type PvState } from '../../shared/pvBindings.ts';
import type { PvAlarmState } from '../../../domain/pvAlarm.ts';
import {
  valueStanding,
  type StationConnection,
  type ValueStanding,
} from '../../../domain/valueStanding.ts';

export type LimitState = 'normal' | 'warning' | 'alarm';

export interface GaugeModel {
  text: string;
  unit: string;
  /** Place of the value in [min, max]; null without value or domain. */
  fraction: number | null;
  min: number | null;
  max: number | null;
  /** Limits as fractions of the domain (null when not set). */
  limits: {
    lower: number | null;
    lowerMid: number | null;
    upperMid: number | null;
    upper: number | null;
  };
  /** Where the value sits against the limits: context for the scale only. */
  limitState: LimitState;
  /**
   * The PV's alarm (DESIGN.md "Alarm states"): the only thing that colours the value. A value
   * beyond a limit without an alarm (a stale value of a station offline, a limit inside its
   * delay time) stays grey.
   */
  alarm: PvAlarmState | null;
  quality: QualityClass;
  /** Whether the value is stale (domain/valueStanding.ts): drawn de-emphasised with its mark. */
  standing: ValueStanding;
  state: PvState;
  /** The state's text for digital values (the config's active/inactive text). */
  stateText: string;
  name: string;
}

export function limitStateOf(value: number | undefined, config: PvConfig | undefined): LimitState {
  const l = config?.anaLimitConfig;
  if (value === undefined || !l) return 'normal';
  if ((l.upper !== null && value >= l.upper) || (l.lower !== null && value <= l.lower))
    return 'alarm';
  if ((l.upperMid !== null && value >= l.upperMid) || (l.lowerMid !== null && value <= l.lowerMid))
    return 'warning';
  return 'normal';
}

export function gaugeModel(
  value: PvValue | undefined,
  config: PvConfig | undefined,
  locale: FormatLocale,
  alarm: PvAlarmState | null = null,
  connection: StationConnection = 'unknown',
): GaugeModel {
  const f = value ? formatPvValue(value, config, locale) : null;
  const d = config?.domainConfig ?? null;
  const at = (limit: number | null | undefined) =>
    limit === null || limit === undefined || !d || !(d.max > d.min)
      ? null
      : Math.min(1, Math.max(0, (limit - d.min) / (d.max - d.min)));
  const l = config?.anaLimitConfig;
  const state = stateOf(value);
  return {
    text: f?.text ?? '—',
    unit: f?.unit ?? config?.dimension ?? '',
    fraction: fillFraction(value, config),
    min: d?.min ?? null,
    max: d?.max ?? null,
    limits: {
      lower: at(l?.lower),
      lowerMid: at(l?.lowerMid),
      upperMid: at(l?.upperMid),
      upper: at(l?.upper),
    },
    limitState:
      value?.typeOfValue === 'DoubleValue' ? limitStateOf(value.doubleValue, config) : 'normal',
    alarm,
    quality: value ? qualityClass(value.quality) : null,
    standing: valueStanding(value, connection),
    state,
    stateText: f?.text ?? '—',
    name: config?.name ?? '',
  };
}

/**
 * What of a value a single-value tile renders (everything else `writeGauge` writes in place):
 * a stale value itself (its note and mark), else its state, side of the limits, unit, quality
 * and whether the gauge has a bar and a meter, as `gaugeModel` has them, read without
 * formatting the value (a tile checks each new value, issue 58). A string, so that the same
 * standing compares equal (Object.is).
 */
export function gaugeStanding(
  value: PvValue | undefined,
  { config: entry, connection }: { config: { config?: PvConfig }; connection: StationConnection },
): unknown {
  if (valueStanding(value, connection).stale) return value;
  const config = entry.config;
  const unit = value ? pvUnit(value, config) : (config?.dimension ?? '');
  const limitState =
    value?.typeOfValue === 'DoubleValue' ? limitStateOf(value.doubleValue, config) : 'normal';
  const quality = value ? (qualityClass(value.quality) ?? '') : '';
  const bar = fillFraction(value, config) === null ? 'none' : 'bar';
  return `${stateOf(value)}|${limitState}|${unit}|${quality}|${bar}`;
}

/**
 * The track as assistive technology sees it: a meter with a name and a value inside its own
 * range while the PV has one; before its value (or its domain) arrives a meter would lack the
 * value it requires, so the track is an image named with what the text shows (GA-A1).
 */
export function trackAria(model: GaugeModel): Record<string, string | number> {
  const name = model.name || model.unit || model.text;
  const text = `${model.text} ${model.unit}`.trim();
  if (model.fraction === null) return { role: 'img', 'aria-label': `${name}: ${text}` };
  const min = model.min ?? 0;
  const max = model.max ?? 1;
  return {
    role: 'meter',
    'aria-label': name,
    'aria-valuemin': min,
    'aria-valuemax': max,
    'aria-valuenow': min + model.fraction * (max - min),
    'aria-valuetext': text,
  };
}
