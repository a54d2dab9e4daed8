/**
 * Where a Pegel tab's JS heap goes (issue 58, the many-tabs mix): one tab of each kind of the
 * mix (station page, bench dashboard, process image of 1,000 values, current alert list) is
 * opened on a fresh reference server in load mode, left to settle, garbage-collected and
 * snapshotted (CDP HeapProfiler.takeHeapSnapshot); the engine's SharedWorker too. For each:
 * the used heap, then the tables of bench/harness/heapSnapshot.ts (by node type, by
 * constructor, code by script, the biggest retainers, strings and arrays).
 *
 * `npx tsx bench/heap-snapshot.ts [views = station,dashboard,image,alerts,engine]`
 *   --naive        also the naive baseline's tab of each kind (as the many-tabs mix opens them),
 *                  in a context of its own on the same server (`naive-station` ...)
 *   --top=N        rows per table (12)
 *   --settle=ms    wait after the tab shows values (5000)
 *   --save=dir     also write each snapshot as <dir>/<view>.heapsnapshot (DevTools opens it)
 *   --file=path    analyse a saved snapshot instead (no server, no browser)
 *   --summary      only the heap figures and React's fibers, hooks and effects, no tables
 *   --stations=N   load stations of the plant (500, as in the bench; 200 PVs each)
 * The client is the server's build: dist/ or PEGEL_DIST_DIR.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { denseSvg } from './baseline/denseGrid.ts';
import { formatKeyList } from './baseline/keyList.ts';
import { API } from '../src/contract/paths.ts';
import { pvKey } from '../src/contract/keys.ts';
import type { PvNode } from '../src/contract/pv.ts';
import { BASELINE_PATH, buildBaseline, routeBaseline } from './harness/baselineBundle.ts';
import { waitBaselineConnected } from './harness/baselineProbe.ts';
import type { BrowserCdp } from './harness/BrowserCdp.ts';
import { launchBrowser } from './harness/browser.ts';
import { benchDashboardPath, routeBenchDashboards } from './harness/benchDashboards.ts';
import {
  analyseHeap,
  type HeapBreakdown,
  type HeapGroup,
  type HeapNode,
  type RawHeapSnapshot,
} from './harness/heapSnapshot.ts';
import { signedInContext } from './harness/signIn.ts';
import { waitForExpression } from './harness/waitForExpression.ts';

type TabView = 'station' | 'dashboard' | 'image' | 'alerts';
type View = TabView | 'engine' | `naive-${TabView}`;
const TAB_VIEWS: TabView[] = ['station', 'dashboard', 'image', 'alerts'];
const ALL: View[] = [...TAB_VIEWS, 'engine'];

const args = process.argv.slice(2);
const opt = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const top = Number(opt('top') ?? 12);
const settleMs = Number(opt('settle') ?? 5000);
const saveDir = opt('save');
const file = opt('file');
const summaryOnly = args.includes('--summary');
const views = [
  ...((args.find((a) => !a.startsWith('--'))?.split(',') ?? ALL) as View[]),
  ...(args.includes('--naive') ? TAB_VIEWS.map((v): View => `naive-${v}`) : []),
];
const IMAGE = 'bench-many-tabs';
/** The bench's load plant (harness/context.ts DEFAULT_LOAD): 500 stations of 200 PVs. */
const STATIONS = Number(opt('stations') ?? 500);
const PVS = 200;
const ROOT = new URL('..', import.meta.url).pathname;

const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
const kb = (b: number) => `${(b / 1e3).toFixed(0).padStart(7)} kB`;

function printGroups(title: string, rows: HeapGroup[]) {
  console.log(`  ${title}`);
  for (const r of rows)
    console.log(`    ${kb(r.selfSize)} ${String(r.count).padStart(7)}×  ${r.key}`);
}

function printNodes(title: string, rows: HeapNode[], size: 'selfSize' | 'retainedSize') {
  console.log(`  ${title}`);
  for (const r of rows)
    console.log(
      `    ${kb(r[size])}  ${r.type}: ${JSON.stringify(r.name.slice(0, 90)).slice(1, -1)}`,
    );
}

function print(label: string, used: number | null, b: HeapBreakdown) {
  console.log(
    `\n${label}: ${used === null ? '' : `used heap ${mb(used)} after GC, `}snapshot ${mb(b.totalSize)} in ${b.nodeCount} nodes`,
  );
  const r = b.react;
  console.log(
    `  React: ${r.fibers} fibers (${kb(r.fiberBytes).trim()}), ${r.hooks} hooks (${kb(r.hookBytes).trim()}), ${r.effects} effects (${kb(r.effectBytes).trim()}), self sizes`,
  );
  if (summaryOnly) return;
  printGroups('by node type (self size)', b.byType);
  printGroups('by constructor (self size)', b.byConstructor);
  printGroups('compiled code by script (functions with what they retain)', b.codeByScript);
  printNodes('biggest retainers (retained size)', b.biggestRetainers, 'retainedSize');
  printNodes('biggest strings', b.biggestStrings, 'selfSize');
  printNodes('biggest arrays (retained size)', b.biggestArrays, 'retainedSize');
}

