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
const nowWords = new Map<string, string>();

/** The language's word for an age of zero: 'jetzt', 'now', 'nyní', 'сейчас'. */
function nowWord(locale: FormatLocale): string {
  let word = nowWords.get(locale);
  if (word === undefined) {
    word = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
    nowWords.set(locale, word);
  }
  return word;
}

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

/**
 * What a locale's plain decimal numbers are made of, read once from Intl itself, so the fast
 * path of formatNumber writes what Intl would. Null when the locale's numbers are not ASCII
 * digits with one group and one decimal separator: Intl then formats every value.
 */
interface NumberSymbols {
  group: string;
  decimal: string;
  minus: string;
  /** Digits the integer part needs beyond three before it is grouped (CLDR minimumGroupingDigits). */
  minGrouping: number;
}

const numberSymbols = new Map<FormatLocale, NumberSymbols | null>();

function symbolsOf(locale: FormatLocale): NumberSymbols | null {
  let symbols = numberSymbols.get(locale);
  if (symbols !== undefined) return symbols;
  symbols = null;
  const parts = numberFormat(locale, 1).formatToParts(-1234567.5);
  const of = (type: string) => parts.filter((p) => p.type === type).map((p) => p.value);
  const known = new Set(['minusSign', 'integer', 'group', 'decimal', 'fraction']);
  const groups = new Set(of('group'));
  const [minus] = of('minusSign');
  const [decimal] = of('decimal');
  if (
    minus &&
    decimal &&
    groups.size === 1 &&
    parts.every((p) => known.has(p.type)) &&
    of('integer').join('') === '1234567' &&
    of('fraction').join('') === '5'
  ) {
    const [group] = [...groups] as [string];
    const grouped = (n: number) => numberFormat(locale, 0).format(n).includes(group);
    const minGrouping = grouped(1234) ? 1 : grouped(12345) ? 2 : 0;
    if (minGrouping > 0) symbols = { group, decimal, minus, minGrouping };
  }
  numberSymbols.set(locale, symbols);
  return symbols;
}

const POWERS = Array.from({ length: 21 }, (_, d) => 10 ** d);
/** Scaled values up to here are whole numbers with room to spare in a double. */
const FAST_LIMIT = 2 ** 31;
/** Closer than this to a half, the scaled value may round the other way than Intl: Intl formats. */
const HALF_MARGIN = 1e-6;

/**
 * A number with exactly `decimals` fraction digits in the locale's notation (1.234,5 in de).
 * Live views format thousands of values a second (a dense process image: 20,000), and
 * Intl.NumberFormat#format is the larger part of a value's cost there: a value is scaled to a
 * whole number and written with the locale's separators, and Intl formats only what that
 * cannot do exactly (large values, values next to a rounding half: Intl rounds the shortest
 * decimal that reads back as the number, 1.005 → 1.01). FMT1b checks it against Intl.
 */
export function formatNumber(value: number, decimals: number, locale: FormatLocale): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const d = Math.min(Math.max(Math.trunc(decimals), 0), 20);
  const symbols = symbolsOf(locale);
  const negative = value < 0 || Object.is(value, -0);
  const scaled = (negative ? -value : value) * POWERS[d]!;
  const whole = Math.round(scaled);
  if (
    !symbols ||
    !(scaled < FAST_LIMIT) ||
    Math.abs(scaled - Math.floor(scaled) - 0.5) < HALF_MARGIN
  )
    return numberFormat(locale, d).format(value);
  let digits = String(whole);
  if (digits.length <= d) digits = '0'.repeat(d + 1 - digits.length) + digits;
  let integer = d > 0 ? digits.slice(0, digits.length - d) : digits;
  if (integer.length >= 3 + symbols.minGrouping) {
    let grouped = integer.slice(0, ((integer.length - 1) % 3) + 1);
    for (let i = grouped.length; i < integer.length; i += 3)
      grouped += symbols.group + integer.slice(i, i + 3);
    integer = grouped;
  }
  const text = d > 0 ? integer + symbols.decimal + digits.slice(digits.length - d) : integer;
  return negative ? symbols.minus + text : text;
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
 * The age at which formatAge's text of `ageMs` next changes: the next whole second under a
 * minute, then the next whole minute, hour or day. A clock that shows ages wakes then, not
 * every second (issue 44: an age in minutes changes once a minute).
 */
export function nextAgeStepMs(ageMs: number): number {
  const age = Number.isFinite(ageMs) ? Math.max(0, ageMs) : 0;
  const unit =
    age < MINUTE_MS ? SECOND_MS : age < HOUR_MS ? MINUTE_MS : age < DAY_MS ? HOUR_MS : DAY_MS;
  return (Math.floor(age / unit) + 1) * unit;
}

/**
 * How old data is, in words and with the language's plural rules: 'vor 3 Minuten',
 * '3 минуты назад'; under a second the language's word for now ('jetzt', 'сейчас') rather
 * than 'vor 0 Sekunden'. Takes the age in ms (now minus the data's time stamp); a negative
 * age (clock skew) counts as zero.
 */
export function formatAge(ageMs: number, locale: FormatLocale): string {
  if (!Number.isFinite(ageMs)) return NO_VALUE;
  const age = Math.max(0, ageMs);
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'long' });
    relativeFormats.set(locale, f);
  }
  if (age < SECOND_MS) return nowWord(locale);
  if (age < MINUTE_MS) return f.format(-Math.floor(age / SECOND_MS), 'second');
  if (age < HOUR_MS) return f.format(-Math.floor(age / MINUTE_MS), 'minute');
  if (age < DAY_MS) return f.format(-Math.floor(age / HOUR_MS), 'hour');
  return f.format(-Math.floor(age / DAY_MS), 'day');
}
