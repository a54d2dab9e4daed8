import { describe, expect, it, vi } from 'vitest';
import { DataPathProbe, FRAME_MARKS } from '../../../src/live/dataPathProbe.ts';
import type { PvValue } from '../../../src/contract/pv.ts';

const value = (timestamp: number): PvValue => ({
  pvRef: { type: 'AnaIn', nr: 100001 },
  typeOfValue: 'DoubleValue',
  doubleValue: 1,
  quality: 'Good',
  timestamp,
});

describe('bench probe of the tab data path', () => {
  it('DP1: counts frames and values, samples latency from plant timestamps, resets', () => {
    const probe = new DataPathProbe();
    expect(probe.snapshot().firstValueMs).toBeNull();
    probe.record(performance.now(), []);
    const old = Date.now() - 250;
    probe.record(
      performance.now(),
      Array.from({ length: 100 }, () => value(old)),
    );
    const s = probe.snapshot();
    expect(s.frames).toBe(2);
    expect(s.valuesApplied).toBe(100);
    expect(s.dataPathMsPerFrame).toHaveLength(2);
    expect(s.latenciesMs.length).toBeGreaterThan(0);
    expect(s.latenciesMs.length).toBeLessThanOrEqual(10);
    expect(Math.min(...s.latenciesMs)).toBeGreaterThanOrEqual(250);
    expect(s.firstValueMs).not.toBeNull();
    probe.reset();
    expect(probe.snapshot()).toMatchObject({ frames: 0, valuesApplied: 0, latenciesMs: [] });
  });

  it('DP2: the first value counts as drawn in the animation frame it was applied in, else at the next', () => {
    const inDraw = new DataPathProbe();
    inDraw.record(performance.now(), [value(Date.now())], true);
    expect(inDraw.snapshot().firstValueDrawnMs).toBe(inDraw.snapshot().firstValueMs);

    const callbacks: (() => void)[] = [];
    const g = globalThis as { requestAnimationFrame?: (cb: () => void) => number };
    const before = g.requestAnimationFrame;
    g.requestAnimationFrame = (cb) => callbacks.push(cb);
    try {
      const outside = new DataPathProbe();
      outside.record(performance.now(), [value(Date.now())]);
      expect(outside.snapshot().firstValueMs).not.toBeNull();
      expect(outside.snapshot().firstValueDrawnMs).toBeNull();
      outside.record(performance.now(), [value(Date.now())]);
      expect(callbacks).toHaveLength(1);
      callbacks[0]!();
      expect(outside.snapshot().firstValueDrawnMs).toBeGreaterThanOrEqual(
        outside.snapshot().firstValueMs!,
      );
    } finally {
      g.requestAnimationFrame = before;
    }
  });

  it("DP3: marks each frame's data path only while the bench asks, and keeps no mark", () => {
    const mark = vi.spyOn(performance, 'mark');
    try {
      const probe = new DataPathProbe();
      probe.record(probe.begin(), [value(Date.now())]);
      expect(mark).not.toHaveBeenCalled();

      probe.markFrames(true);
      const startedAt = probe.begin();
      expect(mark.mock.calls.map((c) => c[0])).toEqual([FRAME_MARKS.start]);
      probe.record(startedAt, [value(Date.now())]);
      expect(mark.mock.calls.map((c) => c[0])).toEqual([FRAME_MARKS.start, FRAME_MARKS.end]);
      // Marked for a trace, never kept in the page's timeline.
      expect(performance.getEntriesByName(FRAME_MARKS.start)).toHaveLength(0);
      expect(performance.getEntriesByName(FRAME_MARKS.end)).toHaveLength(0);

      probe.markFrames(false);
      probe.record(probe.begin(), [value(Date.now())]);
      expect(mark).toHaveBeenCalledTimes(2);
      expect(probe.snapshot().frames).toBe(3);
    } finally {
      mark.mockRestore();
    }
  });
});
