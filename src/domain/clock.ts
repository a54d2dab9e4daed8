/**
 * The plant's clock, the same in client, engine and server: start of a unit, adding units
 * across a change of summer time, preset ranges (SPEC §9), wall times of a zone and cached
 * formatters. Calendar work is date-fns with @date-fns/tz's `tz(zone)` as its `in` option; no
 * caller does zone arithmetic of its own, and no zone is assumed: the zone is the plant's
 * (`PEGEL_PLANT_TIME_ZONE`, which the client reads from the server's settings).
 *
 * Fast path: @date-fns/tz reads offsets from an Intl.DateTimeFormat per zone, and the first
 * one of a page costs 12-60 ms in Chromium (ICU builds its date patterns), Temporal's first
 * offset under 1 ms. A tab opened on the alert archive computes its default range at boot,
 * where that formatter was a third of the main task; so where the platform has Temporal
 * (Chromium 144+), calendar steps, unit starts and offsets come from Temporal, and date-fns
 * elsewhere (Node 20, older browsers). Both resolve a wall time the same way: one in the
 * spring gap moves forward by the gap (02:30 → 03:30), an ambiguous one in autumn (02:30
 * twice) is the later instant.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns';
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import {
  platformTemporal,
  temporalCalendarStep,
  zonedOf,
  type CalendarUnit,
  type TemporalClock,
} from './clockTemporal.ts';

export { platformTemporal, type TemporalClock };
import {
  HOUR_MS,
  MINUTE_MS,
  UnsupportedTimeUnitError,
  type Duration,
  type TimeRange,
  type TimeUnit,
} from './timeUnits.ts';

/** Wall-clock fields; month is 1-12. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

/** Throws RangeError for a zone the platform does not know, as Intl and Temporal do. */
function checkedZone(zone: string): string {
  if (Number.isNaN(tzOffset(zone, new Date(0)))) throw new RangeError(`Invalid time zone: ${zone}`);
  return zone;
}

const contexts = new Map<string, ReturnType<typeof tz>>();

/** The date-fns `in` option for a zone (one per zone). */
export function inZone(zone: string): ReturnType<typeof tz> {
  let context = contexts.get(zone);
  if (!context) {
    context = tz(checkedZone(zone));
    contexts.set(zone, context);
  }
  return context;
}

/** The zone's offset from UTC at `epochMs`, in ms (Berlin: +3600000 in winter). */
export function zoneOffsetMs(
  epochMs: number,
  zone: string,
  temporal: TemporalClock | null = platformTemporal,
): number {
  if (temporal) return zonedOf(temporal, epochMs, zone).offsetNanoseconds / 1e6;
  if (!Number.isFinite(epochMs)) throw new RangeError('Invalid time value');
  return tzOffset(checkedZone(zone), new Date(Math.floor(epochMs))) * MINUTE_MS;
}

/** The wall-clock time at `epochMs` in `zone`. */
export function toWallTime(epochMs: number, zone: string): WallTime {
  const wall = new Date(epochMs + zoneOffsetMs(epochMs, zone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: ((epochMs % 1000) + 1000) % 1000,
  };
}

/** Wall time as if it were UTC: a plain number for calendar dates (reports, forms). */
export function wallToNaiveMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/**
 * The instant at which the wall clock in `zone` shows `naiveMs` (wall time as if UTC): a gap
 * moves forward by its length, an ambiguous time is the later instant (module header).
 */
export function fromNaiveMs(naiveMs: number, zone: string): number {
  const d = new Date(naiveMs);
  return new TZDate(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
    checkedZone(zone),
  ).getTime();
}

/** The hour of the day on the wall clock of `zone`, with its fraction (06:30 → 6.5). */
export function hourOfDay(epochMs: number, zone: string): number {
  const w = toWallTime(epochMs, zone);
  return w.hour + w.minute / 60 + w.second / 3600;
}

/** The date on the wall clock of `zone`, yyyy-MM-dd (SPEC §9 report date format). */
export function dateIn(epochMs: number, zone: string): string {
  const options = { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  return dateTimeFormat('en-CA', options).format(epochMs);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for a locale and options (the zone among them), built once: the
 * first of a zone costs milliseconds, and tables and meters format a time per row or sample.
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, f);
  }
  return f;
}

const CALENDAR_STEP: Record<CalendarUnit, typeof addDays> = {
  days: addDays,
  weeks: addWeeks,
  months: addMonths,
  years: addYears,
};

/** A calendar step that keeps the wall-clock time (a day across a DST change is 23 or 25 h). */
function calendarStep(
  epochMs: number,
  unit: CalendarUnit,
  amount: number,
  zone: string,
  temporal: TemporalClock | null,
): number {
  if (temporal) return temporalCalendarStep(temporal, epochMs, unit, amount, zone);
  return CALENDAR_STEP[unit](epochMs, amount, { in: inZone(zone) }).getTime();
}

