/**
 * Tabs: open and close many tabs, crash some; the server's connections and subscriptions
 * must return to where they started, a dead tab's keys must be freed within 1 s, a second
 * tab on an already leased station shows its first value within 50 ms, a cold first tab
 * within 1 s. The baseline opens one hub connection per tab.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { HUBS } from '../../src/contract/hubs.ts';
import { API } from '../../src/contract/paths.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvNode } from '../../src/contract/pv.ts';
import { formatKeyList } from '../baseline/keyList.ts';
import { readAppProbe } from '../harness/appProbe.ts';
import { waitBaselineConnected } from '../harness/baselineProbe.ts';
import type { BenchContext, BenchServer } from '../harness/context.ts';
import { requireEngineChunk, requireHub } from '../harness/prerequisites.ts';
import { defineScenario, NotReady } from '../harness/scenario.ts';
import { SERVER_METRICS } from '../harness/serverMetrics.ts';
import { waitForExpression } from '../harness/waitForExpression.ts';
import { serviceWorkerServes } from '../harness/serviceWorker.ts';

interface TabsParams {
  runs: number;
  /** Tabs opened and closed over one run (a rolling window of `openAtOnce`). */
  tabs: number;
  openAtOnce: number;
  /** Of the closed tabs, how many are crashed through CDP instead of closed. */
  crashed: number;
  /** Second-tab and dead-tab measurements taken per run, spread over the churn. */
  probesPerRun: number;
  pegelPath: string;
  /** How long connections and subscriptions may take to return to the start, ms. */
  settleTimeoutMs: number;
  pollMs: number;
  firstValueTimeoutMs: number;
  /** How long a churn tab's `load` may take before it counts as late (Playwright's default). */
  loadTimeoutMs: number;
  /** How long a late tab is waited for further before it counts as never loaded. */
  lateLoadTimeoutMs: number;
}

interface Gauges {
  connections: number;
  subscriptions: number;
}

async function gauges(server: BenchServer): Promise<Gauges> {
  const m = await server.metrics();
  if (!m.has(SERVER_METRICS.hubConnections) || !m.has(SERVER_METRICS.hubSubscriptions))
    throw new NotReady(
      `/metrics has no ${SERVER_METRICS.hubConnections} / ${SERVER_METRICS.hubSubscriptions} (bench/harness/serverMetrics.ts)`,
    );
  return {
    connections: m.sum(SERVER_METRICS.hubConnections),
    subscriptions: m.sum(SERVER_METRICS.hubSubscriptions),
  };
}

/** Polls until `done(gauges)` holds; returns the elapsed ms, or null on timeout. */
async function waitGauges(
  server: BenchServer,
  done: (g: Gauges) => boolean,
  p: TabsParams,
): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < p.settleTimeoutMs) {
    if (done(await gauges(server))) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, p.pollMs));
  }
  return null;
}

async function crash(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  // NOTE: Page.crash never answers; the renderer is gone before it could.
  void session.send('Page.crash').catch(() => undefined);
  await page.waitForEvent('crash', { timeout: 5000 }).catch(() => undefined);
}

/**
 * Navigation start to the first value, as applied and as drawn (the first rendering
 * opportunity after it was applied; the applied time from a build without that figure);
 * `fromMount` counts from the first lease instead.
 */
async function firstValueMs(
  page: Page,
  timeoutMs: number,
  fromMount = false,
): Promise<{ applied: number; drawn: number }> {
  const probe = await waitForExpression(
    page,
    `typeof window.__pegelBench?.snapshot === 'function'`,
    { timeout: timeoutMs },
  )
    .then(() => true)
    .catch(() => false);
  if (!probe)
    throw new NotReady('Pegel tabs expose no window.__pegelBench (bench/harness/appProbe.ts)');
  // Drawn follows applied; a build without the drawn figure leaves it undefined.
  await waitForExpression(
    page,
    `(s => s.firstValueMs != null && s.firstValueDrawnMs !== null)(window.__pegelBench.snapshot())`,
    { timeout: timeoutMs },
  );
  const snapshot = (await readAppProbe(page))!;
  const from = fromMount ? (snapshot.firstLeaseMs ?? 0) : 0;
  const applied = snapshot.firstValueMs! - from;
  return { applied, drawn: (snapshot.firstValueDrawnMs ?? snapshot.firstValueMs!) - from };
}

