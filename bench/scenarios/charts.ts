/**
 * Charts: a one-year range rendered after per-pixel reduction within 30 ms; pan and zoom
 * inside loaded ranges make no request; 20 live series at 10 Hz cost at most 10 % of the
 * main thread. The chart page reports through window.__pegelBench.chart (ChartProbe below);
 * render time is also shown as a fraction of raw uPlot on this machine. Each run measures the
 * naive baseline too (bench/baseline/chart/main.tsx, window.__baselineChart): the same views
 * fetched whole without a cache, drawn from every point, live values drawn one by one.
 */
import type { Page } from 'playwright-core';
import { requireEngineChunk, requireSource } from '../harness/prerequisites.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { pvUrlId } from '../../src/contract/keys.ts';
import { autoDataSource, DEFAULT_ARCHIVE_LIMITS } from '../../src/domain/dataSource.ts';
import { rangeBefore } from '../../src/domain/clock.ts';
import type { BenchContext, BenchServer } from '../harness/context.ts';
import { defineScenario, NotReady, type FigureSamples } from '../harness/scenario.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';

interface ChartsParams {
  runs: number;
  /** Analogue PVs in the one-year archive trend. */
  yearSeries: number;
  liveSeries: number;
  liveWindowMs: number;
  panZoomSteps: number;
  /** How long a baseline tab may take to draw its first data before it is given up. */
  baselineLoadTimeoutMs: number;
}

type Side = 'pegel' | 'baseline';

/** Where each side's probe lives in the page. */
const PROBE: Record<Side, string> = {
  pegel: 'window.__pegelBench?.chart',
  baseline: 'window.__baselineChart',
};

/** What the chart view exposes for the bench (window.__pegelBench.chart). */
export interface ChartProbe {
  /** Data arrival to drawn, ms, of the last render. */
  lastRenderMs(): number;
  /** Chart-data requests the engine sent since page load. */
  requestCount(): number;
  /** Pans or zooms by a fraction of the visible range and resolves when drawn. */
  panZoom(kind: 'pan' | 'zoom', fraction: number): Promise<void>;
}

async function chartProbe(page: Page, side: Side, loadTimeoutMs: number): Promise<void> {
  const probe = PROBE[side];
  const ok = await waitForExpression(page, `typeof ${probe}?.lastRenderMs === 'function'`, {
    timeout: 15_000,
  })
    .then(() => true)
    .catch(() => false);
  if (!ok)
    throw new NotReady(
      side === 'pegel'
        ? 'the chart page exposes no window.__pegelBench.chart (ChartProbe)'
        : 'the baseline chart page exposes no window.__baselineChart',
    );
  // The first data drawn: figures before it would time nothing and count the first loads.
  await waitForExpression(page, `${probe}.lastRenderMs() > 0`, { timeout: loadTimeoutMs }).catch(
    () => {
      throw new Error(`no data drawn within ${loadTimeoutMs / 1000} s`);
    },
  );
}

/** `work`, or an error after `ms`: a baseline step that never draws must not hang the run. */
async function bounded<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface YearRun {
  renderMs: number;
  requests: number;
}

async function yearRun(
  ctx: BenchContext,
  server: BenchServer,
  side: Side,
  path: string,
  p: ChartsParams,
): Promise<YearRun> {
  const probe = PROBE[side];
  const set = await ctx.openTabs(1, path, { server });
  try {
    const page = set.pages[0]!;
    await chartProbe(page, side, side === 'pegel' ? 30_000 : p.baselineLoadTimeoutMs);
    const renderMs = (await page.evaluate(`${probe}.lastRenderMs()`)) as number;
    const before = (await page.evaluate(`${probe}.requestCount()`)) as number;
    // Zoom in by 10 % (5 % margin a side), then pan right and back by 4 %: every view stays inside the
    // range loaded first, so none of them may fetch.
    for (let i = 0; i < p.panZoomSteps; i++) {
      const step = i % 3 === 0 ? "'zoom', 0.1" : i % 3 === 1 ? "'pan', 0.04" : "'pan', -0.04";
      await bounded(
        page.evaluate(`${probe}.panZoom(${step})`),
        side === 'pegel' ? 30_000 : p.baselineLoadTimeoutMs,
        `pan/zoom step ${i + 1}`,
      );
    }
    const after = (await page.evaluate(`${probe}.requestCount()`)) as number;
    return { renderMs, requests: after - before };
  } finally {
    await set.close();
  }
}

async function liveRun(
  ctx: BenchContext,
  server: BenchServer,
  side: Side,
  path: string,
  p: ChartsParams,
): Promise<number> {
  const set = await ctx.openTabs(1, path, { server });
  try {
    const page = set.pages[0]!;
    await chartProbe(page, side, side === 'pegel' ? 30_000 : p.baselineLoadTimeoutMs);
    const busy = await ctx.probes.mainThreadBusy(
      page,
      () => new Promise((r) => setTimeout(r, p.liveWindowMs)),
    );
    return busy * 100;
  } finally {
    await set.close();
  }
}

