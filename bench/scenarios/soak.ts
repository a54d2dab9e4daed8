/**
 * Soak: 72 simulated hours at an accelerated clock. The engine's heap may grow by at most
 * 1 MB per simulated hour and hold at most 80 bytes per PV of latest values; leases,
 * sockets and listeners must not grow. Heap is read over CDP from the worker targets after
 * a forced GC, with typed-array stores and the embedder heap counted (the value columns
 * live outside V8's JS heap); the server's clock speed comes from PEGEL_LOAD_TIME_SCALE.
 *
 * The naive baseline keeps its values in the page: its bytes per PV are the page heap a
 * tab gains by subscribing more PVs, and its growth is the page heap of a station tab
 * sampled beside the engine's over the same run.
 */
import { HUBS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import type { BenchContext } from '../harness/context.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { defineScenario, heapPlot, NotReady } from '../harness/scenario.ts';
import { slope } from '../harness/stats.ts';
import { hubGrowthFigures } from '../harness/serverMetrics.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';

interface SoakParams {
  simulatedHours: number;
  /** Simulated seconds per real second. */
  timeScale: number;
  stations: number;
  pvsPerStation: number;
  updatesPerSec: number;
  tabs: number;
  pegelPath: string;
  /** Heap samples taken over the run (first one after warm-up). */
  samples: number;
  /** PVs leased on top of the station pages to measure the engine's cost per PV. */
  extraPvs: number;
  /** Pause after setup steps before figures are read, ms. */
  settleMs: number;
  /**
   * PVs the baseline tab subscribes on top of its station for its bytes per PV. Fewer than
   * extraPvs: it copies its whole value map per received value, so tens of thousands of PVs
   * would keep its page (and the machine) busy for the rest of the run.
   */
  baselineExtraPvs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function engineHeapBytes(ctx: BenchContext): Promise<number> {
  const heaps = await ctx.probes.workerHeaps(true);
  const shared = heaps.filter((h) => h.type === 'shared_worker');
  const used = (shared.length ? shared : heaps).reduce((a, h) => a + h.retainedSize, 0);
  if (used === 0) throw new NotReady('no engine worker target found over CDP');
  return used;
}

export default defineScenario<SoakParams>({
  id: 'soak',
  title: 'Soak (72 h simulated)',
  order: 60,
  figures: [
    {
      id: 'heapGrowthMBPerSimHour',
      label: 'Heap growth per simulated hour (Pegel: engine; baseline: its tab)',
      unit: 'MB/h',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 1 },
    },
    {
      id: 'tabHeapGrowthMBPerSimHour',
      label: 'Tab heap growth per simulated hour',
      unit: 'MB/h',
      better: 'lower',
      target: { op: '<=', value: 1 },
    },
    {
      id: 'bytesPerPv',
      label: 'Memory per PV of latest values (Pegel: engine; baseline: its tab)',
      unit: 'B',
      better: 'lower',
      compare: true,
      // Issue 13: at most 64 B per leased PV (one map keyed by the registry's slot, columns).
      target: { op: '<=', value: 64 },
    },
    {
      id: 'socketGrowth',
      label: 'Hub connections gained over the run',
      unit: 'connections',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
    {
      id: 'subscriptionGrowth',
      label: 'Subscriptions gained over the run',
      unit: 'keys',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
  ],
  quick: {
    simulatedHours: 4,
    timeScale: 720,
    // Half the plant: every PV gets a value within 5 s, so the per-PV rounds are short.
    stations: 250,
    pvsPerStation: 200,
    updatesPerSec: 10_000,
    tabs: 3,
    pegelPath: '/stations/{station}',
    samples: 6,
    extraPvs: 20_000,
    settleMs: 2000,
    baselineExtraPvs: 2_000,
  },
  full: {
    simulatedHours: 72,
    timeScale: 1440,
    stations: 500,
    pvsPerStation: 200,
    updatesPerSec: 10_000,
    tabs: 3,
    pegelPath: '/stations/{station}',
    samples: 12,
    extraPvs: 50_000,
    settleMs: 3000,
    baselineExtraPvs: 5_000,
  },
  async run(ctx, p) {
    requireEngineChunk(ctx.distDir);
    const server = await ctx.startServer(
      { stations: p.stations, pvsPerStation: p.pvsPerStation, updatesPerSec: p.updatesPerSec },
      { PEGEL_LOAD_TIME_SCALE: String(p.timeScale) },
    );
    await requireHub(server.url, HUBS.pv, await ctx.cookieHeader(server));
    const set = await ctx.openTabs(0, '/', { server });
    for (let i = 0; i < p.tabs; i++)
      await set.open(1, p.pegelPath.replace('{station}', String(i + 1)));
    // Every tab live before the start figures: connections and leases still being set up
    // must not count as growth.
    for (const page of set.pages)
      await waitForExpression(page, `window.__pegelBench?.snapshot().firstValueMs != null`, {
        timeout: 30_000,
      });
    await sleep(p.settleMs);
    // Latest values per PV: the engine's heap before and after leasing many more PVs.
    const nodes = await ctx.fetchJson<PvNode[]>(API.pv.nodes, server);
    const extra = nodes
      .slice(p.tabs, p.tabs + Math.ceil(p.extraPvs / p.pvsPerStation))
      .flatMap((n) => n.pvs)
      .slice(0, p.extraPvs)
      .map(pvKey);
    const heapBefore = await engineHeapBytes(ctx);
    const leased = (await set.pages[0]!.evaluate(
      `window.__pegelBench.leasePvValues?.(${JSON.stringify(extra)}) ?? 0`,
    )) as number;
    let bytesPerPv: number | null = null;
    if (leased > 0) {
      // Each load PV changes every stations × pvsPerStation / updatesPerSec seconds; wait a
      // full round so every leased PV holds a value.
      await sleep(((p.stations * p.pvsPerStation) / p.updatesPerSec) * 1000 + p.settleMs);
      bytesPerPv = ((await engineHeapBytes(ctx)) - heapBefore) / leased;
    }
    await sleep(p.settleMs);

    // The baseline: a tab with its station, and one with as many more PVs on top.
    const roundMs = ((p.stations * p.pvsPerStation) / p.updatesPerSec) * 1000 + p.settleMs;
    const stationKeys = nodes[0]!.pvs.map(pvKey);
    const baselineExtra = extra.slice(0, p.baselineExtraPvs);
    const baselineTab = (keys: string[]) =>
      ctx.baselinePath({ keys: formatKeyList(keys), rows: p.pvsPerStation });
    const baseline = await ctx.openTabs(0, '/', { server });
    let baselineBytesPerPv: number;
    try {
      await baseline.open(1, baselineTab([...stationKeys, ...baselineExtra]));
      await waitBaselineConnected(baseline.pages);
      await sleep(roundMs);
      const bigHeap = (await ctx.probes.pageHeap(baseline.pages[0]!, true)).retainedSize;
      await baseline.pages.shift()!.close();
      await baseline.open(1, baselineTab(stationKeys));
      await waitBaselineConnected(baseline.pages);
      await sleep(roundMs);
      const smallHeap = (await ctx.probes.pageHeap(baseline.pages[0]!, true)).retainedSize;
      baselineBytesPerPv = (bigHeap - smallHeap) / baselineExtra.length;
    } catch (err) {
      await baseline.close();
      throw err;
    }
    const baselinePage = baseline.pages[0]!;
    const pegelPage = set.pages[0]!;

    const realMs = ((p.simulatedHours * 3600) / p.timeScale) * 1000;
    const hours: number[] = [];
    const heap: number[] = [];
    const tabHeap: number[] = [];
    const baselineHeap: number[] = [];
    const startMetrics = await server.metrics();
    for (let i = 0; i < p.samples; i++) {
      await new Promise((r) => setTimeout(r, realMs / p.samples));
      hours.push(((i + 1) * p.simulatedHours) / p.samples);
      heap.push(await engineHeapBytes(ctx));
      tabHeap.push((await ctx.probes.pageHeap(pegelPage, true)).retainedSize);
      baselineHeap.push((await ctx.probes.pageHeap(baselinePage, true)).retainedSize);
    }
    const endMetrics = await server.metrics();
    await baseline.close();
    const pvs = p.tabs * p.pvsPerStation + leased;
    return {
      figures: {
        heapGrowthMBPerSimHour: {
          value: [slope(hours, heap) / 1e6],
          baseline: [slope(hours, baselineHeap) / 1e6],
        },
        tabHeapGrowthMBPerSimHour: { value: [slope(hours, tabHeap) / 1e6] },
        bytesPerPv: {
          ...(bytesPerPv === null ? { value: [Math.min(...heap) / pvs] } : { value: [bytesPerPv] }),
          baseline: [baselineBytesPerPv],
          note:
            (bytesPerPv === null
              ? 'upper bound: whole engine heap per PV'
              : `engine heap gained by leasing ${leased} more PVs, per PV (values, subscriptions, bookkeeping)`) +
            `; baseline: page heap gained by subscribing ${baselineExtra.length} more PVs`,
        },
        ...hubGrowthFigures(startMetrics, endMetrics),
      },
      plots: [
        heapPlot('heap', 'Heap over simulated time', hours, [
          ['Pegel engine', heap],
          ['Pegel tab', tabHeap],
          ['baseline tab', baselineHeap],
        ]),
      ],
    };
  },
});
