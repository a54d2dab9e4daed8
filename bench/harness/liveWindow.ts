/**
 * One measurement window over a set of live tabs: counters are reset, probes run for
 * `windowMs`, and the window yields the ingest figures for Pegel tabs (through the app
 * probe) or naive baseline and floor tabs (through window.__baseline) alike.
 */
import { cpus } from 'node:os';
import type { Page } from 'playwright-core';
import { readAppProbe, resetAppProbe } from './appProbe.ts';
import { readBaseline } from './baselineProbe.ts';
import type { BenchContext } from './context.ts';
import { openMetricsSession } from './pageProbes.ts';
import { cpuByRole, readProcessCpu, type ProcessRole } from './processCpu.ts';
import { mean, pooledPercentile, sum } from './pool.ts';
import { inRefreshPeriods, percentile } from './stats.ts';

export type Side = 'pegel' | 'baseline';
/** A side of a window: the floor page (bench/baseline/floor/) counts as the baseline does. */
export type LiveSide = Side | 'floor';

export interface LiveWindowFigures {
  /** Values that reached the tabs' views per second, all tabs together. */
  deliveredPerSec: number;
  /**
   * Mean main-thread busy share of the tabs, percent (CDP TaskDuration: the wall time of
   * tasks, which stretches when the renderers outnumber the cores).
   */
  mainThreadBusyPct: number;
  /** Mean main-thread CPU share of the tabs, percent (CDP ThreadTime: time on a core). */
  mainThreadCpuPct: number;
  /**
   * Busy share of all the machine's cores over the window, percent (server, browser and
   * bench together): near 100 the tabs wait for a core, and wall-time figures stretch.
   */
  machineCpuPct: number;
  /** Percent of one core per process role (server, renderer, gpu …) over the window. */
  processCpuPct: Partial<Record<ProcessRole, number>>;
  /**
   * Frame intervals of the foreground tab (the one an operator looks at), p95 and p99; 0
   * when the window ran without the frame sampler (`frames: false`).
   */
  frameP95Ms: number;
  frameP99Ms: number;
  /** Long tasks (> 50 ms) per minute, summed over tabs. */
  longTasksPerMin: number;
  /** Each long task: its tab (index in `pages`), start from the window's start and length, ms. */
  longTasks: { tab: number; atMs: number; durationMs: number }[];
  /** Server-to-screen latency of the foreground tab's values (plant timestamp to applied). */
  latencyP50Ms: number;
  latencyP95Ms: number;
  /** Pegel only: main-thread ms per applied frame, p95. */
  dataPathP95Ms: number | null;
}

interface TabCounters {
  values: number;
  /** Milliseconds the tab's counters cover, by its own clock (reset to read). */
  windowMs: number;
  latenciesMs: number[];
  dataPathMs: number[] | null;
}

async function readCounters(side: LiveSide, page: Page, reset: boolean): Promise<TabCounters> {
  if (side !== 'pegel') {
    const b = await readBaseline(page, reset);
    return {
      values: b?.values ?? 0,
      windowMs: b?.windowMs ?? 0,
      latenciesMs: b?.latenciesMs ?? [],
      dataPathMs: null,
    };
  }
  const a = await readAppProbe(page, reset);
  return {
    values: a?.valuesApplied ?? 0,
    windowMs: a?.windowMs ?? 0,
    latenciesMs: a?.latenciesMs ?? [],
    dataPathMs: a?.dataPathMsPerFrame ?? null,
  };
}

/**
 * Values/s of all tabs together, each tab's count over the interval its own counters cover:
 * the tabs are reset one after another before the window and read one after another after
 * it, and on a loaded machine those reads take long enough that one window length for all
 * would count a tab's values over the wrong time. A tab without that interval (an older
 * build) counts over the window.
 */
export function deliveredPerSec(
  counters: readonly { values: number; windowMs: number }[],
  windowSeconds: number,
): number {
  return sum(counters.map((c) => c.values / (c.windowMs > 0 ? c.windowMs / 1000 : windowSeconds)));
}

/** Busy and total CPU time of all cores so far, ms (os.cpus()). */
function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/**
 * NOTE: headless Chromium gives full-rate animation frames only to the front tab; busy tabs
 * behind it get about one frame per second (as a real browser gives hidden tabs none), so
 * frame times come from the foreground tab, the last one by default. With `frames: false` the
 * window runs without the frame sampler (see startProbes): busy figures of a page that draws
 * only when its values change.
 */
export async function measureLiveWindow(
  ctx: BenchContext,
  side: LiveSide,
  pages: Page[],
  windowMs: number,
  foreground: Page = pages[pages.length - 1]!,
  options: { frames?: boolean } = {},
): Promise<LiveWindowFigures> {
  await foreground.bringToFront();
  for (const p of pages) {
    if (side === 'pegel') await resetAppProbe(p);
    else await readBaseline(p, true);
  }
  const sessions = await Promise.all(pages.map((p) => openMetricsSession(p)));
  const times = async (i: number) => {
    const m = await sessions[i]!.read();
    return { task: m.TaskDuration ?? 0, cpu: m.ThreadTime ?? 0 };
  };
  const before = await Promise.all(pages.map((_, i) => times(i)));
  await Promise.all(pages.map((p) => ctx.probes.start(p, options)));
  const machine0 = machineTimes();
  const processes0 = readProcessCpu();
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, windowMs));
  const machine1 = machineTimes();
  const processes1 = readProcessCpu();
  const probes = await Promise.all(pages.map((p) => ctx.probes.stop(p)));
  const counters = await Promise.all(pages.map((p) => readCounters(side, p, false)));
  const after = await Promise.all(pages.map((_, i) => times(i)));
  await Promise.all(sessions.map((s) => s.close()));
  const seconds = (Date.now() - t0) / 1000;
  const front = pages.indexOf(foreground);
  const frontFrames = inRefreshPeriods(probes[front]?.frameIntervalsMs ?? []);
  // Server to screen is read where the screen is drawn at full rate: the tabs behind the
  // front one are drawn about once a second (see the note below), and a Pegel tab applies
  // values when it draws (FR7c), so their figure would be headless Chromium's throttling.
  const frontLatencies = [counters[front]?.latenciesMs ?? []];
  const dataPath = counters.map((c) => c.dataPathMs).filter((d): d is number[] => d !== null);
  return {
    deliveredPerSec: deliveredPerSec(counters, seconds),
    mainThreadBusyPct: mean(after.map((a, i) => ((a.task - before[i]!.task) / seconds) * 100)),
    mainThreadCpuPct: mean(after.map((a, i) => ((a.cpu - before[i]!.cpu) / seconds) * 100)),
    processCpuPct: cpuByRole(processes0, processes1, seconds),
    machineCpuPct:
      (100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total),
    frameP95Ms: percentile(frontFrames, 95),
    frameP99Ms: percentile(frontFrames, 99),
    longTasksPerMin: sum(probes.map((p) => p.longTasks.length)) / (seconds / 60),
    longTasks: probes.flatMap((p, tab) =>
      p.longTasks.map((t) => ({ tab, atMs: t.startMs - p.startedAtMs, durationMs: t.durationMs })),
    ),
    latencyP50Ms: pooledPercentile(frontLatencies, 50),
    latencyP95Ms: pooledPercentile(frontLatencies, 95),
    dataPathP95Ms: dataPath.length ? pooledPercentile(dataPath, 95) : null,
  };
}
