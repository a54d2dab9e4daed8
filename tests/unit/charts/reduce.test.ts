import { describe, expect, it } from 'vitest';
import { reduceToPixels } from '../../../workers/charts/reduce.ts';

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function series(n: number, seed = 1): { times: Float64Array; values: Float64Array } {
  const rnd = random(seed);
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    times[i] = i * 1000;
    values[i] = Math.sin(i / 500) + rnd() * 0.1;
  }
  return { times, values };
}

describe('per-pixel reduction (engine, DESIGN.md "Charts")', () => {
  it('RD1: a single spike among 1M points survives, as does a single dip', () => {
    const { times, values } = series(1_000_000);
    values[654_321] = 1e6;
    values[123_457] = -1e6;
    const range = { start: 0, end: 1_000_000 * 1000, width: 800 };
    const out = reduceToPixels(times, values, range);
    expect(out.times.length).toBeLessThanOrEqual(4 * 800 + 2);
    const spikeAt = out.values.indexOf(1e6);
    expect(spikeAt).toBeGreaterThanOrEqual(0);
    expect(out.times[spikeAt]).toBe(654_321_000);
    expect(out.values.indexOf(-1e6)).toBeGreaterThanOrEqual(0);
  });

  it('RD1: every column keeps its first, min, max and last, in time order', () => {
    const { times, values } = series(50_000, 7);
    const range = { start: 5_000_000, end: 45_000_000, width: 300 };
    const out = reduceToPixels(times, values, range);
    for (let i = 1; i < out.times.length; i++) {
      expect(out.times[i]).toBeGreaterThan(out.times[i - 1] as number);
    }
    const col = (t: number): number =>
      Math.floor(((t - range.start) * range.width) / (range.end - range.start));
    const expected = new Map<number, { first: number; last: number; min: number; max: number }>();
    for (let i = 0; i < times.length; i++) {
      const t = times[i] as number;
      if (t < range.start || t >= range.end) continue;
      const c = col(t);
      const v = values[i] as number;
      const e = expected.get(c);
      if (!e) expected.set(c, { first: t, last: t, min: v, max: v });
      else {
        e.last = t;
        e.min = Math.min(e.min, v);
        e.max = Math.max(e.max, v);
      }
    }
    const got = new Map<number, { ts: number[]; vs: number[] }>();
    for (let i = 0; i < out.times.length; i++) {
      const t = out.times[i] as number;
      if (t < range.start || t >= range.end) continue;
      const g = got.get(col(t)) ?? { ts: [], vs: [] };
      g.ts.push(t);
      g.vs.push(out.values[i] as number);
      got.set(col(t), g);
    }
    expect(got.size).toBe(expected.size);
    for (const [c, e] of expected) {
      const g = got.get(c);
      expect(g).toBeDefined();
      if (!g) continue;
      expect(g.ts[0]).toBe(e.first);
      expect(g.ts[g.ts.length - 1]).toBe(e.last);
      expect(Math.min(...g.vs)).toBe(e.min);
      expect(Math.max(...g.vs)).toBe(e.max);
      expect(g.ts.length).toBeLessThanOrEqual(4);
    }
  });

  it('RD2: NaN gaps are kept once and split the column', () => {
    const { times, values } = series(10_000, 3);
    values.fill(NaN, 4000, 4100);
    const out = reduceToPixels(times, values, { start: 0, end: 10_000_000, width: 100 });
    const gaps = [...out.values].map((v, i) => [v, out.times[i]]).filter(([v]) => Number.isNaN(v));
    expect(gaps).toEqual([[NaN, 4_000_000]]);
    // The points around the gap are kept, so the line ends and restarts at the right place.
    expect([...out.times]).toContain(3_999_000);
    expect([...out.times]).toContain(4_100_000);
  });

  it('RD3: one point before and one after the range are kept', () => {
    const { times, values } = series(10_000, 5);
    const out = reduceToPixels(times, values, { start: 2_000_500, end: 8_000_500, width: 50 });
    expect(out.times[0]).toBe(2_000_000);
    expect(out.times[out.times.length - 1]).toBe(8_001_000);
  });

  it('RD4: the input is unchanged and short input comes back as a copy', () => {
    const { times, values } = series(100, 9);
    const before = Array.from(values);
    const out = reduceToPixels(times, values, { start: 0, end: 100_000, width: 800 });
    expect(out.times).not.toBe(times);
    expect(Array.from(out.values)).toEqual(before);
    out.values[0] = 42;
    expect(Array.from(values)).toEqual(before);
    const big = series(100_000, 11);
    const copy = Array.from(big.values);
    reduceToPixels(big.times, big.values, { start: 0, end: 1e8, width: 10 });
    expect(Array.from(big.values)).toEqual(copy);
  });

  it('RD5: empty input and ranges outside the data give empty or edge points', () => {
    const empty = new Float64Array(0);
    expect(reduceToPixels(empty, empty, { start: 0, end: 10, width: 5 }).times.length).toBe(0);
    const { times, values } = series(1000, 13);
    const after = reduceToPixels(times, values, { start: 5e6, end: 6e6, width: 5 });
    expect(Array.from(after.times)).toEqual([999_000]);
  });
});
