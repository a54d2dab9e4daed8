/** bench/harness/liveWindow.ts: values/s of tabs whose counters cover different intervals. */
import { describe, expect, it } from 'vitest';
import { deliveredPerSec } from '../../../bench/harness/liveWindow.ts';

describe('deliveredPerSec', () => {
  it('LW1: each tab counts over the interval its own counters cover, not the window', () => {
    // Two tabs at 1,000 values/s each: the first was reset 1 s before the window began and
    // read 0.5 s after it ended (a busy machine); the window itself was 8 s.
    const counters = [
      { values: 9_500, windowMs: 9_500 },
      { values: 8_000, windowMs: 8_000 },
    ];
    expect(deliveredPerSec(counters, 8)).toBe(2_000);
  });

  it('LW2: a tab that reports no interval counts over the window', () => {
    expect(deliveredPerSec([{ values: 4_000, windowMs: 0 }], 8)).toBe(500);
    expect(deliveredPerSec([], 8)).toBe(0);
  });
});
