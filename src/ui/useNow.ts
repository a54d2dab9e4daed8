/**
 * One shared clock for every age shown on screen ('vor 12 s'): a single interval for the
 * whole tab, started by the first subscriber and stopped by the last, instead of a timer
 * per row.
 */
import { useSyncExternalStore } from 'react';

const TICK_MS = 1000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/**
 * The shared clock in steps of `stepMs` (a minute for ages in a chart legend): the component
 * renders again only when the step changes, not every second.
 */
export function useNowEvery(stepMs: number): number {
  return useSyncExternalStore(subscribe, () => Math.floor(now / stepMs) * stepMs);
}