function message(err: unknown): string {
  return err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
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
      compare: true,
      // Issue 58: the one-year trend also at most the naive client's figure.
      naiveTarget: true,
      // Issue 13: data to drawn within 20 ms (drawn before the React update).
      target: { op: '<=', value: 20 },
      limit: 'limits.uplot1MMs',
    },
    {
      id: 'panZoomRequests',
      label: 'Requests during pan/zoom in loaded ranges',
      unit: 'requests',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 0 },
    },
    {
      id: 'liveBusyPct',
      label: '20 live series at 10 Hz, main thread busy',
      unit: '%',
      better: 'lower',
      compare: true,
      target: { op: '<=', value: 10 },
    },
  ],
  quick: {
    runs: 3,
    yearSeries: 4,
    liveSeries: 20,
    liveWindowMs: 3000,
    panZoomSteps: 10,
    baselineLoadTimeoutMs: 60_000,
  },
  full: {
    runs: 7,
    yearSeries: 4,
    liveSeries: 20,
    liveWindowMs: 15_000,
    panZoomSteps: 30,
    baselineLoadTimeoutMs: 120_000,
  },
  async run(ctx, p) {
    requireSource(ctx.root, 'src/features/charts', 'the charts feature');
    requireEngineChunk(ctx.distDir);
    // The modelled plant (not load mode): its PVs have archives.
    const server = await ctx.startServer({ stations: 0, pvsPerStation: 0, updatesPerSec: 0 });
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
    const pvList = (n: number) => analog.slice(0, n).map(pvUrlId).join(',');
    const baselineYear = ctx.baselinePath({
      view: 'chart',
      mode: 'archive',
      pv: pvList(p.yearSeries),
      amount: 1,
      unit: 'Years',
    });

    // What Pegel's engine reads for the year (Auto, default archive limits); the baseline asks the same.
    const yearSource = autoDataSource(
      DEFAULT_ARCHIVE_LIMITS,
      rangeBefore(Date.now(), { amount: 1, unit: 'Years' }, 'Europe/Berlin'),
      'Europe/Berlin',
    );
    const notes: string[] = [];
    // The baseline is measured after Pegel in each run, on the same server; once it fails or
    // takes longer than its bound, the remaining runs of that part skip it.
    let baselineOff: string | null = ctx.baselineDir ? null : 'the baseline was not built';
    const baselineSide = async <T>(what: string, fn: () => Promise<T>): Promise<T | null> => {
      if (baselineOff) return null;
      try {
        return await fn();
      } catch (err) {
        baselineOff = `baseline ${what}: ${message(err)}`;
        notes.push(baselineOff);
        return null;
      }
    };

    const pegelYear: YearRun[] = [];
    const naiveYear: YearRun[] = [];
    await ctx.repeat(p.runs, async () => {
      pegelYear.push(await yearRun(ctx, server, 'pegel', yearPath, p));
      const r = await baselineSide('one-year archive', () =>
        yearRun(ctx, server, 'baseline', baselineYear, p),
      );
      if (r) naiveYear.push(r);
    });
    const yearBaselineOff = baselineOff;
    baselineOff = ctx.baselineDir ? null : baselineOff;
    // The modelled plant changes its values only as its processes do; the live series come
    // from a load-mode server whose PVs change at exactly 10 Hz each.
    const liveServer = await ctx.startServer({
      stations: 1,
      pvsPerStation: p.liveSeries,
      updatesPerSec: p.liveSeries * 10,
    });
    const pegelLive: number[] = [];
    const naiveLive: number[] = [];
    try {
      const liveRefs = (await ctx.fetchJson<PvNode[]>(API.pv.nodes, liveServer))
        .flatMap((n) => n.pvs)
        .slice(0, p.liveSeries);
      if (liveRefs.length < p.liveSeries)
        throw new NotReady(`the load plant has ${liveRefs.length} PVs`);
      const livePath = `/trend/realtime?${liveRefs.map((ref) => `pv=${pvUrlId(ref)}`).join('&')}&bench=1`;
      const baselineLive = ctx.baselinePath({
        view: 'chart',
        mode: 'live',
        pv: liveRefs.map(pvUrlId).join(','),
      });
      await ctx.repeat(p.runs, async () => {
        pegelLive.push(await liveRun(ctx, liveServer, 'pegel', livePath, p));
        const r = await baselineSide('live series', () =>
          liveRun(ctx, liveServer, 'baseline', baselineLive, p),
        );
        if (r !== null) naiveLive.push(r);
      });
    } finally {
      await liveServer.handle.dispose();
    }

    const figure = (value: number[], baseline: number[], note?: string | null): FigureSamples => ({
      value,
      ...(baseline.length ? { baseline } : {}),
      ...(note ? { note } : {}),
    });
    return {
      figures: {
        yearRenderMs: figure(
          pegelYear.map((r) => r.renderMs),
          naiveYear.map((r) => r.renderMs),
          [`${yearSource} of ${p.yearSeries} PVs, the source both sides read`, yearBaselineOff]
            .filter(Boolean)
            .join('; '),
        ),
        panZoomRequests: figure(
          pegelYear.map((r) => r.requests),
          naiveYear.map((r) => r.requests),
          yearBaselineOff,
        ),
        liveBusyPct: figure(pegelLive, naiveLive, baselineOff),
      },
      notes,
    };
  },
});
