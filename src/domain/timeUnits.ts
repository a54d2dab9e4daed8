/**
 * Time units of charts and ranges (SPEC §4 "Time units", §9): snapping to the start of a unit
 * and adding units in a time zone, quarter-hour rounding, and the trend-line duration.
 */
import type { TimeSpanUnit } from '../contract/charts.ts';
import {
  DEFAULT_TIME_ZONE,
  fromNaiveMs,
  toWallTime,
  wallToNaiveMs,
  weekdayOfNaive,
} from './zonedTime.ts';

export const TIME_UNITS = ['Years', 'Months', 'Weeks', 'Days', 'Hours', 'Minutes'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** A half-open range [start, end) in epoch ms. */
export interface TimeRange {
  start: number;
  end: number;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** SPEC §9 "Quarter-hour rounding". */
export const QUARTER_HOUR_MS = 15 * MINUTE_MS;

/** Raised for Second, Unspecified, Custom and any name that is not a time unit (SPEC §4). */
export class UnsupportedTimeUnitError extends Error {
  constructor(readonly unit: string) {
    super(`Unsupported time unit: ${unit}`);
    this.name = 'UnsupportedTimeUnitError';
  }
}

const SINGULAR: Record<string, TimeUnit> = {
  Year: 'Years',
  Month: 'Months',
  Week: 'Weeks',
  Day: 'Days',
  Hour: 'Hours',
  Minute: 'Minutes',
};

/** Accepts the plural names and the singular ones (SPEC §4); anything else raises. */
export function parseTimeUnit(name: string): TimeUnit {
  if ((TIME_UNITS as readonly string[]).includes(name)) return name as TimeUnit;
  const unit = Object.hasOwn(SINGULAR, name) ? SINGULAR[name] : undefined;
  if (unit) return unit;
  throw new UnsupportedTimeUnitError(name);
}

/** ChartConfig.timeSpanUnit (Hour … Year) as a time unit. */
export function timeUnitOfSpan(unit: TimeSpanUnit): TimeUnit {
  return parseTimeUnit(unit);
}

/** The start of the unit containing `epochMs`, on the wall clock of `zone`. */
export function startOfUnit(epochMs: number, unit: TimeUnit, zone = DEFAULT_TIME_ZONE): number {
  const w = toWallTime(epochMs, zone);
  // NOTE: minutes and hours are cut off the instant itself, not rebuilt from wall time, so the
  // repeated autumn hour (02:xx twice) snaps within the occurrence it belongs to.
  switch (unit) {
    case 'Minutes':
      return epochMs - w.second * 1000 - w.millisecond;
    case 'Hours':
      return epochMs - w.minute * MINUTE_MS - w.second * 1000 - w.millisecond;
    case 'Days':
      return fromNaiveMs(Date.UTC(w.year, w.month - 1, w.day), zone);
    case 'Weeks': {
      const dayStart = Date.UTC(w.year, w.month - 1, w.day);
      return fromNaiveMs(dayStart - weekdayOfNaive(dayStart) * DAY_MS, zone);
    }
    case 'Months':
      return fromNaiveMs(Date.UTC(w.year, w.month - 1, 1), zone);
    case 'Years':
      return fromNaiveMs(Date.UTC(w.year, 0, 1), zone);
    default:
      throw new UnsupportedTimeUnitError(String(unit satisfies never));
  }
}

/**
 * `epochMs` plus `amount` units (negative to go back). Days, weeks, months and years are
 * calendar steps that keep the wall-clock time (a day across a DST change is 23 or 25 hours);
 * a month step clamps the day (31 January + 1 month = 28/29 February). Hours and minutes are
 * exact durations.
 */
export function addUnits(
  epochMs: number,
  unit: TimeUnit,
  amount: number,
  zone = DEFAULT_TIME_ZONE,
): number {
  if (!Number.isInteger(amount)) throw new RangeError(`addUnits: amount ${amount} is not whole`);
  switch (unit) {
    case 'Minutes':
      return epochMs + amount * MINUTE_MS;
    case 'Hours':
      return epochMs + amount * HOUR_MS;
    case 'Days':
    case 'Weeks': {
      const days = unit === 'Days' ? amount : amount * 7;
      const naive = wallToNaiveMs(toWallTime(epochMs, zone)) + days * DAY_MS;
      return fromNaiveMs(naive, zone);
    }
    case 'Months':
    case 'Years': {
      const w = toWallTime(epochMs, zone);
      const months = unit === 'Months' ? amount : amount * 12;
      const target = w.month - 1 + months;
      const year = w.year + Math.floor(target / 12);
      const month = ((target % 12) + 12) % 12;
      const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      const naive = Date.UTC(
        year,
        month,
        Math.min(w.day, lastDay),
        w.hour,
        w.minute,
        w.second,
        w.millisecond,
      );
      return fromNaiveMs(naive, zone);
    }
    default:
      throw new UnsupportedTimeUnitError(String(unit satisfies never));
  }
}

/** The range [start of the unit containing epochMs, start of the next unit). */
export function unitRange(epochMs: number, unit: TimeUnit, zone = DEFAULT_TIME_ZONE): TimeRange {
  const start = startOfUnit(epochMs, unit, zone);
  return { start, end: startOfUnit(addUnits(start, unit, 1, zone), unit, zone) };
}

/**
 * Rounds to a quarter hour (SPEC §9). Quarter hours are aligned in UTC for every zone in use
 * (all offsets are whole quarter hours), so no zone is needed.
 */
export function roundToQuarterHour(
  epochMs: number,
  mode: 'floor' | 'ceil' | 'nearest' = 'nearest',
): number {
  const q = epochMs / QUARTER_HOUR_MS;
  const n = mode === 'floor' ? Math.floor(q) : mode === 'ceil' ? Math.ceil(q) : Math.round(q);
  return n * QUARTER_HOUR_MS;
}

/** A duration such as `amount=7&unit=Days` (SPEC §2 archive trend line). */
export interface Duration {
  amount: number;
  unit: TimeUnit;
}

/** Raised when an amount is not a positive whole number. */
export class InvalidDurationError extends Error {
  constructor(readonly amount: string) {
    super(`Invalid duration amount: ${amount}`);
    this.name = 'InvalidDurationError';
  }
}

/** Parses amount and unit; a bad amount or an unsupported unit raises. */
export function parseDuration(amount: string, unit: string): Duration {
  if (!/^\d+$/.test(amount.trim()) || Number(amount) <= 0) throw new InvalidDurationError(amount);
  return { amount: Number(amount), unit: parseTimeUnit(unit.trim()) };
}

/**
 * The range a duration covers up to `now`: the start is the negative of the duration applied
 * to now (SPEC §2), the end is now.
 */
export function rangeBefore(now: number, d: Duration, zone = DEFAULT_TIME_ZONE): TimeRange {
  return { start: addUnits(now, d.unit, -d.amount, zone), end: now };
}
