/**
 * Ingest: 100,000 PVs changing at 10k–250k updates/s, watched by 1, 5 or 20 tabs. Pegel
 * tabs share one engine; every baseline tab has its own hub connection and re-renders per
 * value. Figures come from the headline case; the sweep goes into plots.
 */
import type { Page } from 'playwright-core';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import type { BenchContext, BenchServer, TabSet } from '../harness/context.ts';
import { measureLiveWindow, type LiveWindowFigures, type Side } from '../harness/liveWindow.ts';
import { requirePvPlant } from '../harness/prerequisites.ts';
import { defineScenario, type FigureSamples, type Plot } from '../harness/scenario.ts';
import { SERVER_METRICS } from '../harness/serverMetrics.ts';
import { median } from '../harness/stats.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';

interface IngestParams {
  runs: number;
  warmupMs: number;
  windowMs: number;
  stations: number;
  pvsPerStation: number;
  /** The case the figures report; must be part of the sweep. */
  headline: { updatesPerSec: number; tabs: number };
  sweep: { updatesPerSec: number[]; tabs: number[] };
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

interface CaseResult {
  runs: LiveWindowFigures[];
  sockets: number | null;
}

type Figure = keyof LiveWindowFigures | 'serverSockets';

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

async function runCase(
  ctx: BenchContext,
  side: Side,
  server: BenchServer,
  nodes: PvNode[],
  tabs: number,
  p: IngestParams,
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
    const runs = await ctx.repeat(p.runs, () =>
      measureLiveWindow(ctx, side, set.pages, p.windowMs),
    );
    const metrics = await server.metrics();
    const sockets = metrics.has(SERVER_METRICS.hubConnections)
      ? metrics.sum(SERVER_METRICS.hubConnections)
      : null;
    return { runs, sockets };
  } finally {
    await set.close();
  }
}

const FIGURE_KEYS: Figure[] = [
  'deliveredPerSec',
  'dataPathP95Ms',
  'mainThreadBusyPct',
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
      id: 'mainThreadBusyPct',
      label: 'Main thread busy (mean per tab)',
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
      label: 'Peak load: share of the expected values delivered',
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
  ],
  quick: {
    runs: 3,
    warmupMs: 2000,
    windowMs: 3000,
    stations: 500,
    pvsPerStation: 200,
    headline: { updatesPerSec: 10_000, tabs: 5 },
    sweep: { updatesPerSec: [10_000], tabs: [1, 5] },
    subscription: 'station',
    rowsPerTab: 200,
    chartPoints: 3600,
    pegelPath: '/stations/{station}',
    appProbeTimeoutMs: 15_000,
  },
  full: {
    runs: 3,
    warmupMs: 2000,
    windowMs: 5000,
    stations: 500,
    pvsPerStation: 200,
    headline: { updatesPerSec: 10_000, tabs: 5 },
    sweep: { updatesPerSec: [10_000, 50_000, 250_000], tabs: [1, 5, 20] },
    subscription: 'station',
    rowsPerTab: 200,
    chartPoints: 3600,
    pegelPath: '/stations/{station}',
    appProbeTimeoutMs: 15_000,
  },
  async run(ctx, p) {
    const results = new Map<string, CaseResult>();
    const caseKey = (side: Side, load: number, tabs: number) => `${side}/${load}/${tabs}`;
    const notes: string[] = [];
    let pegelMissing: string | null = null;

    for (const load of p.sweep.updatesPerSec) {
      const server = await ctx.startServer({
        stations: p.stations,
        pvsPerStation: p.pvsPerStation,
        updatesPerSec: load,
      });
      try {
        const nodes = await requirePvPlant(ctx, server);
        for (const tabs of p.sweep.tabs) {
          for (const side of ['baseline', 'pegel'] as const) {
            if (side === 'pegel' && pegelMissing) continue;
            ctx.log(`  ${side}: ${load} updates/s, ${tabs} tab(s)`);
            try {
              results.set(
                caseKey(side, load, tabs),
                await runCase(ctx, side, server, nodes, tabs, p),
              );
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

    const { updatesPerSec: hl, tabs: ht } = p.headline;
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
    const peakLoad = Math.max(...p.sweep.updatesPerSec);
    const peakTabs = Math.max(...p.sweep.tabs);
    if (peakLoad !== hl || peakTabs !== ht) {
      // What the tabs subscribe changes at `expected` values/s in all: every load PV changes
      // updatesPerSec / (stations × pvsPerStation) times a second.
      const perPv = peakLoad / (p.stations * p.pvsPerStation);
      const expected =
        perPv *
        (p.subscription === 'all'
          ? peakTabs * p.stations * p.pvsPerStation
          : peakTabs * p.pvsPerStation);
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
      const held = (side: Side) =>
        samplesOf(peak(side), 'deliveredPerSec')?.map((v) => (100 * v) / expected);
      const heldPegel = held('pegel');
      const heldBaseline = held('baseline');
      figures.heldPctPeak = {
        ...(heldPegel ? { value: heldPegel } : {}),
        ...(heldBaseline ? { baseline: heldBaseline } : {}),
        note: `${peakLoad} updates/s at the server, ${peakTabs} tabs; ${Math.round(expected)} values/s expected at the tabs`,
      };
      figures.deliveredPerSecPeak = {
        ...figures.deliveredPerSecPeak,
        note: `${peakLoad} updates/s, ${peakTabs} tabs, ${p.subscription} subscription per tab`,
      };
    } else {
      notes.push(
        'Peak-load figures come from the full run (its sweep goes up to 250,000/s, 20 tabs).',
      );
    }

    const medianOf = (side: Side, load: number, tabs: number, key: keyof LiveWindowFigures) => {
      const s = samplesOf(results.get(caseKey(side, load, tabs)), key);
      return s ? median(s) : null;
    };
    const plots: Plot[] = [
      {
        id: 'delivered-vs-load',
        title: 'Updates/s delivered vs server load',
        xLabel: 'server updates/s',
        yLabel: 'values/s delivered',
        logX: true,
        x: p.sweep.updatesPerSec,
        series: p.sweep.tabs.flatMap((tabs) =>
          (['pegel', 'baseline'] as const).map((side) => ({
            label: `${side}, ${tabs} tab(s)`,
            y: p.sweep.updatesPerSec.map((load) => medianOf(side, load, tabs, 'deliveredPerSec')),
          })),
        ),
      },
      {
        id: 'frame-p95-vs-tabs',
        title: `Frame time p95 vs tabs at ${hl} updates/s`,
        xLabel: 'tabs',
        yLabel: 'ms',
        x: p.sweep.tabs,
        series: (['pegel', 'baseline'] as const).map((side) => ({
          label: side,
          y: p.sweep.tabs.map((tabs) => medianOf(side, hl, tabs, 'frameP95Ms')),
        })),
      },
    ];
    return { figures, plots, notes };
  },
});
