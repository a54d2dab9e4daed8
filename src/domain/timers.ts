/**
 * The one door to time for the engine, the hub server and the simulated plant: every delay,
 * interval and clock read goes through a `Timers`, so tests drive them with fake time
 * (tests/support/engine/FakeTimers.ts) and soak tests can run a day in minutes (STYLE.md
 * "Time is injected"). It runs in the browser, in workers and in Node, so it names no
 * runtime's own timer types.
 */
export type TimerHandle = number;

export interface Timers {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

export interface RealTimersOptions {
  /** Node: the timers do not keep the process alive (the servers' sweeps and retries). */
  unref?: boolean;
}

/** Real time. Handles are numbers in browsers and objects in Node, so they are mapped. */
export function createRealTimers(options: RealTimersOptions = {}): Timers {
  let nextHandle = 1;
  const native = new Map<TimerHandle, ReturnType<typeof globalThis.setTimeout>>();
  const keep = (id: ReturnType<typeof globalThis.setTimeout>): TimerHandle => {
    if (options.unref) (id as { unref?: () => void }).unref?.();
    const handle = nextHandle++;
    native.set(handle, id);
    return handle;
  };
  const take = (handle: TimerHandle) => {
    const id = native.get(handle);
    native.delete(handle);
    return id;
  };
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const handle = keep(
        globalThis.setTimeout(() => {
          native.delete(handle);
          fn();
        }, ms),
      );
      return handle;
    },
    clearTimeout(handle) {
      const id = take(handle);
      if (id !== undefined) globalThis.clearTimeout(id);
    },
    setInterval(fn, ms) {
      return keep(globalThis.setInterval(fn, ms));
    },
    clearInterval(handle) {
      const id = take(handle);
      if (id !== undefined) globalThis.clearInterval(id);
    },
  };
}

/** Resolves after `ms` of the given time. */
export function delay(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.setTimeout(resolve, ms));
}
