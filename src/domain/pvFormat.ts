/**
 * How a PV value reads on screen (SPEC §3 "PV value", "PV config"): every value kind with
 * its decimal places, dimension, digital state texts, counter flags, runtime type and time
 * of day. Pure: the locale and the config come in, plain parts go out, the view renders them.
 */
import type { Quality } from '../contract/enums.ts';
import type { PvConfig, PvValue, RuntimeValue } from '../contract/pv.ts';
import { formatNumber, NO_VALUE, type FormatLocale } from './format.ts';

export type QualityClass = 'qualitygood' | 'qualitybad' | 'qualityuncertain' | null;

/** SPEC §3: quality maps to display classes; Unspecified gives none. */
export function qualityClass(quality: Quality): QualityClass {
  switch (quality) {
    case 'Good':
      return 'qualitygood';
    case 'Bad':
      return 'qualitybad';
    case 'Uncertain':
      return 'qualityuncertain';
    case 'Unspecified':
      return null;
  }
}

export interface FormattedPv {
  /** The value as text, without the unit. */
  text: string;
  /** The unit to show after the value ('' when none). */
  unit: string;
  /** For digital values: whether the active state is shown (drives state colour). */
  active?: boolean;
  /** For failure inputs: a failure is pending. */
  failure?: boolean;
  /** Extra facts shown on demand (counter periods, runtime type …). */
  detail?: string;
}

/** Formats a number with fixed decimals in the locale (the shared, cached formatter). */
export function formatFixed(value: number, decimals: number, locale: FormatLocale): string {
  return formatNumber(value, decimals, locale);
}

export function formatTimeOfDay(hour: number, minutes: number): string {
  return `${String(hour).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Runtime in hours reads as hours and minutes; cycles as a count. */
export function formatRuntime(r: RuntimeValue, locale: FormatLocale): string {
  if (r.runtimeType === 'Schaltzyklen') return formatFixed(r.value, 0, locale);
  if (r.runtimeType === 'LetzteAktivZeit' || r.runtimeType === 'LetzteInaktivZeit') {
    return new Date(r.value).toLocaleString(locale);
  }
  const hours = Math.floor(r.value);
  const minutes = Math.round((r.value - hours) * 60);
  return `${formatFixed(hours, 0, locale)} h ${String(minutes).padStart(2, '0')} min`;
}

/** A digital state as the PV's state texts name it, or 1 and 0 without them. */
function stateText(active: boolean, config: PvConfig | undefined): string {
  const texts = config?.digiDisplayConfig;
  if (!texts) return active ? '1' : '0';
  return active ? texts.stateActiveText : texts.stateInactiveText;
}

/** The unit `formatPvValue` shows after a value: the dimension of a number or a counter. */
export function pvUnit(value: Pick<PvValue, 'typeOfValue'>, config: PvConfig | undefined): string {
  return value.typeOfValue === 'DoubleValue' || value.typeOfValue === 'CounterValue'
    ? (config?.dimension ?? '')
    : '';
}

export function formatPvValue(
  value: PvValue,
  config: PvConfig | undefined,
  locale: FormatLocale,
): FormattedPv {
  const decimals = config?.decimalPlaces ?? 2;
  const unit = config?.dimension ?? '';
  switch (value.typeOfValue) {
    case 'DoubleValue':
      return { text: formatFixed(value.doubleValue ?? Number.NaN, decimals, locale), unit };
    case 'BoolValue': {
      const active = value.boolValue === true;
      return { text: stateText(active, config), unit: '', active };
    }
    case 'FailureStateValue': {
      const failure = value.failureStateValue === true;
      return { text: stateText(failure, config), unit: '', active: failure, failure };
    }
    case 'CounterValue': {
      const c = value.counterValue;
      if (!c) return { text: NO_VALUE, unit };
      return {
        text: formatFixed(c.value, decimals, locale),
        unit,
        detail: [c.day, c.month, c.year].map((v) => formatFixed(v, decimals, locale)).join(' / '),
      };
    }
    case 'RuntimeValue': {
      const r = value.runtimeValue;
      if (!r) return { text: NO_VALUE, unit: '' };
      return { text: formatRuntime(r, locale), unit: '', detail: r.runtimeType };
    }
    case 'TimeOfDayValue': {
      const t = value.timeOfDayValue;
      if (!t) return { text: NO_VALUE, unit: '' };
      return { text: formatTimeOfDay(t.hour, t.minutes), unit: '' };
    }
  }
}

/**
 * The state text of a digital PV's number (issue 41 item 3): charts, the archive and reports
 * carry a digital state as 0/1, and show it as the PV's state texts, the same words the
 * station page shows (OK/Störung, Ein/Aus). A mean over a period lies between: it reads as
 * the share of time in the active state ('25 % Störung'). Null for a PV without state texts
 * (an analog PV keeps its number and unit) or a number that is no state.
 */
export function digitalStateText(
  value: number | null | undefined,
  config: Pick<PvConfig, 'digiDisplayConfig'> | null | undefined,
  locale: FormatLocale = 'de',
): string | null {
  const texts = config?.digiDisplayConfig;
  if (!texts || typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value <= 0) return texts.stateInactiveText;
  if (value >= 1) return texts.stateActiveText;
  return `${formatNumber(value * 100, 0, locale)} % ${texts.stateActiveText}`;
}

/** Whether a PV shows state texts rather than a number with a unit. */
export function hasStateTexts(config: PvConfig | undefined): boolean {
  return !!config?.digiDisplayConfig;
}

/** A value with its unit ("—" without a value), as the confirm step and the notices show it. */
export function withUnit(text: string | null | undefined, unit: string | null | undefined) {
  if (text === null || text === undefined || text === '') return '—';
  return unit ? `${text} ${unit}` : text;
}
