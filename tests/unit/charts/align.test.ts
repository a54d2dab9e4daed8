import { describe, expect, it } from 'vitest';
import { alignSeries } from '../../../workers/charts/align.ts';
import { columnsBySeries, columnsFromPoints } from '../../../workers/charts/columns.ts';

describe('uPlot data from series columns (STYLE.md)', () => {
  it('AL1: series join on one ascending x column; missing is undefined, a gap is null', () => {
    const a = columnsFromPoints({ t: [0, 20, 40], v: [1, null, 3] });
    const b = columnsFromPoints({ t: [10, 20, 50], v: [5, 6, 7] });
    const [xs, ya, yb] = alignSeries([a, b]);
    expect(Array.from(xs)).toEqual([0, 10, 20, 40, 50]);
    expect(ya).toEqual([1, undefined, null, 3, undefined]);
    expect(yb).toEqual([undefined, 5, 6, undefined, 7]);
  });

  it('AL4: series on one shared time column join without a merge, as the merge would join them', () => {
    const t = [0, 10, 20, 30];
    const a = columnsFromPoints({ t, v: [1, null, 3, 4] });
    const b = columnsFromPoints({ t, v: [5, 6, null, 8] });
    const c = columnsFromPoints({ t, v: [9, 9, 9, 9] });
    const joined = alignSeries([a, b, c]);
    expect(Array.from(joined[0])).toEqual(t);
    expect(joined.slice(1)).toEqual([
      [1, null, 3, 4],
      [5, 6, null, 8],
      [9, 9, 9, 9],
    ]);
    // The same as the general merge gives (one series with a shifted column forces it).
    const shifted = columnsFromPoints({ t: [0, 10, 20, 31], v: [9, 9, 9, 9] });
    const merged = alignSeries([a, b, shifted]);
    expect(Array.from(merged[0])).toEqual([0, 10, 20, 30, 31]);
    expect(merged[1]).toEqual([1, null, 3, 4, undefined]);
    // The x column is a copy: the answer's own column is not handed to the plot.
    expect(joined[0]).not.toBe(a.times);
    // An unsorted or repeating column takes the general merge.
    const repeated = columnsFromPoints({ t: [0, 0, 10], v: [1, 2, 3] });
    expect(Array.from(alignSeries([repeated, repeated])[0])).toEqual([0, 10]);
  });

  it('AL2: no series or empty series give empty columns', () => {
    expect(alignSeries([])).toEqual([new Float64Array(0)]);
    const empty = columnsFromPoints({ t: [], v: [] });
    expect(alignSeries([empty])).toEqual([new Float64Array(0), []]);
  });

  it('AL3: a data response becomes columns by series id', () => {
    const map = columnsBySeries([
      { seriesId: 'x', points: { t: [1, 2], v: [null, 4] } },
      { seriesId: 'y', points: { t: [], v: [] } },
    ]);
    expect([...map.keys()]).toEqual(['x', 'y']);
    expect(Number.isNaN(map.get('x')?.values[0])).toBe(true);
    expect(map.get('x')?.values[1]).toBe(4);
  });
});