/** The start of the unit containing `epochMs`, on the wall clock of `zone`; weeks start Monday. */
export function startOfUnit(
  epochMs: number,
  unit: TimeUnit,
  zone: string,
  temporal: TemporalClock | null = platformTemporal,
): number {
  // NOTE: minutes and hours are cut off the instant itself, not rebuilt from wall time, so the
  // repeated autumn hour (02:xx twice) snaps within the occurrence it belongs to, and a zone
  // off by 45 minutes (Kathmandu) starts its hours at :15 UTC.
  switch (unit) {
    case 'Minutes':
    case 'Hours': {
      const w = toWallTime(epochMs, zone);
      const minutes = unit === 'Hours' ? w.minute * MINUTE_MS : 0;
      return epochMs - minutes - w.second * 1000 - w.millisecond;
    }
    case 'Days':
    case 'Weeks':
    case 'Months':
    case 'Years':
      break;
    default:
      throw new UnsupportedTimeUnitError(String(unit satisfies never));
  }
  if (temporal) {
    const date = zonedOf(temporal, epochMs, zone).toPlainDate();
    const first =
      unit === 'Days'
        ? date
        : unit === 'Weeks'
          ? date.add({ days: 1 - date.dayOfWeek })
          : unit === 'Months'
            ? date.with({ day: 1 })
            : date.with({ month: 1, day: 1 });
    return first.toZonedDateTime({ timeZone: zone }).epochMilliseconds;
  }
  const options = { in: inZone(zone) };
  switch (unit) {
    case 'Days':
      return startOfDay(epochMs, options).getTime();
    case 'Weeks':
      return startOfWeek(epochMs, { ...options, weekStartsOn: 1 }).getTime();
    case 'Months':
      return startOfMonth(epochMs, options).getTime();
    default:
      return startOfYear(epochMs, options).getTime();
  }
}

/**
 * `epochMs` plus `amount` units (negative to go back). Days, weeks, months and years are
 * calendar steps that keep the wall-clock time; a month step clamps the day (31 January +
 * 1 month = 28/29 February). Hours and minutes are exact durations.
 */
export function addUnits(
  epochMs: number,
  unit: TimeUnit,
  amount: number,
  zone: string,
  temporal: TemporalClock | null = platformTemporal,
): number {
  if (!Number.isInteger(amount)) throw new RangeError(`addUnits: amount ${amount} is not whole`);
  switch (unit) {
    case 'Minutes':
      return epochMs + amount * MINUTE_MS;
    case 'Hours':
      return epochMs + amount * HOUR_MS;
    case 'Days':
      return calendarStep(epochMs, 'days', amount, zone, temporal);
    case 'Weeks':
      return calendarStep(epochMs, 'weeks', amount, zone, temporal);
    case 'Months':
      return calendarStep(epochMs, 'months', amount, zone, temporal);
    case 'Years':
      return calendarStep(epochMs, 'years', amount, zone, temporal);
    default:
      throw new UnsupportedTimeUnitError(String(unit satisfies never));
  }
}

/** The range [start of the unit containing epochMs, start of the next unit). */
export function unitRange(epochMs: number, unit: TimeUnit, zone: string): TimeRange {
  const start = startOfUnit(epochMs, unit, zone);
  return { start, end: startOfUnit(addUnits(start, unit, 1, zone), unit, zone) };
}

/**
 * The range a duration covers up to `now`: the start is the negative of the duration applied
 * to now (SPEC §2), the end is now.
 */
export function rangeBefore(now: number, d: Duration, zone: string): TimeRange {
  return { start: addUnits(now, d.unit, -d.amount, zone), end: now };
}

/**
 * The preset ranges of SPEC §9. Calendar presets (today, yesterday, this week/month/year)
 * cover their whole unit, so the axis shows the full day with the part still to come empty;
 * "last …" presets end at now.
 */
export const PRESET_RANGES = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'thisYear',
  'last3Hours',
  'last6Hours',
  'last12Hours',
  'last24Hours',
  'last7Days',
  'lastMonth',
  'last12Months',
] as const;
/** `lastMonth` is SPEC §9's "last 28 to 31 days": one calendar month back from now. */
export type PresetRange = (typeof PRESET_RANGES)[number];

/** The presets that reach back from now: how many of which unit. */
const PRESET_SPANS = {
  last3Hours: ['Hours', 3],
  last6Hours: ['Hours', 6],
  last12Hours: ['Hours', 12],
  last24Hours: ['Hours', 24],
  last7Days: ['Days', 7],
  lastMonth: ['Months', 1],
  last12Months: ['Months', 12],
} as const satisfies Partial<Record<PresetRange, readonly ['Hours' | 'Days' | 'Months', number]>>;

export function presetRange(preset: PresetRange, now: number, zone: string): TimeRange {
  switch (preset) {
    case 'today':
      return unitRange(now, 'Days', zone);
    case 'yesterday': {
      const today = startOfUnit(now, 'Days', zone);
      return { start: addUnits(today, 'Days', -1, zone), end: today };
    }
    case 'thisWeek':
      return unitRange(now, 'Weeks', zone);
    case 'thisMonth':
      return unitRange(now, 'Months', zone);
    case 'thisYear':
      return unitRange(now, 'Years', zone);
    default: {
      // Every preset left has a span (checked here); a string from elsewhere may not.
      const span = Object.hasOwn(PRESET_SPANS, preset)
        ? PRESET_SPANS[preset satisfies keyof typeof PRESET_SPANS]
        : undefined;
      if (!span) throw new Error(`Unknown preset range: ${String(preset)}`);
      return { start: addUnits(now, span[0], -span[1], zone), end: now };
    }
  }
}
