/**
 * A series as two columns: ascending times (epoch ms) and values, NaN for a gap (STYLE.md:
 * series as columns, trimmed by binary search). Helpers here never mutate their inputs.
 */
import type { ChartPoints } from '../../src/contract/charts.ts';

export interface SeriesColumns {
  times: Float64Array;
  values: Float64Array;
}

export const EMPTY_COLUMNS: SeriesColumns = Object.freeze({
  times: new Float64Array(0),
  values: new Float64Array(0),
});

/** A binary search for the first index i in [from, to) with times[i] > t (`above`) or >= t. */
function firstIndexPast(above: boolean) {
  return (times: ArrayLike<number>, t: number, from = 0, to = times.length): number => {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const time = times[mid] as number;
      if (time < t || (above && time === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** First index i in [from, to) with times[i] >= t (to when none). */
export const lowerBound = firstIndexPast(false);

/** First index i in [from, to) with times[i] > t (to when none). */
export const upperBound = firstIndexPast(true);

/** Wire points (null = gap) as columns (SPEC §3 "Chart data"). */
export function columnsFromPoints(points: ChartPoints): SeriesColumns {
  const n = Math.min(points.t.length, points.v.length);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = points.t[i] as number;
    const v = points.v[i];
    values[i] = v === null || v === undefined ? NaN : v;
  }
  return { times, values };
}

/** Columns as wire points (NaN becomes null). */
export function pointsFromColumns(c: SeriesColumns): ChartPoints {
  const t = Array.from(c.times);
  const v = Array.from(c.values, (x) => (Number.isNaN(x) ? null : x));
  return { t, v };
}

/** Copies of the points with start <= t < end. */
export function sliceColumns(c: SeriesColumns, start: number, end: number): SeriesColumns {
  const from = lowerBound(c.times, start);
  const to = lowerBound(c.times, end, from);
  return { times: c.times.slice(from, to), values: c.values.slice(from, to) };
}

/**
 * `a` followed by `b`, dropping the points of `b` at or before the last time of `a`, so a
 * point both batches hold at their seam appears once.
 */
export function concatColumns(a: SeriesColumns, b: SeriesColumns): SeriesColumns {
  const last = a.times.length > 0 ? (a.times[a.times.length - 1] as number) : -Infinity;
  const skip = upperBound(b.times, last);
  const n = a.times.length + b.times.length - skip;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  times.set(a.times, 0);
  values.set(a.values, 0);
  times.set(b.times.subarray(skip), a.times.length);
  values.set(b.values.subarray(skip), a.values.length);
  return { times, values };
}

/** A data response (one ChartData per series) as batch data: columns by series id. */
export function columnsBySeries(
  list: readonly { seriesId: string; points: ChartPoints }[],
): Map<string, SeriesColumns> {
  return new Map(list.map((d) => [d.seriesId, columnsFromPoints(d.points)]));
}

/** Parts in time order joined into one copy; points at or before the previous part's end drop. */
export function concatAll(parts: readonly SeriesColumns[]): SeriesColumns {
  let n = 0;
  for (const p of parts) n += p.times.length;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  let len = 0;
  for (const p of parts) {
    const last = len > 0 ? (times[len - 1] as number) : -Infinity;
    const skip = upperBound(p.times, last);
    times.set(p.times.subarray(skip), len);
    values.set(p.values.subarray(skip), len);
    len += p.times.length - skip;
  }
  return len === n
    ? { times, values }
    : { times: times.slice(0, len), values: values.slice(0, len) };
}
