/**
 * Wall-monitor soak (issue 7): the overview dashboard in kiosk mode on a 1920×1080 screen,
 * live against the modelled plant, with the page's clock run fast (Playwright's clock), so
 * a day of the dashboard's own timers (chart redraws, webcam and weather polling, station
 * refreshes, lease grace periods) passes in minutes while real values keep flowing. Page
 * and engine heap (after GC), DOM nodes, event listeners, hub connections and subscribed
 * keys must not grow. Beside it, the naive baseline page shows the same plant's values and a
 * live chart under the same fast clock; its page heap, nodes and listeners are sampled alike.
 */
import type { Page } from 'playwright-core';
import { HUBS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { defineScenario, heapPlot, NotReady } from '../harness/scenario.ts';
import { slope } from '../harness/stats.ts';
import { hubGrowthFigures } from '../harness/serverMetrics.ts';

interface WallParams {
  simulatedHours: number;
  /** Page-clock time run per step, and the real pause after it (network, engine frames). */
  stepMs: number;
  pauseMs: number;
  samples: number;
}

/**
 * Growth of a count that briefly rises while something is under way (a poll's request, a
 * tooltip): the lowest of the last quarter of samples against the lowest of the first. A
 * leak raises the floor; a sample taken mid-request does not.
 */
function floorGrowth(samples: number[]): number {
  const q = Math.max(1, Math.floor(samples.length / 4));
  return Math.min(...samples.slice(-q)) - Math.min(...samples.slice(0, q));
}

export default defineScenario<WallParams>({
  id: 'wallMonitor',
  title: 'Wall-monitor soak (overview dashboard, accelerated page clock)',
  order: 65,
  figures: [
    {
      id: 'pageHeapMBPerSimHour',
      label: 'Page heap growth per simulated hour (baseline: its station page)',
      unit: 'MB/h',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 1 },
    },
    {
      id: 'engineHeapMBPerSimHour',
      label: 'Engine heap growth per simulated hour',
      unit: 'MB/h',
      better: 'lower',
      target: { op: '<=', value: 1 },
    },
    {
      id: 'nodeGrowth',
      label: 'DOM nodes gained (floor of the last samples − of the first)',
      unit: 'nodes',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 200 },
    },
    {
      id: 'listenerGrowth',
      label: 'Event listeners gained (floor of the last samples − of the first)',
      unit: 'listeners',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 0 },
    },
    {
      id: 'socketGrowth',
      label: 'Hub connections gained',
      unit: 'connections',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
    {
      id: 'subscriptionGrowth',
      label: 'Subscribed keys gained',
      unit: 'keys',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
  ],
  quick: { simulatedHours: 2, stepMs: 60_000, pauseMs: 150, samples: 4 },
  // 12 simulated hours take 4 minutes; a day would take 8, past the full run's budget.
  full: { simulatedHours: 12, stepMs: 60_000, pauseMs: 250, samples: 12 },
  async run(ctx, p) {
    requireEngineChunk(ctx.distDir);
    // stations 0: the modelled Talaue plant, whose dashboards these are.
    const server = await ctx.startServer(
      { stations: 0, pvsPerStation: 0, updatesPerSec: 0 },
      // A wall monitor runs with auto-logout off (a setting of the plant); 0 turns it off.
      { PEGEL_PLANT_TICK_MS: '250', PEGEL_AUTO_LOGOUT_MS: '0' },
    );
    await requireHub(server.url, HUBS.pv, await ctx.cookieHeader(server));
    const context = await ctx.newContext({ server });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.clock.install();
    await page.goto('/dashboard/1?kiosk=1');
    await page.locator('.tile').first().waitFor();
    if ((await page.locator('[data-tile-type]').count()) === 0)
      throw new NotReady('the overview dashboard has no tiles');
    // The baseline: every PV of the plant in its table and its first AnaIn in its chart.
    const plantKeys = (await ctx.fetchJson<PvNode[]>(API.pv.nodes, server))
      .flatMap((n) => n.pvs)
      .map(pvKey);
    let baseline: Page | null = null;
    if (ctx.baselineDir) {
      const baselineContext = await ctx.newContext({ server, baseline: true });
      baseline = await baselineContext.newPage();
      await baseline.setViewportSize({ width: 1920, height: 1080 });
      await baseline.clock.install();
      await baseline.goto(
        ctx.baselinePath({
          keys: formatKeyList(plantKeys),
          chartKey: plantKeys.find((k) => k.startsWith('ai')) ?? plantKeys[0] ?? '',
        }),
      );
      await waitBaselineConnected([baseline]);
    }
    const pages = baseline ? [page, baseline] : [page];
    const step = async () => {
      for (const pg of pages) await pg.clock.runFor(p.stepMs);
      await new Promise((r) => setTimeout(r, p.pauseMs));
    };
    // Warm-up: every tile loaded, the chart drawn, the first polls done.
    for (let i = 0; i < 10; i++) await step();
    const stepsPerSample = Math.max(
      1,
      Math.round((p.simulatedHours * 3_600_000) / p.stepMs / p.samples),
    );
    const hours: number[] = [];
    const pageHeap: number[] = [];
    const engineHeap: number[] = [];
    const nodes: number[] = [];
    const listeners: number[] = [];
    const baselineHeap: number[] = [];
    const baselineNodes: number[] = [];
    const baselineListeners: number[] = [];
    const sample = async (h: number) => {
      if (baseline) {
        baselineHeap.push((await ctx.probes.pageHeap(baseline, true)).retainedSize);
        const b = await ctx.probes.performanceMetrics(baseline);
        baselineNodes.push(b.Nodes ?? 0);
        baselineListeners.push(b.JSEventListeners ?? 0);
      }
      hours.push(h);
      pageHeap.push((await ctx.probes.pageHeap(page, true)).retainedSize);
      const workers = await ctx.probes.workerHeaps(true);
      engineHeap.push(
        workers.filter((w) => w.type === 'shared_worker').reduce((a, w) => a + w.retainedSize, 0),
      );
      const m = await ctx.probes.performanceMetrics(page);
      nodes.push(m.Nodes ?? 0);
      listeners.push(m.JSEventListeners ?? 0);
    };
    await sample(0);
    const startMetrics = await server.metrics();
    for (let s = 1; s <= p.samples; s++) {
      for (let i = 0; i < stepsPerSample; i++) await step();
      await sample((s * stepsPerSample * p.stepMs) / 3_600_000);
      ctx.log(`wallMonitor: ${hours.at(-1)!.toFixed(1)} simulated h`);
    }
    const endMetrics = await server.metrics();
    const tileErrors = await page.locator('.tile-error').count();
    if (!page.url().includes('/dashboard/1'))
      throw new Error(`the wall monitor left the dashboard: ${page.url()}`);
    return {
      figures: {
        pageHeapMBPerSimHour: {
          value: [slope(hours, pageHeap) / 1e6],
          ...(baseline ? { baseline: [slope(hours, baselineHeap) / 1e6] } : {}),
        },
        engineHeapMBPerSimHour: { value: [slope(hours, engineHeap) / 1e6] },
        nodeGrowth: {
          value: [floorGrowth(nodes)],
          ...(baseline ? { baseline: [floorGrowth(baselineNodes)] } : {}),
        },
        listenerGrowth: {
          value: [floorGrowth(listeners)],
          ...(baseline ? { baseline: [floorGrowth(baselineListeners)] } : {}),
        },
        ...hubGrowthFigures(startMetrics, endMetrics),
      },
      plots: [
        heapPlot('wallHeap', 'Wall monitor: heap over simulated time', hours, [
          ['page', pageHeap],
          ['engine', engineHeap],
          ...(baseline ? [['baseline page', baselineHeap] as const] : []),
        ]),
      ],
      notes: [
        `page clock run ${p.simulatedHours} h in steps of ${p.stepMs / 1000} s; values from the live plant (tick 250 ms)`,
        `baseline: the naive station page with all ${plantKeys.length} PVs of the plant and one live chart`,
        `tile errors at the end: ${tileErrors}`,
        `nodes ${nodes.join(', ')}; listeners ${listeners.join(', ')}`,
      ],
    };
  },
});
