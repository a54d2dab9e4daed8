/**
 * Charts: a one-year raw range rendered after per-pixel reduction within 30 ms; pan and
 * zoom inside loaded ranges make no request; 20 live series at 10 Hz cost at most 10 % of
 * the main thread. The chart page reports through window.__pegelBench.chart
 * (ChartProbe below); render time is also shown as a fraction of raw uPlot on this machine.
 */
import type { Page } from 'playwright-core';
import { requireEngineChunk, requireSource } from '../harness/prerequisites.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { pvUrlId } from '../../src/contract/keys.ts';
import { defineScenario, NotReady } from '../harness/scenario.ts';

interface ChartsParams {
  runs: number;
  /** Analogue PVs in the one-year archive trend. */
  yearSeries: number;
  liveSeries: number;
  liveWindowMs: number;
  panZoomSteps: number;
}

/** What the chart view exposes for the bench (window.__pegelBench.chart). */
export interface ChartProbe {
  /** Data arrival to drawn, ms, of the last render. */
  lastRenderMs(): number;
  /** Chart-data requests the engine sent since page load. */
  requestCount(): number;
  /** Pans or zooms by a fraction of the visible range and resolves when drawn. */
  panZoom(kind: 'pan' | 'zoom', fraction: number): Promise<void>;
}

async function chartProbe(page: Page): Promise<void> {
  const ok = await page
    .waitForFunction(`typeof window.__pegelBench?.chart?.lastRenderMs === 'function'`, null, {
      timeout: 15_000,
    })
    .then(() => true)
    .catch(() => false);
  if (!ok) throw new NotReady('the chart page exposes no window.__pegelBench.chart (ChartProbe)');
  // The first data drawn: figures before it would time nothing and count the first loads.
  await page.waitForFunction(`window.__pegelBench.chart.lastRenderMs() > 0`, null, {
    timeout: 30_000,
  });
}

export default defineScenario<ChartsParams>({
  id: 'charts',
  title: 'Charts',
  order: 40,
  figures: [
    {
      id: 'yearRenderMs',
      label: 'One-year archive trend (4 PVs), data to drawn',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 30 },
      limit: 'limits.uplot1MMs',
    },
    {
      id: 'panZoomRequests',
      label: 'Requests during pan/zoom in loaded ranges',
      unit: 'requests',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
    {
      id: 'liveBusyPct',
      label: '20 live series at 10 Hz, main thread busy',
      unit: '%',
      better: 'lower',
      target: { op: '<=', value: 10 },
    },
  ],
  quick: {
    runs: 3,
    yearSeries: 4,
    liveSeries: 20,
    liveWindowMs: 5000,
    panZoomSteps: 10,
  },
  full: {
    runs: 7,
    yearSeries: 4,
    liveSeries: 20,
    liveWindowMs: 15_000,
    panZoomSteps: 30,
  },
  async run(ctx, p) {
    requireSource(ctx.root, 'src/features/charts', 'the charts feature');
    requireEngineChunk(ctx.distDir);
    // The modelled plant (not load mode): its PVs have archives and live values.
    // A 100 ms tick: the live series change at 10 Hz.
    const server = await ctx.startServer(
      { stations: 0, pvsPerStation: 0, updatesPerSec: 0 },
      { PEGEL_PLANT_TICK_MS: '100' },
    );
    const nodes = await ctx.fetchJson<PvNode[]>(API.pv.nodes, server);
    const analog = nodes.flatMap((n) => n.pvs).filter((ref) => ref.type === 'AnaIn');
    if (analog.length < p.liveSeries)
      throw new NotReady(`the plant has ${analog.length} AnaIn PVs`);
    const pvQuery = (n: number) =>
      analog
        .slice(0, n)
        .map((ref) => `pv=${pvUrlId(ref)}`)
        .join('&');
    const yearPath = `/trend/archive?${pvQuery(p.yearSeries)}&amount=1&unit=Years&bench=1`;
    const livePath = `/trend/realtime?${pvQuery(p.liveSeries)}&bench=1`;
    const year = await ctx.repeat(p.runs, async () => {
      const set = await ctx.openTabs(1, yearPath, { server });
      const page = set.pages[0]!;
      await chartProbe(page);
      const renderMs = (await page.evaluate(`window.__pegelBench.chart.lastRenderMs()`)) as number;
      const before = (await page.evaluate(`window.__pegelBench.chart.requestCount()`)) as number;
      // Zoom in by 10 % (5 % margin a side), then pan right and back by 4 %: every view stays inside the
      // range loaded first, so none of them may fetch.
      for (let i = 0; i < p.panZoomSteps; i++) {
        const step = i % 3 === 0 ? "'zoom', 0.1" : i % 3 === 1 ? "'pan', 0.04" : "'pan', -0.04";
        await page.evaluate(`window.__pegelBench.chart.panZoom(${step})`);
      }
      const after = (await page.evaluate(`window.__pegelBench.chart.requestCount()`)) as number;
      await set.close();
      return { renderMs, requests: after - before };
    });
    const live = await ctx.repeat(p.runs, async () => {
      const set = await ctx.openTabs(1, livePath, { server });
      const page = set.pages[0]!;
      await chartProbe(page);
      const busy = await ctx.probes.mainThreadBusy(
        page,
        () => new Promise((r) => setTimeout(r, p.liveWindowMs)),
      );
      await set.close();
      return busy * 100;
    });
    return {
      figures: {
        yearRenderMs: { value: year.map((r) => r.renderMs) },
        panZoomRequests: { value: year.map((r) => r.requests) },
        liveBusyPct: { value: live },
      },
    };
  },
});
