/**
 * Aggregation of archived values into quarter-hour, day and month periods (SPEC §3 "Series
 * measurement type", §9 "Aggregations"). Pure: the archive store persists what this computes.
 *
 * A period keeps the sample count, the sum (mean = sum / n), minimum, maximum, the last value
 * with its time, and for counters the total increase. Gaps (null values, e.g. bad quality)
 * count towards nothing but may be the last value. Merging two partial aggregates of the same
 * period gives the aggregate of all their samples, in any order.
 */
import type { SeriesMeasurementType } from '../../src/contract/charts.ts';
import { addUnits, startOfUnit } from '../../src/domain/clock.ts';
import { QUARTER_HOUR_MS } from '../../src/domain/timeUnits.ts';

/** How a PV is archived: levels and measurements, digital states (0/1), or counters. */
export type ArchiveKind = 'analog' | 'digital' | 'counter';

export interface Aggregate {
  n: number;
  sum: number;
  min: number | null;
  max: number | null;
  last: number | null;
  /** Epoch ms of `last`; -Infinity while empty, so any sample is later. */
  lastT: number;
  /** A counter's increase within the period. */
  total: number;
}

export function emptyAggregate(): Aggregate {
  return { n: 0, sum: 0, min: null, max: null, last: null, lastT: -Infinity, total: 0 };
}

/** Adds one sample; `increment` is a counter's increase since the previous sample (else 0). */
export function addSample(a: Aggregate, t: number, v: number | null, increment = 0): void {
  if (v !== null) {
    a.n++;
    a.sum += v;
    a.min = a.min === null || v < a.min ? v : a.min;
    a.max = a.max === null || v > a.max ? v : a.max;
  }
  if (t >= a.lastT) {
    a.last = v;
    a.lastT = t;
  }
  a.total += increment;
}

/** Folds `from` into `into` (commutative, so history and live parts merge in any order). */
export function mergeAggregate(into: Aggregate, from: Aggregate): void {
  into.n += from.n;
  into.sum += from.sum;
  if (from.min !== null) into.min = into.min === null ? from.min : Math.min(into.min, from.min);
  if (from.max !== null) into.max = into.max === null ? from.max : Math.max(into.max, from.max);
  if (from.lastT >= into.lastT) {
    into.last = from.last;
    into.lastT = from.lastT;
  }
  into.total += from.total;
}

/**
 * The value a series shows for a period. Aktuell is the last value, Mittelwert the mean of the
 * samples, Minwert and Maxwert the extremes. A counter's Aktuell is its reading at the end of
 * the period; every other measurement type of a counter is the period total (its increase).
 * An empty period answers null (a gap).
 */
export function aggregateValue(
  a: Aggregate,
  kind: ArchiveKind,
  type: SeriesMeasurementType,
): number | null {
  if (type === 'Aktuell') return a.last;
  if (kind === 'counter') return a.lastT === -Infinity ? null : a.total;
  if (a.n === 0) return null;
  switch (type) {
    case 'Mittelwert':
      return a.sum / a.n;
    case 'Minwert':
      return a.min;
    case 'Maxwert':
      return a.max;
    default:
      throw new Error(`Unknown measurement type: ${String(type satisfies never)}`);
  }
}

/** A counter's increase from `previous` to `reading`; a reset (reading fell) counts from 0. */
export function counterIncrement(previous: number | null, reading: number | null): number {
  if (previous === null || reading === null) return 0;
  return reading >= previous ? reading - previous : reading;
}

export const AGGREGATE_LEVELS = ['quarterHour', 'day', 'month'] as const;
export type AggregateLevel = (typeof AGGREGATE_LEVELS)[number];

/** Quarter hours are aligned in UTC (every zone in use has whole-quarter-hour offsets). */
export function quarterHourStart(t: number): number {
  return Math.floor(t / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
}

/**
 * Start of the day or month containing t on the plant's wall clock. The last period is cached:
 * consecutive samples nearly always fall in it, and the zone arithmetic is the costly part.
 */
export class PeriodClock {
  private start = 0;
  private end = -1;

  constructor(
    private readonly unit: 'Days' | 'Months',
    private readonly zone: string,
  ) {}

  startOf(t: number): number {
    if (t >= this.start && t < this.end) return this.start;
    this.start = startOfUnit(t, this.unit, this.zone);
    this.end = startOfUnit(addUnits(this.start, this.unit, 1, this.zone), this.unit, this.zone);
    return this.start;
  }
}

/** Period starts for one sample at all three levels. */
export class PeriodStarts {
  private readonly day: PeriodClock;
  private readonly month: PeriodClock;

  constructor(zone: string) {
    this.day = new PeriodClock('Days', zone);
    this.month = new PeriodClock('Months', zone);
  }

  of(level: AggregateLevel, t: number): number {
    switch (level) {
      case 'quarterHour':
        return quarterHourStart(t);
      case 'day':
        return this.day.startOf(t);
      case 'month':
        return this.month.startOf(t);
      default:
        throw new Error(`Unknown level: ${String(level satisfies never)}`);
    }
  }
}
