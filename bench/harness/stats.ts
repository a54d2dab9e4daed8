/**
 * Statistics of bench samples: every figure is the median of several runs with its spread
 * (min/max and interquartile range), so one noisy run on a shared machine shows as spread
 * instead of moving the figure.
 */

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  /** 25th and 75th percentile (linear interpolation between closest ranks). */
  p25: number;
  p75: number;
  mean: number;
}

function sorted(values: readonly number[]): number[] {
  const finite = values.filter((v) => Number.isFinite(v));
  return finite.sort((a, b) => a - b);
}

/** Percentile `p` (0–100) by linear interpolation between closest ranks; NaN for no data. */
export function percentile(values: readonly number[], p: number): number {
  return percentileOfSorted(sorted(values), p);
}

function percentileOfSorted(s: readonly number[], p: number): number {
  if (s.length === 0) return Number.NaN;
  if (p <= 0) return s[0]!;
  if (p >= 100) return s[s.length - 1]!;
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const lower = s[lo]!;
  const upper = s[hi]!;
  return lower + (upper - lower) * (rank - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function summarize(values: readonly number[]): Summary {
  const s = sorted(values);
  const sum = s.reduce((a, b) => a + b, 0);
  return {
    n: s.length,
    median: percentileOfSorted(s, 50),
    min: s.length ? s[0]! : Number.NaN,
    max: s.length ? s[s.length - 1]! : Number.NaN,
    p25: percentileOfSorted(s, 25),
    p75: percentileOfSorted(s, 75),
    mean: s.length ? sum / s.length : Number.NaN,
  };
}

/** Relative spread (max − min) / median, e.g. 0.08 for ±4 %; NaN when the median is 0. */
export function relativeSpread(summary: Summary): number {
  return summary.median === 0 ? Number.NaN : (summary.max - summary.min) / summary.median;
}

/** Least-squares slope of y over x (0 when x does not vary): growth per unit of x. */
export function slope(xs: readonly number[], ys: readonly number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Cost split into a part per tab and a part per update (see `fitCost`). */
export interface CostFit {
  /** Cost of one more update, in the cost's unit per (update/s): ms/s per update/s = ms. */
  perUpdate: number;
  /** Cost of one more open tab at no load, in the cost's unit. */
  perTab: number;
  /** Points the fit was made from. */
  n: number;
}

/**
 * Least-squares fit of cost = perTab · tabs + perUpdate · updates through the origin (no
 * load and no tabs cost nothing): what a sweep over both says each of them costs. Null
 * with fewer than two points or when tabs and updates move together (no unique answer).
 */
export function fitCost(
  points: readonly { tabs: number; updates: number; cost: number }[],
): CostFit | null {
  if (points.length < 2) return null;
  let tt = 0;
  let tu = 0;
  let uu = 0;
  let tc = 0;
  let uc = 0;
  for (const { tabs, updates, cost } of points) {
    tt += tabs * tabs;
    tu += tabs * updates;
    uu += updates * updates;
    tc += tabs * cost;
    uc += updates * cost;
  }
  const det = tt * uu - tu * tu;
  if (!(Math.abs(det) > 1e-9 * Math.max(1, tt * uu))) return null;
  return {
    perTab: (tc * uu - uc * tu) / det,
    perUpdate: (uc * tt - tc * tu) / det,
    n: points.length,
  };
}

/**
 * Frame intervals (requestAnimationFrame to requestAnimationFrame) in whole display
 * refreshes. A browser presents frames only at the display's refresh, so an interval is a
 * whole number of refresh periods; what the timestamps add to that is timer jitter, which
 * put a smooth 60 Hz list at "16.72 ms" against a 16.7 ms target. The period is the mean of
 * the one-refresh intervals (under 1.5 times the 10th percentile of those of 4 ms or more),
 * so jitter averages out; each interval becomes the nearest whole number of periods, at
 * least one.
 */
export function inRefreshPeriods(intervalsMs: readonly number[]): number[] {
  // Two callbacks within one refresh (under 4 ms: no display refreshes at 250 Hz) say
  // nothing of the period.
  const s = sorted(intervalsMs.filter((v) => v >= 4));
  if (s.length === 0) return [...intervalsMs];
  const bound = percentileOfSorted(s, 10) * 1.5;
  const single = s.filter((v) => v < bound);
  const period = single.reduce((a, b) => a + b, 0) / single.length;
  if (!(period > 0)) return [...intervalsMs];
  return intervalsMs.map((v) => Math.max(1, Math.round(v / period)) * period);
}