/** A churn tab's load: in time, late (with what it still waited for) or never (the same). */
type TabLoad =
  | { page: Page; lateMs: null }
  | { page: Page; lateMs: number; waitedFor: string }
  | { page: null; waitedFor: string };

/**
 * Opens a tab on `path` and waits for its `load`, as ctx.openTabs does, but a load that takes
 * longer than `loadTimeoutMs` does not end the run: what the page still waits for is taken
 * (its document.readyState and the requests without an answer, from CDP Network events),
 * and the tab is waited for another `lateLoadTimeoutMs`. A tab that loads then is late; one
 * that does not is a hang, reported as a figure with the target 0 (never hidden).
 */
async function openTab(context: BrowserContext, path: string, p: TabsParams): Promise<TabLoad> {
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  const pending = new Map<string, { url: string; type: string; status?: number; sw?: boolean }>();
  session.on('Network.requestWillBeSent', (e) =>
    pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' }),
  );
  session.on('Network.responseReceived', (e) => {
    const r = pending.get(e.requestId);
    if (r) Object.assign(r, { status: e.response.status, sw: e.response.fromServiceWorker });
  });
  session.on('Network.loadingFinished', (e) => pending.delete(e.requestId));
  session.on('Network.loadingFailed', (e) => pending.delete(e.requestId));
  await session.send('Network.enable');
  const waitingFor = async () => {
    const state = await Promise.race([
      page.evaluate(`document.readyState`).then(String, () => 'no document'),
      new Promise<string>((r) => setTimeout(() => r('page did not answer in 5 s'), 5000)),
    ]);
    const requests = [...pending.values()].map(
      (r) =>
        `${r.type} ${new URL(r.url).pathname}` +
        (r.status === undefined
          ? ' (no response)'
          : ` (${r.status}${r.sw ? ', service worker' : ''}, body unfinished)`),
    );
    return `${path}: readyState ${state}; unfinished requests: ${requests.join(', ') || 'none'}`;
  };
  const t0 = Date.now();
  try {
    await page.goto(path, { waitUntil: 'load', timeout: p.loadTimeoutMs });
    return { page, lateMs: null };
  } catch (err) {
    if (!(err instanceof Error && err.name === 'TimeoutError')) throw err;
    const waitedFor = await waitingFor();
    const loaded = await page
      .waitForURL((u) => u.pathname === path, { waitUntil: 'load', timeout: p.lateLoadTimeoutMs })
      .then(
        () => true,
        () => false,
      );
    if (loaded) return { page, lateMs: Date.now() - t0, waitedFor };
    const still = await waitingFor();
    await page.close().catch(() => undefined);
    return { page: null, waitedFor: `${still} (after ${p.loadTimeoutMs} ms: ${waitedFor})` };
  } finally {
    await session.detach().catch(() => undefined);
  }
}

interface PegelRun {
  cold: number;
  warm: number[];
  warmDrawn: number[];
  freedMs: (number | null)[];
  settledMs: number | null;
  peakConnections: number;
  leftover: number;
  /** Churn tabs whose load came after `loadTimeoutMs`: ms each, and what each waited for. */
  lateLoadMs: number[];
  /** Churn tabs whose load never came (within both timeouts). */
  hungLoads: number;
  loadNotes: string[];
}

