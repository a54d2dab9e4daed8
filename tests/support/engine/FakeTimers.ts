/**
 * Fake time for the tests of the engine, the hub server and the plant (src/domain/timers.ts):
 * timers fire only when the test advances the clock.
 */
import type { TimerHandle, Timers } from '../../../src/domain/timers.ts';

interface Scheduled {
  handle: TimerHandle;
  at: number;
  fn: () => void;
  /** Intervals come again this many ms after they fire. */
  every?: number;
}

/** Lets promise callbacks and awaits run (they are microtasks and I/O-free). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class FakeTimers implements Timers {
  private time: number;
  private nextHandle = 1;
  private scheduled: Scheduled[] = [];

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const handle = this.nextHandle++;
    this.scheduled.push({ handle, at: this.time + Math.max(0, ms), fn });
    return handle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.scheduled = this.scheduled.filter((s) => s.handle !== handle);
  }

  setInterval(fn: () => void, ms: number): TimerHandle {
    const handle = this.nextHandle++;
    const every = Math.max(1, ms);
    this.scheduled.push({ handle, at: this.time + every, fn, every });
    return handle;
  }

  clearInterval(handle: TimerHandle): void {
    this.clearTimeout(handle);
  }

  get pending(): number {
    return this.scheduled.length;
  }

  /** Moves time forward by `ms`, firing due timers in order and settling after each. */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms;
    await settle();
    for (;;) {
      const due = this.scheduled
        .filter((s) => s.at <= until)
        .sort((a, b) => a.at - b.at || a.handle - b.handle)[0];
      if (!due) break;
      this.scheduled = this.scheduled.filter((s) => s !== due);
      if (due.every !== undefined) this.scheduled.push({ ...due, at: due.at + due.every });
      this.time = due.at;
      due.fn();
      await settle();
    }
    this.time = until;
    await settle();
  }
}
