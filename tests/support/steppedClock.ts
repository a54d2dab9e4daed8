/**
 * A plant clock a test moves by hand (`buildServer`'s `now: () => clock.now`): `advance` moves
 * it and steps the simulator along with it, a second at a time, as the running plant would.
 */
export interface SteppedClock {
  /** The plant's time now, epoch ms. */
  readonly now: number;
  advance(ms: number): void;
}

export function steppedClock(
  startMs: number,
  simulation: () => { step(ms: number): void },
): SteppedClock {
  let now = startMs;
  return {
    get now() {
      return now;
    },
    advance(ms) {
      for (let left = ms; left > 0; left -= 1000) {
        now += Math.min(1000, left);
        simulation().step(Math.min(1000, left));
      }
    },
  };
}
