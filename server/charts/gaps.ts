/**
 * Gaps in chart data (issue 56 item 5, server/field/SPEC.md GP): where the archive holds no
 * value for longer than the PV's sampling allows, the series gets a null there, so the chart
 * breaks its line (uPlot draws no line across a null) instead of drawing a straight one across
 * an outage. Nothing is interpolated.
 *
 * - Raw values: a step between two values longer than max(3 × the usual step, 5 min) is a gap;
 *   the usual step is the median step of the values read. A null goes in at the earlier value
 *   plus that bound. A plant that sends values only on change (the simulator: the archive holds
 *   a value until the next one) has no such rule: a long step there is a value that held.
 * - Quarter-hour, day and month values: a period missing between two stored ones is a gap; a
 *   null goes in at the start of the first missing period.
 * - Nothing is added before the first or after the last value, nor next to a null already there.
 */
import type { ChartPoints, DataSourceType } from '../../src/contract/charts.ts';
import { addUnits } from '../../src/domain/clock.ts';
import { QUARTER_HOUR_MS } from '../../src/domain/timeUnits.ts';

export const RAW_GAP_FACTOR = 3;
export const RAW_GAP_MIN_MS = 5 * 60_000;

/** The longest step between two raw values that is no gap: max(3 × median step, 5 min). */
export function rawGapMs(t: readonly number[]): number {
  if (t.length < 2) return RAW_GAP_MIN_MS;
  const steps = new Float64Array(t.length - 1);
  for (let i = 1; i < t.length; i++) steps[i - 1] = t[i]! - t[i - 1]!;
  steps.sort();
  const median = steps[Math.floor(steps.length / 2)]!;
  return Math.max(RAW_GAP_FACTOR * median, RAW_GAP_MIN_MS);
}

/** Next period starts already computed, per unit and zone (bounded; cleared when full). */
const NEXT_PERIODS = new Map<string, Map<number, number>>();
const NEXT_PERIODS_MAX = 50_000;

/**
 * The start of the period after `at`, remembered: a calendar step in a zone costs tens of
 * microseconds, and a year of day values of four series held the event loop 50 ms on a loaded
 * machine (bench/server-stall.ts). Series of one read, and reads of the same range, share
 * their periods.
 */
function nextPeriodStart(unit: 'Days' | 'Months', zone: string): (at: number) => number {
  const key = `${unit} ${zone}`;
  let known = NEXT_PERIODS.get(key);
  if (!known) NEXT_PERIODS.set(key, (known = new Map()));
  const memo = known;
  return (at) => {
    let next = memo.get(at);
    if (next === undefined) {
      if (memo.size >= NEXT_PERIODS_MAX) memo.clear();
      next = addUnits(at, unit, 1, zone);
      memo.set(at, next);
    }
    return next;
  };
}

export interface GapOptions {
  /** The plant sends values only on change: raw steps are held values, never gaps. */
  heldValues?: boolean;
  /** The plant's zone, for day and month periods. */
  zone: string;
}

/** The points with a null in every gap (see the header); the input is not changed. */
export function markGaps(
  points: ChartPoints,
  source: DataSourceType,
  options: GapOptions,
): ChartPoints {
  const { t, v } = points;
  if (t.length < 2) return points;
  const zone = options.zone;
  let nextExpected: (at: number) => number;
  switch (source) {
    case 'MeasurementArchive': {
      if (options.heldValues) return points;
      const bound = rawGapMs(t);
      nextExpected = (at) => at + bound;
      break;
    }
    case 'QuarterHourValues':
      nextExpected = (at) => at + QUARTER_HOUR_MS;
      break;
    case 'DayValues':
      nextExpected = nextPeriodStart('Days', zone);
      break;
    case 'MonthValues':
      nextExpected = nextPeriodStart('Months', zone);
      break;
    default:
      throw new Error(`Unknown source: ${String(source satisfies never)}`);
  }
  let out: ChartPoints | null = null;
  for (let i = 0; i < t.length; i++) {
    if (i > 0) {
      const gapAt = nextExpected(t[i - 1]!);
      if (t[i]! > gapAt && v[i - 1] !== null && v[i] !== null) {
        out ??= { t: t.slice(0, i), v: v.slice(0, i) };
        out.t.push(gapAt);
        out.v.push(null);
      }
    }
    if (out) {
      out.t.push(t[i]!);
      out.v.push(v[i]!);
    }
  }
  return out ?? points;
}
