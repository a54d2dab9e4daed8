/**
 * Many tabs (issue 44): a control room's browser with dozens of tabs of mixed views open at
 * once, station pages, dashboards, a process image and the current alert list, while the
 * plant changes 10,000 values a second (load mode, 100,000 PVs). Pegel's tabs share one
 * engine; each naive baseline tab has its own hub connection and renders every message. The
 * figures are the whole browser's CPU (every Chromium process: browser, renderers with the
 * engine's SharedWorker, GPU, utilities; /proc), the tabs' main threads, and memory: the
 * engine's JS heap and the JS heap of all the side's tabs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { denseSvg } from '../baseline/denseGrid.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import { benchDashboardPath, routeBenchDashboards } from '../harness/benchDashboards.ts';
import type { BenchContext, BenchServer } from '../harness/context.ts';
import { measureLiveWindow, type Side } from '../harness/liveWindow.ts';
import { requireEngineChunk, requirePvPlant } from '../harness/prerequisites.ts';
import type { ProcessRole } from '../harness/processCpu.ts';
import {
  addSample,
  defineScenario,
  NotReady,
  type FigureSamples,
  type Plot,
} from '../harness/scenario.ts';
import { median } from '../harness/stats.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvNode } from '../../src/contract/pv.ts';

type View = 'station' | 'dashboard' | 'image' | 'alerts';

interface ManyTabsParams {
  /** Tabs of each view. */
  mix: Record<View, number>;
  /** Value tiles per dashboard; values in the process image. */
  tiles: number;
  imageValues: number;
  settleMs: number;
  windowMs: number;
  /** Windows with every tab open (the figures). */
  runs: number;
  /** Tab counts on the way to all of them where one window is measured too (the plots). */
  checkpoints: number[];
  /** How long the side may take to open one tab and show its values. */
  tabTimeoutMs: number;
}

/** The browser's processes, by the roles of harness/processCpu.ts. */
const BROWSER_ROLES: readonly ProcessRole[] = ['browser', 'renderer', 'gpu', 'utility'];

/** Percent of one core the browser's processes used, from a window's CPU by role. */
export function browserCpuPct(byRole: Partial<Record<ProcessRole, number>>): number {
  return BROWSER_ROLES.reduce((a, role) => a + (byRole[role] ?? 0), 0);
}

/** The views of the tabs in the order they open: spread, so every kind opens early. */
export function tabPlan(mix: Record<View, number>): View[] {
  const left = { ...mix };
  const out: View[] = [];
  const order: View[] = ['station', 'dashboard', 'alerts', 'image'];
  while (order.some((v) => left[v] > 0))
    for (const v of order)
      if (left[v] > 0) {
        out.push(v);
        left[v]--;
      }
  return out;
}

const IMAGE = 'bench-many-tabs';

