/**
 * The clock and timers of the hub server, injectable so tests can use short intervals or
 * fake time. Frames are flushed through `soon` (one flush per I/O tick).
 */

export interface HubTimer {
  cancel(): void;
}

export interface HubTimers {
  now(): number;
  after(ms: number, fn: () => void): HubTimer;
  every(ms: number, fn: () => void): HubTimer;
  /** Runs `fn` once the current I/O tick is done (setImmediate in production). */
  soon(fn: () => void): void;
}

export const realTimers: HubTimers = {
  now: () => Date.now(),
  after(ms, fn) {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
  soon(fn) {
    setImmediate(fn);
  },
};
