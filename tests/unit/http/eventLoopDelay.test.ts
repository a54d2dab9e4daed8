/**
 * The event-loop delay /metrics exports is how late the histogram's timer fired, not the
 * timer's interval: `monitorEventLoopDelay` records the whole time between two turns.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { EVENT_LOOP_RESOLUTION_MS, delayBeyondInterval } from '../../../server/http/metrics.ts';

describe('delayBeyondInterval', () => {
  it('ELD1: takes the interval off; an early or missing turn counts as no delay', () => {
    expect(delayBeyondInterval(10e6)).toBe(0);
    expect(delayBeyondInterval(9.6e6)).toBe(0);
    expect(delayBeyondInterval(35e6)).toBeCloseTo(0.025, 9);
    expect(delayBeyondInterval(Number.NaN)).toBe(0);
    expect(delayBeyondInterval(25e6, 20)).toBeCloseTo(0.005, 9);
  });

  it("ELD2: Node's histogram holds the interval itself: its shortest turn is about the resolution", async () => {
    const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
    histogram.enable();
    await new Promise((resolve) => setTimeout(resolve, 12 * EVENT_LOOP_RESOLUTION_MS));
    histogram.disable();
    // Were the interval not in it, a loop that waits for nothing would read about 0.
    expect(histogram.count).toBeGreaterThan(0);
    expect(histogram.min / 1e6).toBeGreaterThan(EVENT_LOOP_RESOLUTION_MS / 2);
  });
});
