/**
 * The one door to time for the engine: every delay, interval and clock read goes through a
 * `Timers`, so unit tests drive the engine with fake time and soak tests can run a day in
 * minutes (STYLE.md "Time is injected").
 */
export type TimerHandle = number;

export interface Timers {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Real time. Handles are numbers in browsers and objects in Node, so they are mapped. */
export function createRealTimers(): Timers {
  let nextHandle = 1;
  const native = new Map<TimerHandle, ReturnType<typeof globalThis.setTimeout>>();
  return {
    now: () => Date.now(),
    setTimeout(fn, ms) {
      const handle = nextHandle++;
      native.set(
        handle,
        globalThis.setTimeout(() => {
          native.delete(handle);
          fn();
        }, ms),
      );
      return handle;
    },
    clearTimeout(handle) {
      const id = native.get(handle);
      if (id === undefined) return;
      native.delete(handle);
      globalThis.clearTimeout(id);
    },
  };
}

/** Resolves after `ms` of the given time. */
export function delay(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.setTimeout(resolve, ms));
}