async function pegelRun(
  ctx: BenchContext,
  server: BenchServer,
  nodes: PvNode[],
  p: TabsParams,
): Promise<PegelRun> {
  const start = await gauges(server);
  const station = (i: number) => nodes[i % nodes.length]!;
  const path = (i: number) => p.pegelPath.replace('{station}', String(station(i).stationNumber));
  const set = await ctx.openTabs(1, path(0), { server });
  const cold = (await firstValueMs(set.pages[0]!, p.firstValueTimeoutMs)).applied;
  // Later tabs start from the service worker's cache once it serves (a build with one).
  await serviceWorkerServes(set.pages[0]!);
  // Open tabs with the index of the station each one shows.
  const open: { page: Page; station: number }[] = [{ page: set.pages[0]!, station: 0 }];
  const warm: number[] = [];
  const warmDrawn: number[] = [];
  const freedMs: (number | null)[] = [];
  let peakConnections: number | null = null;
  let crashed = 0;
  const lateLoadMs: number[] = [];
  const loadNotes: string[] = [];
  let hungLoads = 0;
  const probeEvery = Math.max(1, Math.floor(p.tabs / p.probesPerRun));
  const crashEvery = p.crashed > 0 ? Math.max(1, Math.floor(p.tabs / p.crashed)) : 0;
  /** A loaded tab, or null for one that never loaded (closed; the run goes on without it). */
  const load = async (tabPath: string): Promise<Page | null> => {
    const tab = await openTab(set.context, tabPath, p);
    if (tab.page === null) {
      hungLoads++;
      loadNotes.push(`never loaded: ${tab.waitedFor}`);
    } else if (tab.lateMs !== null) {
      lateLoadMs.push(tab.lateMs);
      loadNotes.push(`loaded after ${tab.lateMs} ms; at ${p.loadTimeoutMs} ms ${tab.waitedFor}`);
    }
    return tab.page;
  };

  for (let i = 1; i < p.tabs; i++) {
    if (i % probeEvery === 0) {
      // A second tab on a station another tab already leases: served from the engine.
      const again = await load(path(i - 1));
      if (again) {
        const first = await firstValueMs(again, p.firstValueTimeoutMs, true);
        warm.push(first.applied);
        warmDrawn.push(first.drawn);
        await again.close();
      }
      // A tab alone on its station: crashing it must free exactly that station's keys.
      const leased = new Set(open.map((t) => t.station % nodes.length));
      let lone = nodes.length - 1;
      while (lone > 0 && leased.has(lone)) lone--;
      // A station page leases the rows it shows, not every PV of the station: freed means
      // back to the subscriptions from before the lone tab opened.
      const beforeAlone = await gauges(server);
      const alone = await load(
        p.pegelPath.replace('{station}', String(nodes[lone]!.stationNumber)),
      );
      if (alone) {
        await firstValueMs(alone, p.firstValueTimeoutMs);
        await crash(alone);
        freedMs.push(
          await waitGauges(server, (g) => g.subscriptions <= beforeAlone.subscriptions, p),
        );
        await alone.close().catch(() => undefined);
      }
    }
    const page = await load(path(i));
    if (page) open.push({ page, station: i });
    // Counted when the window first fills, before a tab of it is closed or crashed: a crash
    // can take the renderer that hosts the engine, whose connections then drop until the
    // engine starts again in another tab.
    if (open.length === p.openAtOnce && peakConnections === null)
      peakConnections = (await gauges(server)).connections - start.connections;
    if (open.length > p.openAtOnce) {
      const oldest = open.shift()!.page;
      if (crashEvery && i % crashEvery === 0 && crashed < p.crashed) {
        crashed++;
        await crash(oldest);
      }
      await oldest.close().catch(() => undefined);
    }
  }
  // Fewer tabs than the window: counted with all of them open.
  peakConnections ??= (await gauges(server)).connections - start.connections;
  await set.close();
  const settledMs = await waitGauges(
    server,
    (g) => g.connections <= start.connections && g.subscriptions <= start.subscriptions,
    p,
  );
  const end = await gauges(server);
  return {
    cold,
    warm,
    warmDrawn,
    freedMs,
    settledMs,
    peakConnections,
    leftover:
      Math.max(0, end.connections - start.connections) +
      Math.max(0, end.subscriptions - start.subscriptions),
    lateLoadMs,
    hungLoads,
    loadNotes,
  };
}

/** The baseline holds one hub connection per open tab. */
async function baselineRun(ctx: BenchContext, server: BenchServer, nodes: PvNode[], p: TabsParams) {
  const start = await gauges(server);
  const keys = formatKeyList(nodes[0]!.pvs.map(pvKey));
  const set = await ctx.openTabs(p.openAtOnce, ctx.baselinePath({ keys }), { server });
  await waitBaselineConnected(set.pages, 120_000);
  const open = await gauges(server);
  await set.close();
  await waitGauges(server, (g) => g.connections <= start.connections, p);
  return { peakConnections: open.connections - start.connections };
}

