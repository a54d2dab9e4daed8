/**
 * Ingest: 100,000 PVs changing at 1k–250k updates/s, watched by 1 to 50 tabs. Pegel tabs
 * share one engine; every baseline tab has its own hub connection and re-renders per value.
 * Figures come from the headline and the peak case. The sweep (over updates/s at the
 * headline's tabs, over tabs at the headline's rate) goes into plots of what each side costs
 * as work grows, and a fit of that cost into a part per tab and a part per update.
 */
import type { Page } from 'playwright-core';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { readEngineStats } from '../harness/appProbe.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import type { BenchContext, BenchServer, TabSet } from '../harness/context.ts';
import { measureLiveWindow, type LiveWindowFigures, type Side } from '../harness/liveWindow.ts';
import { requirePvPlant } from '../harness/prerequisites.ts';
import { defineScenario, type FigureSamples, type Plot } from '../harness/scenario.ts';
import { pvValuesSent, SERVER_METRICS } from '../harness/serverMetrics.ts';
import { fitCost, median, percentile, slope } from '../harness/stats.ts';
import { profileNote } from '../harness/pageProfile.ts';
import { findSharedWorker, profileWorker } from '../harness/workerProfile.ts';
import { traceFrameTimes } from '../harness/frameThreadTime.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';

interface IngestParams {
  runs: number;
  warmupMs: number;
  windowMs: number;
  stations: number;
  pvsPerStation: number;
  /** The case the figures report. */
  headline: { updatesPerSec: number; tabs: number };
  /** The heaviest case (its figures are reported as "peak load"). */
  peak: { updatesPerSec: number; tabs: number };
  /** Rates swept at the headline's tabs, tab counts swept at the headline's rate. */
  sweep: { updatesPerSec: number[]; tabs: number[] };
  /** Windows per sweep case that is neither headline nor peak (they feed plots and fits). */
  sweepRuns: number;
  /** What each tab subscribes: one station's PVs (tab i → station i) or every PV. */
  subscription: 'station' | 'all';
  /** Values rendered per tab and points in its live chart. */
  rowsPerTab: number;
  chartPoints: number;
  /** The Pegel page of a tab; `{station}` is replaced by the station number. */
  pegelPath: string;
  /** How long a Pegel tab may take to expose window.__pegelBench. */
  appProbeTimeoutMs: number;
}

interface CaseRun extends LiveWindowFigures {
  /** Pegel: the engine's SharedWorker busy share of one core, percent (CDP profile). */
  workerBusyPct: number | null;
  /** PV values/s the server pushed over the window (/metrics), to all the side's sockets. */
  sentPerSec: number;
  /**
   * Pegel: values/s a newer value of the same PV replaced before a tab's next frame took them
   * (the engine's `pvValuesReplaced`): by design they never reach the tab; null for the
   * baseline, whose tabs take every value.
   */
  replacedPerSec: number | null;
}

interface CaseResult {
  runs: CaseRun[];
  sockets: number | null;
  /** Where the front tab's main thread went (Pegel, the case asked to profile). */
  profile?: string;
  /**
   * Pegel, the figure cases: the data path per frame on a core (thread time), p95 of all the
   * tabs' frames, one per traced window (harness/frameThreadTime.ts); windows of their own
   * after the measured ones, as marks and the trace cost a little.
   */
  dataPathCoreP95Ms?: number[];
}

type Figure = keyof CaseRun | 'serverSockets';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function keysOf(
  nodes: PvNode[],
  tab: number,
  p: IngestParams,
): { keys: string[]; station: number } {
  const node = nodes[tab % nodes.length]!;
  const refs = p.subscription === 'all' ? nodes.flatMap((n) => n.pvs) : node.pvs;
  return { keys: refs.map(pvKey), station: node.stationNumber };
}

