import { describe, expect, it } from 'vitest';
import {
  fitCost,
  inRefreshPeriods,
  median,
  percentile,
  relativeSpread,
  summarize,
} from '../../../bench/harness/stats.ts';
import { mean, pooledPercentile, sum } from '../../../bench/harness/pool.ts';

describe('bench statistics', () => {
  it('BENCH-STAT1: median of odd and even counts, ignoring order', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('BENCH-STAT2: percentiles interpolate between closest ranks', () => {
    const values = Array.from({ length: 101 }, (_, i) => i);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile([10, 20], 25)).toBe(12.5);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('BENCH-STAT3: summaries give median, spread and IQR and drop non-finite samples', () => {
    const s = summarize([3, 1, Number.NaN, 2, 10, 4]);
    expect(s).toMatchObject({ n: 5, median: 3, min: 1, max: 10, p25: 2, p75: 4, mean: 4 });
    expect(relativeSpread(s)).toBe(3);
  });

  it('BENCH-STAT4: per-tab samples pool into one percentile', () => {
    expect(pooledPercentile([[1, 2], [3], [4, 5]], 50)).toBe(3);
    expect(sum([1, 2, 3])).toBe(6);
    expect(mean([])).toBeNaN();
  });

  it('splits a cost into its part per tab and per update', () => {
    // 2 ms/s per tab, 0.5 µs per update (0.0005 ms per update/s), from a cross-shaped sweep.
    const cost = (tabs: number, updates: number) => 2 * tabs + 0.0005 * updates;
    const points = [
      { tabs: 1, updates: 1_000 },
      { tabs: 5, updates: 1_000 },
      { tabs: 5, updates: 100_000 },
      { tabs: 20, updates: 10_000 },
      { tabs: 50, updates: 10_000 },
    ].map((p) => ({ ...p, cost: cost(p.tabs, p.updates) }));
    const fit = fitCost(points)!;
    expect(fit.perTab).toBeCloseTo(2, 9);
    expect(fit.perUpdate).toBeCloseTo(0.0005, 12);
    expect(fit.n).toBe(5);
  });

  it('gives no cost split when the sweep cannot tell tabs from updates', () => {
    expect(fitCost([{ tabs: 1, updates: 10, cost: 3 }])).toBeNull();
    // Updates grow with tabs in step: any split fits.
    expect(
      fitCost([
        { tabs: 1, updates: 10, cost: 3 },
        { tabs: 2, updates: 20, cost: 6 },
      ]),
    ).toBeNull();
  });

  it('BENCH-STAT5: frame intervals count whole refreshes: jitter is no slow frame, a dropped refresh is', () => {
    const smooth = Array.from({ length: 200 }, (_, i) => 1000 / 60 + (i % 2 ? 0.08 : -0.08));
    smooth[7] = 16.9;
    const even = inRefreshPeriods(smooth);
    expect(percentile(even, 95)).toBeCloseTo(1000 / 60, 2);
    expect(percentile(smooth, 95)).toBeGreaterThan(16.7);
    const dropping = [...smooth.slice(0, 180), ...Array.from({ length: 20 }, () => 33.5)];
    expect(percentile(inRefreshPeriods(dropping), 95)).toBeCloseTo((2 * 1000) / 60, 2);
    // At least one refresh: a double rAF callback in one refresh is not a zero-length frame.
    expect(inRefreshPeriods([16.7, 16.6, 16.7, 2])[3]).toBeCloseTo(16.67, 1);
    expect(inRefreshPeriods([])).toEqual([]);
  });
});