/** Renderer processes of the bench's browser (CDP SystemInfo.getProcessInfo). */
async function rendererCount(cdp: BenchContext['cdp']): Promise<number> {
  const { processInfo } = await cdp.send<{ processInfo: { type: string }[] }>(
    'SystemInfo.getProcessInfo',
  );
  return processInfo.filter((p) => p.type === 'renderer').length;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openTab(
  ctx: BenchContext,
  context: BrowserContext,
  side: Side,
  view: View,
  index: number,
  nodes: PvNode[],
  p: ManyTabsParams,
): Promise<Page> {
  const node = nodes[index % nodes.length]!;
  const station = node.stationNumber;
  const page = await context.newPage();
  let path: string;
  if (side === 'pegel')
    path =
      view === 'station'
        ? `/stations/${station}`
        : view === 'dashboard'
          ? benchDashboardPath(station)
          : view === 'image'
            ? `/process-images/${IMAGE}`
            : '/alerts';
  else {
    const keys = node.pvs.map(pvKey);
    path =
      view === 'station'
        ? ctx.baselinePath({ keys: formatKeyList(keys), chartKey: keys[0] ?? '' })
        : view === 'dashboard'
          ? ctx.baselinePath({ view: 'dashboard', station, tiles: p.tiles })
          : view === 'image'
            ? ctx.baselinePath({ view: 'dense', n: p.imageValues, perStation: node.pvs.length })
            : ctx.baselinePath({ view: 'liveAlerts' });
  }
  await page.goto(path, { timeout: p.tabTimeoutMs });
  if (side === 'pegel')
    await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`, {
      timeout: p.tabTimeoutMs,
    });
  else if (view !== 'alerts') await waitBaselineConnected([page], p.tabTimeoutMs);
  return page;
}

export default defineScenario<ManyTabsParams>({
  id: 'manyTabs',
  title: 'Many tabs (mixed views, 10,000 updates/s)',
  order: 35,
  figures: [
    {
      id: 'tabsOpen',
      label: 'Tabs open and showing values',
      unit: 'tabs',
      better: 'higher',
      compare: true,
    },
    {
      id: 'browserCpuPct',
      label: 'Whole browser CPU (all its processes, % of one core)',
      unit: '%',
      better: 'lower',
      compare: true,
    },
    {
      id: 'machineCpuPct',
      label: 'Machine CPU busy (all cores: server, browser, bench)',
      unit: '%',
      better: 'lower',
      compare: true,
    },
    {
      id: 'tabsMainThreadMsPerSec',
      label: 'Main threads of all tabs together',
      unit: 'ms/s',
      better: 'lower',
      compare: true,
    },
    {
      id: 'deliveredPerSec',
      label: 'Values/s applied in all tabs together',
      unit: 'values/s',
      better: 'higher',
      compare: true,
    },
    {
      id: 'engineHeapMB',
      label: 'Engine memory (JS heap of the SharedWorker, after GC)',
      unit: 'MB',
      better: 'lower',
    },
    {
      id: 'jsHeapMB',
      label: 'JS heap of all tabs and their workers, after GC',
      unit: 'MB',
      better: 'lower',
      compare: true,
      // Issue 58: no tab heavier than the naive client's.
      naiveTarget: true,
    },
  ],
  quick: {
    mix: { station: 5, dashboard: 3, image: 1, alerts: 1 },
    tiles: 32,
    imageValues: 1000,
    settleMs: 3000,
    windowMs: 5000,
    runs: 1,
    checkpoints: [5],
    tabTimeoutMs: 60_000,
  },
  full: {
    mix: { station: 30, dashboard: 15, image: 1, alerts: 4 },
    tiles: 32,
    imageValues: 1000,
    settleMs: 5000,
    windowMs: 10_000,
    runs: 2,
    checkpoints: [10, 25],
    tabTimeoutMs: 60_000,
  },
  async run(ctx, p) {
    if (ctx.plant === 'fake') throw new NotReady('needs the reference server (dashboards)');
    requireEngineChunk(ctx.distDir);
    const server: BenchServer = await ctx.server();
    const nodes = await requirePvPlant(ctx, server);
    const perStation = nodes[0]!.pvs.length;
    writeFileSync(
      join(server.handle.dataDir, 'process-images', `${IMAGE}.svg`),
      denseSvg(p.imageValues, perStation),
    );
    const plan = tabPlan(p.mix);
    const figures: Record<string, FigureSamples> = {};
    const notes: string[] = [];
    const add = (side: Side, id: string, v: number) => addSample(figures, side, id, v);
    /** Browser CPU and JS heap at each checkpoint and with every tab open, per side. */
    const curve: Record<Side, { tabs: number; browser: number; heapMB: number }[]> = {
      pegel: [],
      baseline: [],
    };
    for (const side of ['baseline', 'pegel'] as const) {
      const context = await ctx.newContext({ server, baseline: side === 'baseline' });
      try {
        if (side === 'pegel') {
          const stations = plan.flatMap((v, i) =>
            v === 'dashboard' ? [nodes[i % nodes.length]!.stationNumber] : [],
          );
          await routeBenchDashboards(context, stations, p.tiles);
        }
        const pages: Page[] = [];
        let failed: string | null = null;
        /** One window over the tabs open now: the browser's CPU, the tabs' main threads. */
        const measure = async () => {
          const w = await measureLiveWindow(ctx, side, pages, p.windowMs, undefined, {
            frames: false,
          });
          return {
            w,
            browser: browserCpuPct(w.processCpuPct),
            tabsMs: w.mainThreadCpuPct * 10 * pages.length,
          };
        };
        /**
         * JS heap of the side's open tabs and of every worker they started (Pegel: the
         * engine's SharedWorker, once; its service worker), each after a forced GC, bytes.
         * `noGc`: the tabs as read before their GC (what is left of the last updates).
         */
        const heaps = async () => {
          let tabs = 0;
          let noGc = 0;
          for (const page of pages) {
            noGc += (await ctx.probes.pageHeap(page)).usedSize;
            tabs += (await ctx.probes.pageHeap(page, true)).usedSize;
          }
          const workers = await ctx.probes.workerHeaps(true);
          const sum = (ws: typeof workers) => ws.reduce((a, w) => a + w.usedSize, 0);
          const engine = sum(workers.filter((w) => w.type === 'shared_worker'));
          const renderers = await rendererCount(ctx.cdp);
          return { tabs, noGc, engine, workers: sum(workers), all: tabs + sum(workers), renderers };
        };
        for (const [i, view] of plan.entries()) {
          ctx.log(`  ${side}: tab ${i + 1} of ${plan.length} (${view})`);
          try {
            pages.push(await openTab(ctx, context, side, view, i, nodes, p));
          } catch (err) {
            failed = `${view} tab ${i + 1}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
            break;
          }
          if (p.checkpoints.includes(pages.length) && pages.length < plan.length) {
            await sleep(p.settleMs);
            const m = await measure();
            const h = await heaps();
            curve[side].push({ tabs: pages.length, browser: m.browser, heapMB: h.all / 1e6 });
          }
        }
        if (failed && side === 'pegel') throw new Error(`Pegel: ${failed}`);
        if (failed)
          notes.push(
            `Baseline: ${pages.length} of ${plan.length} tabs opened and showing values on this machine; the next (${failed}) did not within ${p.tabTimeoutMs / 1000} s, and the figures are for the ${pages.length} open.`,
          );
        add(side, 'tabsOpen', pages.length);
        if (pages.length === 0) continue;
        await sleep(p.settleMs);
        let last: Awaited<ReturnType<typeof measure>> | null = null;
        for (let r = 0; r < p.runs; r++) {
          last = await measure();
          add(side, 'browserCpuPct', last.browser);
          add(side, 'machineCpuPct', last.w.machineCpuPct);
          add(side, 'tabsMainThreadMsPerSec', last.tabsMs);
          add(side, 'deliveredPerSec', last.w.deliveredPerSec);
        }
        notes.push(
          `${side}, last window, % of one core by process ("other": processes outside the bench, such as other work on the machine): ` +
            Object.entries(last!.w.processCpuPct)
              .sort((a, b) => b[1] - a[1])
              .map(([role, pct]) => `${role} ${Math.round(pct)} %`)
              .join(', '),
        );
        const h = await heaps();
        if (side === 'pegel') add(side, 'engineHeapMB', h.engine / 1e6);
        add(side, 'jsHeapMB', h.all / 1e6);
        notes.push(
          `${side}, JS heap with every tab open: tabs ${(h.tabs / 1e6).toFixed(1)} MB after GC (${(h.noGc / 1e6).toFixed(1)} MB before it), workers ${(h.workers / 1e6).toFixed(1)} MB (of it the SharedWorker ${(h.engine / 1e6).toFixed(1)} MB); ${pages.length} tabs in ${h.renderers} renderer processes.`,
        );
        curve[side].push({
          tabs: pages.length,
          browser: median(figures.browserCpuPct?.[side === 'pegel' ? 'value' : 'baseline'] ?? []),
          heapMB: h.all / 1e6,
        });
      } finally {
        await context.close();
      }
    }
    const xs = [...new Set([...curve.pegel, ...curve.baseline].map((c) => c.tabs))].sort(
      (a, b) => a - b,
    );
    const series = (key: 'browser' | 'heapMB') =>
      (['pegel', 'baseline'] as const).map((side) => ({
        label: side,
        y: xs.map((x) => curve[side].find((c) => c.tabs === x)?.[key] ?? null),
      }));
    const plots: Plot[] = [
      {
        id: 'many-tabs-browser-cpu',
        title: 'Whole browser CPU vs open tabs (10,000 updates/s)',
        xLabel: 'tabs open',
        yLabel: '% of one core',
        x: xs,
        series: series('browser'),
      },
      {
        id: 'many-tabs-heap',
        title: 'JS heap vs open tabs (tabs and their workers, after GC)',
        xLabel: 'tabs open',
        yLabel: 'MB',
        x: xs,
        series: series('heapMB'),
      },
    ];
    const count = (v: View) => `${p.mix[v]} ${v === 'image' ? 'process image' : v}`;
    return {
      figures,
      plots,
      notes: [
        ...notes,
        `${plan.length} tabs in one browser profile: ${(['station', 'dashboard', 'image', 'alerts'] as const).map(count).join(', ')}; the shared server in load mode (100,000 PVs, 10,000 updates/s). Station pages: one load station each (baseline: its 200 PVs and live chart); dashboards: ${p.tiles} value tiles (bench/harness/benchDashboards.ts; baseline NaiveTiles); process image: ${p.imageValues} values (the dense grid; baseline view=dense); alert list: the current list (baseline NaiveCurrentAlerts).`,
        'Browser CPU: every Chromium process (browser, renderers with the engine’s SharedWorker, GPU, utilities) from /proc over the window; the baseline’s pages are served by Playwright routing, whose work is the bench’s, not counted.',
        "Pegel's station pages lease the rows they show; a baseline station tab subscribes its station's 200 PVs: values applied differ by design.",
        'Memory: the used JS heap (CDP Runtime.getHeapUsage) of every tab and of every worker target of the browser (Pegel: the engine’s SharedWorker, counted once, and the service worker; the baseline has none), each after a forced GC (CDP HeapProfiler.collectGarbage), so that neither side is charged for garbage its last GC had not yet collected. Each tab has a renderer process of its own (the count is in the notes): a process’s tabs share one isolate, whose heap each of them would report.',
      ],
    };
  },
});
