import { describe, expect, it } from 'vitest';
import { LiveSeries, REPEAT_AFTER_UNITS } from '../../../workers/charts/liveSeries.ts';

const SECOND_MS = 1000;

describe('SPEC §4 live series', () => {
  it('LS1: points append in order; older ones are dropped, equal times replace', () => {
    const s = new LiveSeries({ timeUnitMs: SECOND_MS });
    expect(s.append(1000, 1)).toBe(true);
    expect(s.append(2000, 2)).toBe(true);
    expect(s.append(1500, 9)).toBe(false);
    expect(s.append(2000, 3)).toBe(true);
    expect(s.snapshot()).toEqual({
      times: new Float64Array([1000, 2000]),
      values: new Float64Array([1, 3]),
    });
  });

  it('LS2: the last value repeats after more than 5 time units without an update', () => {
    expect(REPEAT_AFTER_UNITS).toBe(5);
    const s = new LiveSeries({ timeUnitMs: SECOND_MS });
    expect(s.repeatIfStale(10_000)).toBe(false);
    s.append(0, 4.2);
    expect(s.repeatIfStale(5000)).toBe(false);
    expect(s.repeatIfStale(5001)).toBe(true);
    expect(s.lastTime).toBe(5001);
    expect(s.lastValue).toBe(4.2);
    // The repeated point restarts the count.
    expect(s.repeatIfStale(9000)).toBe(false);
    expect(s.repeatIfStale(10_002)).toBe(true);
    expect(s.length).toBe(3);
    const minutes = new LiveSeries({ timeUnitMs: 60_000 });
    minutes.append(0, 1);
    expect(minutes.repeatIfStale(299_000)).toBe(false);
    expect(minutes.repeatIfStale(301_000)).toBe(true);
  });

  it('LS3: trimming keeps the one point before the cut-off', () => {
    const s = new LiveSeries({ timeUnitMs: SECOND_MS });
    for (let t = 0; t < 10; t++) s.append(t * 1000, t);
    expect(s.trimBefore(4500)).toBe(4);
    expect(Array.from(s.snapshot().times)).toEqual([4000, 5000, 6000, 7000, 8000, 9000]);
    // A point exactly at the cut-off still keeps the one before it.
    expect(s.trimBefore(5000)).toBe(0);
    expect(s.trimBefore(6000)).toBe(1);
    expect(s.snapshot().times[0]).toBe(5000);
    expect(s.trimBefore(0)).toBe(0);
    expect(s.trimBefore(1e9)).toBe(4);
    expect(Array.from(s.snapshot().values)).toEqual([9]);
  });

  it('LS4: snapshots are copies; the live buffers never leave', () => {
    const s = new LiveSeries({ timeUnitMs: SECOND_MS });
    s.append(1, 1);
    s.append(2, 2);
    const snap = s.snapshot();
    snap.values[0] = 99;
    s.append(3, 3);
    expect(Array.from(s.snapshot().values)).toEqual([1, 2, 3]);
    expect(snap.times.length).toBe(2);
    for (let t = 4; t < 20; t++) s.append(t, t);
    expect(Array.from(s.snapshotRange(5.5, 8).times)).toEqual([5, 6, 7, 8]);
  });

  it('LS5: growth and compaction keep every point across many appends and trims', () => {
    const s = new LiveSeries({ timeUnitMs: SECOND_MS, initialCapacity: 4 });
    for (let t = 0; t < 10_000; t++) {
      s.append(t, t * 2);
      if (t % 100 === 99) s.trimBefore(t - 50);
    }
    const snap = s.snapshot();
    expect(snap.times[0]).toBe(9948);
    expect(snap.times.length).toBe(52);
    for (let i = 0; i < snap.times.length; i++) {
      expect(snap.values[i]).toBe((snap.times[i] as number) * 2);
    }
    expect(() => new LiveSeries({ timeUnitMs: 0 })).toThrow(RangeError);
  });
});