async function openSide(
  ctx: BenchContext,
  side: Side,
  server: BenchServer,
  nodes: PvNode[],
  tabs: number,
  p: IngestParams,
): Promise<TabSet> {
  const set = await ctx.openTabs(0, '/', { server });
  for (let i = 0; i < tabs; i++) {
    const { keys, station } = keysOf(nodes, i, p);
    const chartKey = keys.find((k) => k.startsWith('ai')) ?? keys[0] ?? '';
    const path =
      side === 'baseline'
        ? ctx.baselinePath({
            keys: formatKeyList(keys),
            rows: p.rowsPerTab,
            chartKey,
            chartPoints: p.chartPoints,
          })
        : p.pegelPath.replace('{station}', String(station));
    await set.open(1, path);
  }
  return set;
}

async function waitReady(side: Side, pages: Page[], p: IngestParams): Promise<void> {
  if (side === 'baseline') return waitBaselineConnected(pages);
  await Promise.all(
    pages.map((page) =>
      waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`, {
        timeout: p.appProbeTimeoutMs,
      }),
    ),
  );
}

/** One window; for Pegel the engine's worker is profiled over it for its CPU. */
async function measureCase(
  ctx: BenchContext,
  side: Side,
  server: BenchServer,
  pages: Page[],
  windowMs: number,
): Promise<CaseRun> {
  // What the server pushed over the same window: the share delivered is taken against it, so
  // a server that falls short of its configured rate on a busy machine is not counted as loss.
  const window = async () => {
    const sent0 = await pvValuesSent(server);
    const started = performance.now();
    const engine0 = side === 'pegel' ? await readEngineStats(pages[0]!) : null;
    const figures = await measureLiveWindow(ctx, side, pages, windowMs);
    const sent1 = await pvValuesSent(server);
    const engine1 = side === 'pegel' ? await readEngineStats(pages[0]!) : null;
    const seconds = (performance.now() - started) / 1000;
    const replacedPerSec =
      engine0?.pvValuesReplaced !== undefined && engine1?.pvValuesReplaced !== undefined
        ? (engine1.pvValuesReplaced - engine0.pvValuesReplaced) / seconds
        : null;
    return { ...figures, sentPerSec: (sent1 - sent0) / seconds, replacedPerSec };
  };
  if (side === 'baseline') return { ...(await window()), workerBusyPct: null };
  const target = await findSharedWorker(ctx.cdp);
  if (!target) return { ...(await window()), workerBusyPct: null };
  // A coarse sampling interval: the profiler must not add to what it measures.
  const { result, cpu } = await profileWorker(ctx.cdp, target.targetId, window, 1000);
  return { ...result, workerBusyPct: cpu.busyPct };
}

async function runCase(
  ctx: BenchContext,
  side: Side,
  server: BenchServer,
  nodes: PvNode[],
  tabs: number,
  runCount: number,
  p: IngestParams,
  profileAs?: string,
  coreWindows = 0,
): Promise<CaseResult> {
  const set = await openSide(ctx, side, server, nodes, tabs, p);
  try {
    await waitReady(side, set.pages, p);
    if (side === 'pegel') {
      // The baseline subscribes every PV of its station; a Pegel station page leases only the
      // rows on screen. Lease the rest through the tab too, so both sides take in the same
      // values and "delivered" compares like with like (Pegel still renders only what shows).
      for (const [i, page] of set.pages.entries())
        await page.evaluate(
          `window.__pegelBench.leasePvValues?.(${JSON.stringify(keysOf(nodes, i, p).keys)})`,
        );
    }
    await sleep(p.warmupMs);
    const runs = await ctx.repeat(runCount, () =>
      measureCase(ctx, side, server, set.pages, p.windowMs),
    );
    const core: number[] = [];
    for (let i = 0; i < coreWindows; i++) {
      // A trace that fails leaves the figure out, not the case: the measured runs stand.
      const frames = await traceFrameTimes(set.pages, p.windowMs).catch((err: unknown) => {
        ctx.log(`  no frame marks traced: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      });
      if (frames?.threadMs.length) core.push(percentile(frames.threadMs, 95));
    }
    const metrics = await server.metrics();
    const sockets = metrics.has(SERVER_METRICS.hubConnections)
      ? metrics.sum(SERVER_METRICS.hubConnections)
      : null;
    // After the measured runs: the profiler's own work must not count in them.
    const profile = profileAs
      ? await profileNote(ctx, profileAs, set.pages[set.pages.length - 1]!, p.windowMs)
      : undefined;
    return {
      runs,
      sockets,
      ...(profile ? { profile } : {}),
      ...(core.length ? { dataPathCoreP95Ms: core } : {}),
    };
  } finally {
    await set.close();
  }
}