/** A snapshot over a CDP session's send (page or worker target). */
async function snapshot(
  send: (method: string, params?: object) => Promise<unknown>,
  onChunk: (listener: (chunk: string) => void) => () => void,
): Promise<{ used: number; raw: RawHeapSnapshot; json: string }> {
  await send('HeapProfiler.enable');
  await send('HeapProfiler.collectGarbage');
  const { usedSize } = (await send('Runtime.getHeapUsage')) as { usedSize: number };
  const chunks: string[] = [];
  const off = onChunk((c) => chunks.push(c));
  try {
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    off();
  }
  const json = chunks.join('');
  return { used: usedSize, raw: JSON.parse(json) as RawHeapSnapshot, json };
}

async function pageSnapshot(page: Page) {
  const session = await page.context().newCDPSession(page);
  try {
    return await snapshot(
      (m, p) => session.send(m as 'HeapProfiler.enable', p as never),
      (listener) => {
        const h = (e: { chunk: string }) => listener(e.chunk);
        session.on('HeapProfiler.addHeapSnapshotChunk', h);
        return () => session.off('HeapProfiler.addHeapSnapshotChunk', h);
      },
    );
  } finally {
    await session.detach();
  }
}

/** The SharedWorker's snapshot over raw CDP (Playwright has no session for it). */
async function engineSnapshot(cdp: BrowserCdp) {
  const worker = (await cdp.targets()).find((t) => t.type === 'shared_worker');
  if (!worker) throw new Error('no SharedWorker target');
  return cdp.withTarget(worker.targetId, (sessionId) =>
    snapshot(
      (m, p) => cdp.send(m, p ?? {}, sessionId),
      (listener) =>
        cdp.onEvent<{ chunk: string }>('HeapProfiler.addHeapSnapshotChunk', sessionId, (e) =>
          listener(e.chunk),
        ),
    ),
  );
}

function report(view: string, s: { used: number | null; raw: RawHeapSnapshot; json: string }) {
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    writeFileSync(join(saveDir, `${view}.heapsnapshot`), s.json);
  }
  print(view, s.used, analyseHeap(s.raw, top));
}

if (file) {
  const json = readFileSync(file, 'utf8');
  report(file, { used: null, raw: JSON.parse(json) as RawHeapSnapshot, json: '' });
} else {
  const server = await startPlantServer({
    env: {
      PEGEL_RATE_HEAVY_PER_MIN: '0',
      PEGEL_LOAD_STATIONS: String(STATIONS),
      PEGEL_LOAD_PVS_PER_STATION: String(PVS),
      PEGEL_LOAD_UPDATES_PER_SEC: '1000',
    },
  });
  const { browser, cdp, close } = await launchBrowser();
  try {
    writeFileSync(join(server.dataDir, 'process-images', `${IMAGE}.svg`), denseSvg(1000, PVS));
    const context = await signedInContext(browser, server.url);
    await routeBenchDashboards(context, [2], 32);
    const paths: Record<TabView, string> = {
      station: '/stations/1',
      dashboard: benchDashboardPath(2),
      image: `/process-images/${IMAGE}`,
      alerts: '/alerts',
    };
    // One tab of each kind, open together as in the mix; the engine serves them all.
    const pages = new Map<View, Page>();
    for (const view of views) {
      if (view === 'engine' || view.startsWith('naive-')) continue;
      const page = await context.newPage();
      await page.goto(paths[view as TabView]);
      await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`, {
        timeout: 60_000,
      });
      pages.set(view, page);
    }
    // The naive baseline's tabs with the query the many-tabs mix gives them (manyTabs.ts).
    const naive = views.filter((v) => v.startsWith('naive-'));
    if (naive.length) {
      const naiveContext = await signedInContext(browser, server.url);
      await routeBaseline(naiveContext, server.url, await buildBaseline(ROOT));
      const answer = await naiveContext.request.get(new URL(API.pv.nodes, server.url).href);
      const node = ((await answer.json()) as PvNode[])[0]!;
      const keys = node.pvs.map(pvKey);
      const query: Record<TabView, Record<string, string | number>> = {
        station: { keys: formatKeyList(keys), chartKey: keys[0] ?? '' },
        dashboard: { view: 'dashboard', station: node.stationNumber, tiles: 32 },
        image: { view: 'dense', n: 1000, perStation: node.pvs.length },
        alerts: { view: 'liveAlerts' },
      };
      for (const view of naive) {
        const kind = view.slice('naive-'.length) as TabView;
        const page = await naiveContext.newPage();
        const q = new URLSearchParams(Object.entries(query[kind]).map(([k, v]) => [k, String(v)]));
        await page.goto(`${BASELINE_PATH}?${q}`);
        if (kind !== 'alerts') await waitBaselineConnected([page], 60_000);
        pages.set(view, page);
      }
    }
    await new Promise((r) => setTimeout(r, settleMs));
    for (const view of views)
      report(
        view,
        view === 'engine' ? await engineSnapshot(cdp) : await pageSnapshot(pages.get(view)!),
      );
  } finally {
    await close();
    await server.dispose();
  }
}
