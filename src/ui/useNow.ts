/**
 * One shared clock for every age shown on screen ('vor 12 s'): a single interval for the
 * whole tab, started by the first subscriber and stopped by the last, instead of a timer
 * per row. Kept out of valtio (which holds the other app state): a number compared by
 * `useSyncExternalStore` costs about 0.01 ms a tick for 500 ages, valtio's snapshot and
 * tracking proxy per age 0.6-1.3 ms (README, "Hand-written where a library could do the work").
 */
import { useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * The time as of the last moment that matters to the component: its mount, and `at` once
 * that has passed. One timeout, no ticks: a view whose look changes at a known moment (a
 * station's data turning stale, an interim dial state running out) renders then and never
 * per second (issue 44: an idle tab costs nothing). Ages on screen use AgeText.
 */
export function useNowAt(at: number | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at == null || at < now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, at - Date.now()) + 1);
    return () => clearTimeout(timer);
  }, [at, now]);
  return now;
}