const FIGURE_KEYS: Figure[] = [
  'deliveredPerSec',
  'dataPathP95Ms',
  'mainThreadBusyPct',
  'mainThreadCpuPct',
  'frameP95Ms',
  'frameP99Ms',
  'longTasksPerMin',
  'latencyP50Ms',
  'latencyP95Ms',
  'serverSockets',
];

/** The figures the peak case reports (frame times come from the headline case alone). */
const PEAK_FIGURE_KEYS: Figure[] = [
  'deliveredPerSec',
  'dataPathP95Ms',
  'mainThreadBusyPct',
  'longTasksPerMin',
  'latencyP95Ms',
  'serverSockets',
];

function samplesOf(result: CaseResult | undefined, key: Figure): number[] | undefined {
  if (!result) return undefined;
  if (key === 'serverSockets') return result.sockets === null ? undefined : [result.sockets];
  const values = result.runs
    .map((r) => r[key])
    .filter((v): v is number => v !== null && Number.isFinite(v));
  return values.length ? values : undefined;
}

const QUICK: IngestParams = {
  runs: 3,
  warmupMs: 2000,
  windowMs: 3000,
  stations: 500,
  pvsPerStation: 200,
  headline: { updatesPerSec: 10_000, tabs: 5 },
  peak: { updatesPerSec: 10_000, tabs: 5 },
  sweep: { updatesPerSec: [1_000, 10_000], tabs: [1, 5] },
  sweepRuns: 1,
  subscription: 'station',
  rowsPerTab: 200,
  chartPoints: 3600,
  pegelPath: '/stations/{station}',
  appProbeTimeoutMs: 15_000,
};

