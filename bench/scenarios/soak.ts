/**
 * Soak: 72 simulated hours at an accelerated clock. The engine's heap may grow by at most
 * 1 MB per simulated hour and hold at most 80 bytes per PV of latest values; leases,
 * sockets and listeners must not grow. Heap is read over CDP from the worker targets after
 * a forced GC; the server's clock speed comes from PEGEL_LOAD_TIME_SCALE.
 */
import { HUBS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import type { BenchContext } from '../harness/context.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { defineScenario, NotReady } from '../harness/scenario.ts';
import { slope } from '../harness/stats.ts';
import { SERVER_METRICS } from '../harness/serverMetrics.ts';

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
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function engineHeapBytes(ctx: BenchContext): Promise<number> {
  const heaps = await ctx.probes.workerHeaps(true);
  const shared = heaps.filter((h) => h.type === 'shared_worker');
  const used = (shared.length ? shared : heaps).reduce((a, h) => a + h.usedSize, 0);
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
      label: 'Engine heap growth per simulated hour',
      unit: 'MB/h',
      better: 'lower',
      target: { op: '<=', value: 1 },
    },
    {
      id: 'bytesPerPv',
      label: 'Engine heap per PV of latest values',
      unit: 'B',
      better: 'lower',
      target: { op: '<=', value: 80 },
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
    simulatedHours: 6,
    timeScale: 720,
    stations: 500,
    pvsPerStation: 200,
    updatesPerSec: 10_000,
    tabs: 3,
    pegelPath: '/stations/{station}',
    samples: 6,
    extraPvs: 20_000,
    settleMs: 2000,
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
      await page.waitForFunction(`window.__pegelBench?.snapshot().firstValueMs != null`, null, {
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
    const realMs = ((p.simulatedHours * 3600) / p.timeScale) * 1000;
    const hours: number[] = [];
    const heap: number[] = [];
    const startMetrics = await server.metrics();
    for (let i = 0; i < p.samples; i++) {
      await new Promise((r) => setTimeout(r, realMs / p.samples));
      hours.push(((i + 1) * p.simulatedHours) / p.samples);
      heap.push(await engineHeapBytes(ctx));
    }
    const endMetrics = await server.metrics();
    const pvs = p.tabs * p.pvsPerStation + leased;
    const growth = (name: string) => endMetrics.sum(name) - startMetrics.sum(name);
    return {
      figures: {
        heapGrowthMBPerSimHour: { value: [slope(hours, heap) / 1e6] },
        bytesPerPv:
          bytesPerPv === null
            ? { value: [Math.min(...heap) / pvs], note: 'upper bound: whole engine heap per PV' }
            : {
                value: [bytesPerPv],
                note: `engine heap gained by leasing ${leased} more PVs, per PV (values, subscriptions, bookkeeping)`,
              },
        socketGrowth: { value: [growth(SERVER_METRICS.hubConnections)] },
        subscriptionGrowth: { value: [growth(SERVER_METRICS.hubSubscriptions)] },
      },
      plots: [
        {
          id: 'heap',
          title: 'Engine heap over simulated time',
          xLabel: 'simulated h',
          yLabel: 'MB',
          x: hours,
          series: [{ label: 'heap', y: heap.map((b) => b / 1e6) }],
        },
      ],
    };
  },
});
