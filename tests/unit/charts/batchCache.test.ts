import { describe, expect, it } from 'vitest';
import { batchKey, ChartBatchCache } from '../../../workers/charts/batchCache.ts';
import {
  columnsFromPoints,
  concatColumns,
  pointsFromColumns,
  type SeriesColumns,
} from '../../../workers/charts/columns.ts';

/** One series 's' with a point every `step` ms in [start, end), value = time / 1000. */
function data(start: number, end: number, step = 10): Map<string, SeriesColumns> {
  const t: number[] = [];
  for (let x = start; x < end; x += step) t.push(x);
  return new Map([['s', columnsFromPoints({ t, v: t.map((x) => x / 1000) })]]);
}

const K = batchKey(7, 'MeasurementArchive');

describe('SPEC §4 chart data batches', () => {
  it('BC1: only missing ranges are requested, and they are marked loading', () => {
    const cache = new ChartBatchCache();
    expect(cache.stateOf(K, { start: 0, end: 100 })).toBe('empty');
    expect(cache.missingRanges(K, { start: 0, end: 100 })).toEqual([{ start: 0, end: 100 }]);
    expect(cache.stateOf(K, { start: 0, end: 100 })).toBe('loading');
    expect(cache.missingRanges(K, { start: 0, end: 100 })).toEqual([]);
    expect(cache.missingRanges(K, { start: 50, end: 150 })).toEqual([{ start: 100, end: 150 }]);
    expect(cache.missingRanges(K, { start: 300, end: 400 })).toEqual([{ start: 300, end: 400 }]);
    expect(cache.missingRanges(K, { start: -50, end: 500 })).toEqual([
      { start: -50, end: 0 },
      { start: 150, end: 300 },
      { start: 400, end: 500 },
    ]);
    expect(cache.missingRanges(K, { start: 10, end: 10 })).toEqual([]);
    // Another key or another source is another cache entry.
    expect(cache.missingRanges(batchKey(7, 'DayValues'), { start: 0, end: 100 })).toHaveLength(1);
  });

  it('BC2: completing makes a range done; data is cut to the half-open range', () => {
    const cache = new ChartBatchCache();
    const [range] = cache.missingRanges(K, { start: 0, end: 100 });
    expect(range).toBeDefined();
    if (!range) return;
    expect(cache.complete(K, range, data(-20, 120))).toBe(true);
    expect(cache.stateOf(K, range)).toBe('done');
    const s = cache.read(K, range).get('s');
    expect(Array.from(s?.times ?? [])).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(cache.complete(K, range, data(0, 100))).toBe(false);
  });

  it('BC3: adjacent done batches merge into one, in time order', () => {
    const cache = new ChartBatchCache();
    const a = { start: 0, end: 100 };
    const b = { start: 100, end: 200 };
    const c = { start: 200, end: 300 };
    for (const r of [a, b, c]) cache.missingRanges(K, r);
    cache.complete(K, c, data(200, 300));
    cache.complete(K, a, data(0, 100));
    expect(cache.batches(K).map((x) => x.state)).toEqual(['done', 'loading', 'done']);
    cache.complete(K, b, data(100, 200));
    expect(cache.batches(K)).toEqual([
      { start: 0, end: 300, state: 'done', points: 30, error: null },
    ]);
    const s = cache.read(K, { start: 0, end: 300 }).get('s');
    expect(Array.from(s?.times ?? [])).toEqual(Array.from({ length: 30 }, (_, i) => i * 10));
    expect(cache.totalPoints).toBe(30);
  });

  it('BC3: a point both sides hold at the seam is kept once', () => {
    const left = columnsFromPoints({ t: [0, 10, 20], v: [1, 2, 3] });
    const right = columnsFromPoints({ t: [20, 30], v: [3, null] });
    const joined = concatColumns(left, right);
    expect(pointsFromColumns(joined)).toEqual({ t: [0, 10, 20, 30], v: [1, 2, 3, null] });
  });

  it('BC3: series missing from one batch are kept from the other', () => {
    const cache = new ChartBatchCache();
    cache.missingRanges(K, { start: 0, end: 100 });
    cache.missingRanges(K, { start: 100, end: 200 });
    cache.complete(K, { start: 0, end: 100 }, data(0, 100));
    const other = new Map([['u', columnsFromPoints({ t: [150], v: [5] })]]);
    cache.complete(K, { start: 100, end: 200 }, other);
    const read = cache.read(K, { start: 0, end: 200 });
    expect(read.get('s')?.times.length).toBe(10);
    expect(Array.from(read.get('u')?.values ?? [])).toEqual([5]);
  });

  it('BC4: a failed batch shows error and is requested again', () => {
    const cache = new ChartBatchCache();
    const r = { start: 0, end: 100 };
    cache.missingRanges(K, r);
    expect(cache.fail(K, r, 'HTTP 503')).toBe(true);
    expect(cache.stateOf(K, r)).toBe('error');
    expect(cache.batches(K)[0]).toMatchObject({ state: 'error', error: 'HTTP 503' });
    expect(cache.missingRanges(K, { start: 50, end: 150 })).toEqual([{ start: 50, end: 150 }]);
    expect(cache.batches(K).map((b) => b.state)).toEqual(['loading']);
    expect(cache.fail(K, r, 'again')).toBe(false);
  });

  it('BC5: beyond the budget the least recently used batches are evicted', () => {
    const cache = new ChartBatchCache(100);
    const [ka, kb, kc] = ['a', 'b', 'c'].map((x) => batchKey(x, 'DayValues')) as [
      string,
      string,
      string,
    ];
    const r = { start: 0, end: 600 };
    cache.missingRanges(ka, r);
    cache.complete(ka, r, data(0, 600)); // 60 points
    cache.missingRanges(kb, { start: 0, end: 300 });
    cache.complete(kb, { start: 0, end: 300 }, data(0, 300)); // 30 points
    cache.read(ka, r); // a is now more recent than b
    cache.missingRanges(kc, { start: 0, end: 400 });
    cache.missingRanges(kb, { start: 300, end: 400 }); // stays loading
    cache.complete(kc, { start: 0, end: 400 }, data(0, 400)); // 40 points: 130 > 100
    expect(cache.totalPoints).toBe(100);
    expect(cache.stateOf(kb, { start: 0, end: 300 })).toBe('empty');
    expect(cache.batches(kb)).toEqual([
      { start: 300, end: 400, state: 'loading', points: 0, error: null },
    ]);
    expect(cache.stateOf(ka, r)).toBe('done');
    expect(cache.missingRanges(kb, { start: 0, end: 300 })).toEqual([{ start: 0, end: 300 }]);
  });

  it('BC5: the batch just completed stays even when it alone exceeds the budget', () => {
    const cache = new ChartBatchCache(10);
    cache.missingRanges(K, { start: 0, end: 1000 });
    cache.complete(K, { start: 0, end: 1000 }, data(0, 1000));
    expect(cache.stateOf(K, { start: 0, end: 1000 })).toBe('done');
  });

  it('BC6: reads include one point beyond each edge and are copies', () => {
    const cache = new ChartBatchCache();
    cache.missingRanges(K, { start: 0, end: 100 });
    cache.missingRanges(K, { start: 100, end: 200 });
    cache.complete(K, { start: 0, end: 100 }, data(0, 100));
    cache.complete(K, { start: 100, end: 200 }, data(100, 200));
    const s = cache.read(K, { start: 45, end: 105 }).get('s');
    expect(Array.from(s?.times ?? [])).toEqual([40, 50, 60, 70, 80, 90, 100, 110]);
    if (s) s.values.fill(-1);
    expect(cache.read(K, { start: 45, end: 55 }).get('s')?.values[1]).toBe(0.05);
    expect(cache.read(K, { start: 500, end: 600 }).size).toBe(0);
  });

  it('BC6: across a gap between batches, the neighbours give their edge points', () => {
    const cache = new ChartBatchCache();
    for (const r of [
      { start: 0, end: 100 },
      { start: 200, end: 300 },
    ]) {
      cache.missingRanges(K, r);
      cache.complete(K, r, data(r.start, r.end));
    }
    const s = cache.read(K, { start: 120, end: 180 }).get('s');
    expect(Array.from(s?.times ?? [])).toEqual([90, 200]);
    const wide = cache.read(K, { start: 50, end: 250 }).get('s');
    expect(Array.from(wide?.times ?? [])).toEqual([
      40, 50, 60, 70, 80, 90, 200, 210, 220, 230, 240, 250,
    ]);
  });

  it('BC7: clearing drops a key; results arriving later are ignored', () => {
    const cache = new ChartBatchCache();
    cache.missingRanges(K, { start: 0, end: 100 });
    cache.clear(K);
    expect(cache.complete(K, { start: 0, end: 100 }, data(0, 100))).toBe(false);
    expect(cache.totalPoints).toBe(0);
  });
});
