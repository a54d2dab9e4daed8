/**
 * Probes injected into every bench page before its own scripts run: a long-task observer
 * (PerformanceObserver 'longtask', tasks over 50 ms) and a frame sampler
 * (requestAnimationFrame intervals). Plus page-level CDP figures: Performance.getMetrics
 * and heap usage.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { toHeapUsage, type HeapUsage, type RawHeapUsage } from './BrowserCdp.ts';

export interface LongTask {
  startMs: number;
  durationMs: number;
}

export interface ProbeWindow {
  /** Intervals between consecutive animation frames, ms. */
  frameIntervalsMs: number[];
  longTasks: LongTask[];
  /** Length of the sampled window, ms. */
  windowMs: number;
  /** The window's start on the page's clock (performance.now()), as the long tasks' startMs. */
  startedAtMs: number;
}

// NOTE: in-page code is a string, not a function: tsx (esbuild keepNames) wraps inner
// functions in `__name(...)`, which does not exist in the page.
const PROBE_SOURCE = `(() => {
  const state = { sampling: false, startedAt: 0, lastFrame: 0, frames: [], longTasks: [] };
  try {
    new PerformanceObserver((list) => {
      if (!state.sampling) return;
      for (const e of list.getEntries()) state.longTasks.push({ startMs: e.startTime, durationMs: e.duration });
    }).observe({ type: 'longtask', buffered: false });
  } catch {}
  const onFrame = (t) => {
    if (!state.sampling) return;
    if (state.lastFrame) state.frames.push(t - state.lastFrame);
    state.lastFrame = t;
    requestAnimationFrame(onFrame);
  };
  window.__pegelBenchProbe = {
    start(frames) {
      state.frames = []; state.longTasks = []; state.lastFrame = 0;
      state.startedAt = performance.now(); state.sampling = true;
      if (frames !== false) requestAnimationFrame(onFrame);
    },
    stop() {
      state.sampling = false;
      return { frameIntervalsMs: state.frames, longTasks: state.longTasks, windowMs: performance.now() - state.startedAt, startedAtMs: state.startedAt };
    },
  };
})();`;

/** Installs the probes in every page of a context (also pages opened later). */
export async function installPageProbes(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: PROBE_SOURCE });
}

/**
 * Starts the long-task observer and, unless `frames` is false, the frame sampler. NOTE: the
 * sampler's requestAnimationFrame loop makes the page produce a frame at every vsync (style,
 * layout and paint checks, a commit), which a page without animation does not: a busy
 * figure of a mostly idle page is taken without it.
 */
export async function startProbes(page: Page, options: { frames?: boolean } = {}): Promise<void> {
  await page.evaluate(`window.__pegelBenchProbe?.start(${options.frames !== false})`);
}

export async function stopProbes(page: Page): Promise<ProbeWindow> {
  const w = (await page.evaluate('window.__pegelBenchProbe?.stop() ?? null')) as ProbeWindow | null;
  if (!w) throw new Error(`page probes are not installed in ${page.url()}`);
  return w;
}

export interface MetricsSession {
  /** Performance.getMetrics; counters such as TaskDuration run from when the session opened. */
  read(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/**
 * A CDP session with the Performance domain enabled. NOTE: Performance.getMetrics counts
 * from Performance.enable, so before/after readings must come from the same session.
 */
export async function openMetricsSession(page: Page): Promise<MetricsSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Performance.enable');
  return {
    async read() {
      const { metrics } = await session.send('Performance.getMetrics');
      return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
    },
    close: () => session.detach().catch(() => undefined),
  };
}

/** Chromium's Performance.getMetrics of a page (TaskDuration, ScriptDuration, JSHeapUsedSize …). */
export async function performanceMetrics(page: Page): Promise<Record<string, number>> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  } finally {
    await session.detach();
  }
}

/** Used and total JS heap of a page, optionally after a forced garbage collection. */
export async function pageHeap(page: Page, collectGarbage = false): Promise<HeapUsage> {
  const session = await page.context().newCDPSession(page);
  try {
    if (collectGarbage) await session.send('HeapProfiler.collectGarbage');
    return toHeapUsage((await session.send('Runtime.getHeapUsage')) as RawHeapUsage);
  } finally {
    await session.detach();
  }
}

/**
 * Main-thread busy time of a page over `run`: the growth of Performance.getMetrics
 * TaskDuration (seconds of main-thread tasks) divided by the wall time, as a fraction.
 */
export async function mainThreadBusy(page: Page, run: () => Promise<void>): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Performance.enable');
    const read = async () => {
      const { metrics } = await session.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    };
    const before = await read();
    const t0 = performance.now();
    await run();
    const wallS = (performance.now() - t0) / 1000;
    return wallS > 0 ? ((await read()) - before) / wallS : 0;
  } finally {
    await session.detach();
  }
}
