/**
 * Locale-aware formatting of numbers, dates and data ages (DESIGN.md "Languages": dates and
 * numbers follow the chosen language). Pure functions of their arguments; Intl formatters
 * are cached per locale and options because live views format thousands of values.
 * Fixed patterns with date-fns locales are in formatPattern.ts (kept apart: the four date-fns
 * locales weigh 20 kB and are not needed on the first screen).
 */
/** The product's languages (the same list as the UI's). */
export type FormatLocale = 'de' | 'en' | 'cs' | 'ru';

/** Shown for a value that is not a finite number. */
export const NO_VALUE = '–';

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, f);
  }
  return f;
}

/** A number with exactly `decimals` fraction digits in the locale's notation (1.234,5 in de). */
export function formatNumber(value: number, decimals: number, locale: FormatLocale): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const d = Math.min(Math.max(Math.trunc(decimals), 0), 20);
  return numberFormat(locale, d).format(value);
}

export interface DateTimeOptions {
  /** 'date' for the day only, 'time' for the time only; both by default. */
  part?: 'dateTime' | 'date' | 'time';
  /** Include seconds (process values); default true. */
  seconds?: boolean;
  /** An IANA time zone (the plant's); the browser's zone by default. */
  timeZone?: string;
}

/** An instant (epoch ms or Date) as the locale writes it, e.g. 22.11.2026, 14:05:09 in de. */
export function formatDateTime(
  at: number | Date,
  locale: FormatLocale,
  options: DateTimeOptions = {},
): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) return NO_VALUE;
  const { part = 'dateTime', seconds = true, timeZone } = options;
  const key = `${locale}|${part}|${seconds}|${timeZone ?? ''}`;
  let f = dateFormats.get(key);
  if (!f) {
    const date: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    const time: Intl.DateTimeFormatOptions = {
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
    };
    f = new Intl.DateTimeFormat(locale, {
      ...(part !== 'time' ? date : {}),
      ...(part !== 'date' ? { ...time, ...hourCycleOf(locale) } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, f);
  }
  return f.format(ms);
}

/**
 * 24-hour time in de, cs and ru; en keeps its own convention (issue 12). Spread into every
 * Intl.DateTimeFormat that shows hours.
 */
export function hourCycleOf(locale: string): Intl.DateTimeFormatOptions {
  return locale === 'en' ? {} : { hourCycle: 'h23' };
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How old data is, in words and with the language's plural rules: 'vor 3 Minuten',
 * '3 минуты назад'. Takes the age in ms (now minus the data's time stamp); a negative age
 * (clock skew) counts as zero.
 */
export function formatAge(ageMs: number, locale: FormatLocale): string {
  if (!Number.isFinite(ageMs)) return NO_VALUE;
  const age = Math.max(0, ageMs);
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' });
    relativeFormats.set(locale, f);
  }
  if (age < MINUTE_MS) return f.format(-Math.floor(age / SECOND_MS), 'second');
  if (age < HOUR_MS) return f.format(-Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return f.format(-Math.floor(age / HOUR_MS), 'hour');
  return f.format(-Math.floor(age / DAY_MS), 'day');
}