export default defineScenario<TabsParams>({
  id: 'tabs',
  title: 'Tabs (open, close, crash)',
  order: 30,
  figures: [
    {
      id: 'peakConnections',
      label: 'Hub connections with the tabs open',
      unit: 'connections',
      better: 'lower',
      compare: true,
    },
    {
      id: 'leftover',
      label: 'Connections + subscriptions left after closing',
      unit: 'items',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
    { id: 'settledMs', label: 'Time until back to start', unit: 'ms', better: 'lower' },
    {
      id: 'deadTabFreedMs',
      label: 'Dead tab keys freed',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 1000 },
    },
    {
      id: 'secondTabFirstValueMs',
      label: 'Second tab, mount to first value',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 50 },
    },
    {
      id: 'secondTabFirstValueDrawnMs',
      label: 'Second tab, mount to first value drawn (first rendering opportunity after it)',
      unit: 'ms',
      better: 'lower',
    },
    {
      id: 'coldTabFirstValueMs',
      label: 'Cold first tab, first value',
      unit: 'ms',
      better: 'lower',
      target: { op: '<=', value: 1000 },
    },
    {
      id: 'lateLoads',
      label:
        'Tabs whose load came only after 30 s (the machine at load; what each waited for in the notes)',
      unit: 'tabs',
      better: 'lower',
    },
    {
      id: 'hungLoads',
      label: 'Tabs whose page never finished loading (30 s and 60 s more)',
      unit: 'tabs',
      better: 'lower',
      target: { op: '<=', value: 0 },
    },
  ],
  quick: {
    runs: 1,
    tabs: 40,
    openAtOnce: 10,
    crashed: 4,
    probesPerRun: 3,
    pegelPath: '/stations/{station}',
    settleTimeoutMs: 10_000,
    pollMs: 50,
    firstValueTimeoutMs: 10_000,
    loadTimeoutMs: 30_000,
    lateLoadTimeoutMs: 30_000,
  },
  full: {
    runs: 1,
    // 1,000 tabs take 17 minutes alone on a 2-core machine (about 1 s a tab to load, sign
    // in and show a value); 500 keep the full run under its 30 minutes.
    tabs: 500,
    openAtOnce: 20,
    crashed: 25,
    probesPerRun: 7,
    pegelPath: '/stations/{station}',
    settleTimeoutMs: 30_000,
    pollMs: 50,
    firstValueTimeoutMs: 10_000,
    // Playwright's navigation timeout, as ctx.openTabs waits; a tab past it is waited for
    // another minute before it counts as hung (bench/README "Tabs", 2026-11-28).
    loadTimeoutMs: 30_000,
    lateLoadTimeoutMs: 60_000,
  },
  async run(ctx, p) {
    const server = await ctx.server();
    await requireHub(server.url, HUBS.pv, await ctx.cookieHeader(server));
    await gauges(server);
    const nodes = await ctx.fetchJson<PvNode[]>(API.pv.nodes, server);
    const baseline = await ctx.repeat(p.runs, () => baselineRun(ctx, server, nodes, p));
    const notes: string[] = [];
    let pegel: PegelRun[] = [];
    try {
      if (ctx.plant === 'reference') requireEngineChunk(ctx.distDir);
      pegel = await ctx.repeat(p.runs, () => pegelRun(ctx, server, nodes, p));
    } catch (err) {
      if (!(err instanceof NotReady)) throw err;
      notes.push(`Pegel side not measured: ${err.message}`);
    }
    const known = (v: (number | null)[]) => v.filter((x): x is number => x !== null);
    const unfreed = pegel.flatMap((r) => r.freedMs).filter((x) => x === null).length;
    return {
      figures: {
        peakConnections: {
          value: pegel.map((r) => r.peakConnections),
          baseline: baseline.map((r) => r.peakConnections),
        },
        leftover: { value: pegel.map((r) => r.leftover) },
        settledMs: { value: known(pegel.map((r) => r.settledMs)) },
        deadTabFreedMs: {
          value: known(pegel.flatMap((r) => r.freedMs)),
          ...(unfreed
            ? { note: `${unfreed} dead tab(s) not freed within ${p.settleTimeoutMs} ms` }
            : {}),
        },
        secondTabFirstValueMs: { value: pegel.flatMap((r) => r.warm) },
        secondTabFirstValueDrawnMs: { value: pegel.flatMap((r) => r.warmDrawn) },
        coldTabFirstValueMs: { value: pegel.map((r) => r.cold) },
        lateLoads: { value: pegel.map((r) => r.lateLoadMs.length) },
        hungLoads: { value: pegel.map((r) => r.hungLoads) },
      },
      notes: [
        ...notes,
        ...pegel.flatMap((r) => r.loadNotes),
        `${p.tabs} tabs opened and closed per run, ${p.openAtOnce} at once, ${p.crashed} crashed through CDP Page.crash`,
      ],
    };
  },
});
