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