export default defineScenario<IngestParams>({
  id: 'ingest',
  title: 'Ingest (100,000 PVs)',
  order: 20,
  figures: [
    {
      id: 'deliveredPerSec',
      label: 'Updates/s delivered to tabs',
      unit: 'values/s',
      better: 'higher',
      compare: true,
      limit: 'limits.jsonParseValuesPerSec',
    },
    {
      id: 'dataPathP95Ms',
      label: 'Main-thread data path per frame, p95',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 2 },
    },
    {
      id: 'dataPathCoreP95Ms',
      label: 'Main-thread data path per frame on a core (thread time), p95',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 2 },
    },
    {
      id: 'mainThreadBusyPct',
      label: 'Main thread busy (mean per tab)',
      unit: '%',
      better: 'lower',
      compare: true,
    },
    {
      id: 'mainThreadCpuPct',
      label: 'Main thread CPU (mean per tab, time on a core)',
      unit: '%',
      better: 'lower',
      compare: true,
    },
    {
      id: 'frameP95Ms',
      label: 'Frame time p95 (front tab)',
      unit: 'ms',
      better: 'lower',
      compare: true,
    },
    {
      id: 'frameP99Ms',
      label: 'Frame time p99 (front tab)',
      unit: 'ms',
      better: 'lower',
      compare: true,
    },
    {
      id: 'longTasksPerMin',
      label: 'Long tasks > 50 ms (all tabs)',
      unit: '/min',
      better: 'lower',
      compare: true,
    },
    {
      id: 'latencyP50Ms',
      label: 'Server-to-screen latency p50',
      unit: 'ms',
      better: 'lower',
      compare: true,
    },
    {
      id: 'latencyP95Ms',
      label: 'Server-to-screen latency p95',
      unit: 'ms',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 100 },
    },
    {
      id: 'serverSockets',
      label: 'WebSockets open at the server',
      unit: 'sockets',
      better: 'lower',
      compare: true,
    },
    // The heaviest case of the sweep (full run: 250,000 updates/s, 20 tabs).
    {
      id: 'deliveredPerSecPeak',
      label: 'Peak load: updates/s delivered to tabs',
      unit: 'values/s',
      better: 'higher',
      compare: true,
      limit: 'limits.jsonParseValuesPerSec',
    },
    {
      id: 'heldPctPeak',
      label:
        'Peak load: share of the values sent that reached the tabs (Pegel: or were replaced by a newer value before a tab’s next frame)',
      unit: '%',
      better: 'higher',
      compare: true,
      target: { op: '>=', value: 99 },
    },
    {
      id: 'dataPathP95MsPeak',
      label: 'Peak load: main-thread data path per frame, p95',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 2 },
    },
    {
      id: 'dataPathCoreP95MsPeak',
      label: 'Peak load: main-thread data path per frame on a core (thread time), p95',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 2 },
    },
    {
      id: 'mainThreadBusyPctPeak',
      label: 'Peak load: main thread busy (mean per tab)',
      unit: '%',
      better: 'lower',
      compare: true,
    },
    {
      id: 'longTasksPerMinPeak',
      label: 'Peak load: long tasks > 50 ms (all tabs)',
      unit: '/min',
      better: 'lower',
      compare: true,
    },
    {
      id: 'latencyP95MsPeak',
      label: 'Peak load: server-to-screen latency p95',
      unit: 'ms',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 100 },
    },
    {
      id: 'serverSocketsPeak',
      label: 'Peak load: WebSockets open at the server',
      unit: 'sockets',
      better: 'lower',
      compare: true,
    },
    // Fitted over the whole sweep: cost = per tab · tabs + per update · updates delivered.
    {
      id: 'workerUsPerUpdate',
      label: 'Cost per update: engine worker CPU (fit over the sweep)',
      unit: 'µs',
      better: 'lower',
    },
    {
      id: 'tabUsPerUpdate',
      label: 'Cost per update: tab main threads (fit over the sweep)',
      unit: 'µs',
      better: 'lower',
      compare: true,
      // Issue 58: no view slower or heavier than the naive client in the same run.
      naiveTarget: true,
      // Issue 44: a live value costs a station page's main thread a few microseconds.
      target: { op: '<=', value: 5 },
    },
    {
      id: 'tabMsPerTab',
      label: 'Cost per open tab: main thread at no load (fit over the sweep)',
      unit: 'ms/s',
      better: 'lower',
      compare: true,
      // Issue 58: no view slower or heavier than the naive client in the same run.
      naiveTarget: true,
    },
  ],
  quick: QUICK,
  // The full run: longer windows, the peak at 250,000 updates/s in 20 tabs, the whole sweep.
  full: {
    ...QUICK,
    windowMs: 5000,
    peak: { updatesPerSec: 250_000, tabs: 20 },
    sweep: { updatesPerSec: [1_000, 10_000, 100_000, 250_000], tabs: [1, 5, 20, 50] },
    appProbeTimeoutMs: 30_000,
  },
  async run(ctx, p) {
    const results = new Map<string, CaseResult>();
    const caseKey = (side: Side, load: number, tabs: number) => `${side}/${load}/${tabs}`;
    const notes: string[] = [];
    let pegelMissing: string | null = null;
    const { updatesPerSec: hl, tabs: ht } = p.headline;
    const { updatesPerSec: peakLoad, tabs: peakTabs } = p.peak;
    const isFigureCase = (load: number, tabs: number) =>
      (load === hl && tabs === ht) || (load === peakLoad && tabs === peakTabs);
    // The sweep is a cross through the headline, plus the peak: tab counts by rate.
    const cases = new Map<number, Set<number>>();
    const addCase = (load: number, tabs: number) => {
      if (!cases.has(load)) cases.set(load, new Set());
      cases.get(load)!.add(tabs);
    };
    for (const load of p.sweep.updatesPerSec) addCase(load, ht);
    for (const tabs of p.sweep.tabs) addCase(hl, tabs);
    addCase(hl, ht);
    addCase(peakLoad, peakTabs);

    for (const [load, tabCounts] of [...cases].sort((a, b) => a[0] - b[0])) {
      const server = await ctx.startServer({
        stations: p.stations,
        pvsPerStation: p.pvsPerStation,
        updatesPerSec: load,
      });
      try {
        const nodes = await requirePvPlant(ctx, server);
        for (const tabs of [...tabCounts].sort((a, b) => a - b)) {
          const runCount = isFigureCase(load, tabs) ? p.runs : p.sweepRuns;
          for (const side of ['baseline', 'pegel'] as const) {
            if (side === 'pegel' && pegelMissing) continue;
            ctx.log(`  ${side}: ${load} updates/s, ${tabs} tab(s)`);
            // The peak case's front tab is profiled: the station page at the most updates a
            // second, where a target of cost per update it misses says where the time goes.
            const profileAs =
              side === 'pegel' && load === peakLoad && tabs === peakTabs
                ? `Pegel station page at ${load}/s over ${tabs} tabs`
                : undefined;
            try {
              // The figure cases also take the data path's time on a core, in windows of their own.
              const coreWindows = side === 'pegel' && isFigureCase(load, tabs) ? p.runs : 0;
              const result = await runCase(
                ctx,
                side,
                server,
                nodes,
                tabs,
                runCount,
                p,
                profileAs,
                coreWindows,
              );
              results.set(caseKey(side, load, tabs), result);
              if (result.profile) notes.push(result.profile);
            } catch (err) {
              if (side === 'baseline') throw err;
              pegelMissing = `Pegel tabs expose no window.__pegelBench (bench/harness/appProbe.ts): ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
              notes.push(pegelMissing);
            }
          }
        }
      } finally {
        await server.handle.dispose();
      }
    }

    const figures: Record<string, FigureSamples> = {};
    for (const key of FIGURE_KEYS) {
      const value = samplesOf(results.get(caseKey('pegel', hl, ht)), key);
      const baseline = samplesOf(results.get(caseKey('baseline', hl, ht)), key);
      figures[key] = { ...(value ? { value } : {}), ...(baseline ? { baseline } : {}) };
    }
    figures.deliveredPerSec = {
      ...figures.deliveredPerSec,
      note: `${hl} updates/s, ${ht} tabs, ${p.subscription} subscription per tab`,
    };
    const coreNote =
      'each frame between the tab probe’s User Timing marks, its time on the renderer main thread’s clock (trace tts), all tabs’ frames pooled, in windows of their own after the measured ones (bench/README.md "The peak frame on a core")';
    const coreOf = (load: number, tabs: number) =>
      results.get(caseKey('pegel', load, tabs))?.dataPathCoreP95Ms;
    const coreHeadline = coreOf(hl, ht);
    if (coreHeadline) figures.dataPathCoreP95Ms = { value: coreHeadline, note: coreNote };
    // What the tabs subscribe changes at `expected` values/s in all: every load PV changes
    // updatesPerSec / (stations × pvsPerStation) times a second.
    const expectedAt = (load: number, tabs: number) =>
      (load / (p.stations * p.pvsPerStation)) *
      (p.subscription === 'all' ? tabs * p.stations * p.pvsPerStation : tabs * p.pvsPerStation);
    if (peakLoad !== hl || peakTabs !== ht) {
      const expected = expectedAt(peakLoad, peakTabs);
      const peak = (side: Side) => results.get(caseKey(side, peakLoad, peakTabs));
      for (const key of PEAK_FIGURE_KEYS) {
        const value = samplesOf(peak('pegel'), key);
        const baseline = samplesOf(peak('baseline'), key);
        if (!value && !baseline) continue;
        figures[`${key}Peak`] = {
          ...(value ? { value } : {}),
          ...(baseline ? { baseline } : {}),
        };
      }
      const held = (side: Side) => {
        const runs = peak(side)?.runs.filter((r) => r.sentPerSec > 0);
        return runs?.length
          ? runs.map((r) => (100 * (r.deliveredPerSec + (r.replacedPerSec ?? 0))) / r.sentPerSec)
          : undefined;
      };
      const replaced = peak('pegel')?.runs.filter(
        (r) => r.sentPerSec > 0 && r.replacedPerSec !== null,
      );
      const sentPegel = samplesOf(peak('pegel'), 'sentPerSec');
      const heldPegel = held('pegel');
      const heldBaseline = held('baseline');
      figures.heldPctPeak = {
        ...(heldPegel ? { value: heldPegel } : {}),
        ...(heldBaseline ? { baseline: heldBaseline } : {}),
        note:
          `${peakLoad} updates/s configured at the server, ${peakTabs} tabs: ${Math.round(expected)} values/s expected at the tabs, ${sentPegel ? Math.round(median(sentPegel)) : '?'} sent (Pegel's runs, median)` +
          (replaced?.length
            ? `; Pegel's engine sends a tab its next frame after the tab took the last, the newest value of a PV winning: ${median(replaced.map((r) => (100 * r.replacedPerSec!) / r.sentPerSec)).toFixed(1)} % of the values sent were replaced so (median), and count as reached`
            : ''),
      };
      const corePeak = coreOf(peakLoad, peakTabs);
      if (corePeak) figures.dataPathCoreP95MsPeak = { value: corePeak, note: coreNote };
      figures.deliveredPerSecPeak = {
        ...figures.deliveredPerSecPeak,
        note: `${peakLoad} updates/s, ${peakTabs} tabs, ${p.subscription} subscription per tab`,
      };
    } else {
      notes.push(
        'Peak-load figures come from the full run (its sweep goes up to 250,000/s, 20 tabs).',
      );
    }

    const medianOf = (side: Side, load: number, tabs: number, key: keyof CaseRun) => {
      const s = samplesOf(results.get(caseKey(side, load, tabs)), key);
      return s ? median(s) : null;
    };
    // CPU in ms per second: the tabs' main threads together, and the engine's worker. The
    // tabs' time on a core (ThreadTime), not their task wall time: at 20-50 tabs on two
    // cores tasks stretch while they wait for a core, and a fit through that is unstable.
    const tabMsPerSec = (side: Side, load: number, tabs: number) => {
      const busy = medianOf(side, load, tabs, 'mainThreadCpuPct');
      return busy === null ? null : busy * 10 * tabs;
    };
    const workerMsPerSec = (load: number, tabs: number) => {
      const busy = medianOf('pegel', load, tabs, 'workerBusyPct');
      return busy === null ? null : busy * 10;
    };
    const allCases = [...cases].flatMap(([load, tabCounts]) =>
      [...tabCounts].map((tabs) => ({ load, tabs })),
    );
    const fitOf = (cost: (load: number, tabs: number) => number | null, side: Side) =>
      fitCost(
        allCases.flatMap(({ load, tabs }) => {
          const c = cost(load, tabs);
          const updates = medianOf(side, load, tabs, 'deliveredPerSec');
          return c === null || updates === null ? [] : [{ tabs, updates, cost: c }];
        }),
      );
    // One engine whatever the tab count: its cost is a fixed part plus a part per update.
    const workerPoints = allCases.flatMap(({ load, tabs }) => {
      const c = workerMsPerSec(load, tabs);
      const updates = medianOf('pegel', load, tabs, 'deliveredPerSec');
      return c === null || updates === null ? [] : [{ updates, cost: c }];
    });
    const workerFit =
      workerPoints.length >= 2
        ? {
            perUpdate: slope(
              workerPoints.map((w) => w.updates),
              workerPoints.map((w) => w.cost),
            ),
          }
        : null;
    const tabFit = {
      pegel: fitOf((l, t) => tabMsPerSec('pegel', l, t), 'pegel'),
      baseline: fitOf((l, t) => tabMsPerSec('baseline', l, t), 'baseline'),
    };
    const fitNote = `least squares over ${allCases.length} cases (updates/s ${p.sweep.updatesPerSec.join(', ')} at ${ht} tabs; tabs ${p.sweep.tabs.join(', ')} at ${hl}/s; ${peakTabs} tabs at ${peakLoad}/s), cost = a · tabs + b · values delivered/s, cost = the tabs' main-thread CPU time`;
    // ms per (update/s) is ms per update; µs for the table.
    if (workerFit)
      figures.workerUsPerUpdate = {
        value: [workerFit.perUpdate * 1000],
        note: `slope of the engine worker's CPU over values delivered/s, ${workerPoints.length} cases`,
      };
    figures.tabUsPerUpdate = {
      ...(tabFit.pegel ? { value: [tabFit.pegel.perUpdate * 1000] } : {}),
      ...(tabFit.baseline ? { baseline: [tabFit.baseline.perUpdate * 1000] } : {}),
      note: fitNote,
    };
    figures.tabMsPerTab = {
      ...(tabFit.pegel ? { value: [tabFit.pegel.perTab] } : {}),
      ...(tabFit.baseline ? { baseline: [tabFit.baseline.perTab] } : {}),
    };

    const loads = p.sweep.updatesPerSec;
    const tabCounts = p.sweep.tabs;
    const plots: Plot[] = [
      {
        id: 'delivered-vs-load',
        title: `Updates/s delivered vs server load (${ht} tabs)`,
        xLabel: 'server updates/s',
        yLabel: 'values/s delivered',
        logX: true,
        x: loads,
        series: [
          ...(['pegel', 'baseline'] as const).map((side) => ({
            label: side,
            y: loads.map((load) => medianOf(side, load, ht, 'deliveredPerSec')),
          })),
          { label: 'expected', y: loads.map((load) => expectedAt(load, ht)) },
        ],
      },
      {
        id: 'cpu-vs-load',
        title: `CPU vs server load (${ht} tabs)`,
        xLabel: 'server updates/s',
        yLabel: 'ms of CPU per s',
        logX: true,
        x: loads,
        series: [
          { label: 'pegel: tabs', y: loads.map((load) => tabMsPerSec('pegel', load, ht)) },
          { label: 'pegel: engine worker', y: loads.map((load) => workerMsPerSec(load, ht)) },
          { label: 'baseline: tabs', y: loads.map((load) => tabMsPerSec('baseline', load, ht)) },
        ],
      },
      {
        id: 'cpu-vs-tabs',
        title: `CPU vs tabs (${hl} updates/s)`,
        xLabel: 'tabs',
        yLabel: 'ms of CPU per s',
        x: tabCounts,
        series: [
          { label: 'pegel: tabs', y: tabCounts.map((tabs) => tabMsPerSec('pegel', hl, tabs)) },
          { label: 'pegel: engine worker', y: tabCounts.map((tabs) => workerMsPerSec(hl, tabs)) },
          {
            label: 'baseline: tabs',
            y: tabCounts.map((tabs) => tabMsPerSec('baseline', hl, tabs)),
          },
        ],
      },
      {
        id: 'frame-p95-vs-tabs',
        title: `Frame time p95 vs tabs (${hl} updates/s)`,
        xLabel: 'tabs',
        yLabel: 'ms',
        x: tabCounts,
        series: (['pegel', 'baseline'] as const).map((side) => ({
          label: side,
          y: tabCounts.map((tabs) => medianOf(side, hl, tabs, 'frameP95Ms')),
        })),
      },
    ];
    const fmt = (f: { perUpdate: number; perTab?: number } | null) =>
      f
        ? `${(f.perUpdate * 1000).toFixed(2)} µs per update${f.perTab === undefined ? '' : `, ${f.perTab.toFixed(1)} ms/s per tab`}`
        : 'no fit';
    notes.push(
      `Cost fit (${fitNote}): Pegel engine worker ${fmt(workerFit)}; Pegel tabs ${fmt(tabFit.pegel)}; baseline tabs ${fmt(tabFit.baseline)}.`,
    );
    return { figures, plots, notes };
  },
});
