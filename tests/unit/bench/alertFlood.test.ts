/** The alarm-flood scenario's latency: arrival at the bench's subscriber to the top row. */
import { describe, expect, it } from 'vitest';
import { floodLatencies, floodWindow } from '../../../bench/scenarios/alertFlood.ts';

describe('alarm flood latency', () => {
  const arrivals = new Map([
    [1, { at: 1000, timestamp: 900 }],
    [2, { at: 1100, timestamp: 1000 }],
    [3, { at: 1110, timestamp: 1000 }],
    [4, { at: 1500, timestamp: 1400 }],
    [5, { at: 2500, timestamp: 2400 }],
  ]);

  it('BENCH-FLOOD1: an alert counts as shown once the top row shows it or one at least as new', () => {
    // Alert 3 came in the same tick as 2 (same timestamp): 2 at the top shows that tick.
    // Alert 4 is never at the top itself: 5 (newer) shows at 2600 and stands for it.
    const top = [
      { at: 1050, id: 1 },
      { at: 1160, id: 2 },
      { at: 2600, id: 5 },
    ];
    expect(floodLatencies(arrivals, top, 0, 3000)).toEqual([50, 60, 50, 1100, 100]);
    // Only the arrivals of the window count; one never shown has no latency.
    expect(floodLatencies(arrivals, top.slice(0, 2), 1050, 2000)).toEqual([60, 50]);
  });

  it('BENCH-FLOOD2: a top row seen before an alert arrived does not count for it', () => {
    const top = [{ at: 1090, id: 2 }];
    // Row 2 at 1090 is before alert 2 arrived at the bench (1100): not shown after arrival.
    expect(floodLatencies(arrivals, top, 1100, 1200)).toEqual([]);
  });

  it("BENCH-FLOOD3: a window leaves out its last second's arrivals, in the latencies and the count alike", () => {
    const top = [
      { at: 1050, id: 1 },
      { at: 1160, id: 2 },
      { at: 2600, id: 5 },
    ];
    // Window 0-2600: alert 5 (at 2500) is in its last second, left out; 1-4 count.
    expect(floodWindow(arrivals, top, 0, 2600)).toEqual({
      latencies: [50, 60, 50, 1100],
      expected: 4,
    });
  });
});
