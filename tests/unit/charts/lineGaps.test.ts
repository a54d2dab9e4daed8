/**
 * Chart lines break at gaps (server/field/SPEC.md GP): the series options of the chart page and
 * the dashboard's live trend never span a null, and the trend's columns keep a gap as null while
 * a time only another series has stays undefined (bridged).
 */
import { describe, expect, it } from 'vitest';
import { LINE_GAPS } from '../../../src/features/shared/lineGaps.ts';
import { TrendSeries } from '../../../src/features/dashboard/tiles/trendSeries.ts';
import { alignSeries } from '../../../workers/charts/align.ts';

describe('chart lines at gaps', () => {
  it('GP7: series options break the line at a null', () => {
    expect(LINE_GAPS.spanGaps).toBe(false);
  });

  it('GP8: the live trend keeps an archive gap as null; a time of another series is undefined', () => {
    const s = new TrendSeries(2, 3_600_000);
    s.setHistory(0, [0, 60_000, 120_000, 180_000], [1, null, null, 4]);
    s.setHistory(1, [30_000, 180_000], [7, 8]);
    expect(s.columns()).toEqual([
      [0, 30, 60, 120, 180],
      [1, undefined, null, null, 4],
      [undefined, 7, undefined, undefined, 8],
    ]);
  });

  it("GP9: the chart page's aligned data turns a gap (NaN) into null, a missing time into undefined", () => {
    const [xs, a, b] = alignSeries([
      { times: Float64Array.from([0, 2, 4]), values: Float64Array.from([1, NaN, 3]) },
      { times: Float64Array.from([1, 4]), values: Float64Array.from([5, 6]) },
    ]);
    expect([...xs]).toEqual([0, 1, 2, 4]);
    expect(a).toEqual([1, undefined, null, 3]);
    expect(b).toEqual([undefined, 5, undefined, 6]);
  });
});
