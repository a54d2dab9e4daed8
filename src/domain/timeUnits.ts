/**
 * Time units of charts and ranges (SPEC §4 "Time units", §9): their names, quarter-hour
 * rounding and the trend-line duration. Starts of units and steps in a zone: clock.ts.
 */
import type { TimeSpanUnit } from '../contract/charts.ts';

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
