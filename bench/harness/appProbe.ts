/**
 * The figures a Pegel tab reports to the bench. The live layer (src/live) exposes this
 * object as `window.__pegelBench` so the bench can read what only the app knows: values
 * applied to the live store, the main-thread time spent applying frames, and
 * server-to-screen latency from the simulator's timestamps. Scenarios read it through
 * `readAppProbe`; a tab without it yields null and the Pegel side is reported as not
 * measured.
 */
import type { Page } from 'playwright-core';
import type { EngineStats } from '../../workers/engineApi.ts';

export interface AppProbeSnapshot {
  /** PV values applied to the tab's live store since the last reset. */
  valuesApplied: number;
  /** Frames received from the engine since the last reset. */
  frames: number;
  /** Main-thread time per applied frame, ms (receive to subscribers notified). */
  dataPathMsPerFrame: number[];
  /** Date.now() at commit minus the value's plant timestamp, ms (sampled). */
  latenciesMs: number[];
  /** Milliseconds covered since the last reset. */
  windowMs: number;
  /** Navigation start to the first live value on screen, ms; null before the first value. */
  firstValueMs: number | null;
  /** The first rendering opportunity after the first value (undefined from older builds). */
  firstValueDrawnMs?: number | null;
  /** Navigation start to the first key leased by a mounted component, ms (absent in the fake). */
  firstLeaseMs?: number | null;
}

/** Shape the app implements on window.__pegelBench. */
export interface AppProbe {
  snapshot(): AppProbeSnapshot;
  reset(): void;
  /** Leases PV value keys in the engine as mounted components would (soak bench). */
  leasePvValues?(keys: string[]): number;
  /**
   * Marks each frame's data path with User Timing marks (src/live/dataPathProbe.ts
   * FRAME_MARKS) while on, for harness/frameThreadTime.ts (absent in older builds).
   */
  markFrames?(on: boolean): void;
  /** The shared engine's monotonic value-path counters (absent in the fake and older builds). */
  engineStats?(): Promise<EngineStatsSnapshot>;
}

/** The engine's value-path counters (workers/pvIngest.ts). */
export type EngineStatsSnapshot = EngineStats;

/** The engine's counters through a tab's probe; null when the app does not expose them. */
export async function readEngineStats(page: Page): Promise<EngineStatsSnapshot | null> {
  return (await page.evaluate(
    `(async () => { const p = window.__pegelBench; return p && typeof p.engineStats === 'function' ? await p.engineStats() : null; })()`,
  )) as EngineStatsSnapshot | null;
}

export async function readAppProbe(page: Page, reset = false): Promise<AppProbeSnapshot | null> {
  const expr = `(() => {
    const p = window.__pegelBench;
    if (!p || typeof p.snapshot !== 'function') return null;
    const s = p.snapshot();
    if (${reset}) p.reset();
    return s;
  })()`;
  return (await page.evaluate(expr)) as AppProbeSnapshot | null;
}

export async function resetAppProbe(page: Page): Promise<boolean> {
  return (await page.evaluate(
    `(() => { const p = window.__pegelBench; if (!p) return false; p.reset(); return true; })()`,
  )) as boolean;
}
