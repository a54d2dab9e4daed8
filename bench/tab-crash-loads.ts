/**
 * What a new tab's `load` waits for once tabs of the profile were crashed (bench/README
 * "Tabs", 2026-11-28): signed-in station tabs opened one after another in a rolling window,
 * the oldest crashed through CDP Page.crash every CRASH_EVERY tabs (the first crashed tab is
 * the one the engine started in). Each tab's load time is logged; a load not done after 30 s
 * is dumped with its unfinished requests (CDP Network), its document.readyState and the
 * browser's worker targets (the engine's SharedWorker, the service worker).
 *
 *   nice -n 19 npx tsx bench/tab-crash-loads.ts     # TABS=40 WINDOW=4 CRASH_EVERY=1
 *
 * Needs a built dist/ (npm run build).
 */
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from './harness/browser.ts';
import { Harness } from './harness/context.ts';
import { defaultCookieProvider } from './harness/signIn.ts';
import { serviceWorkerServes } from './harness/serviceWorker.ts';

const ROOT = resolve(import.meta.dirname, '..');
const TABS = Number(process.env.TABS ?? 40);
const WINDOW = Number(process.env.WINDOW ?? 4);
const CRASH_EVERY = Number(process.env.CRASH_EVERY ?? 1);
const t00 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t00) / 1000).toFixed(1)} s] ${m}`);

const bench = await launchBrowser();
const harness = new Harness({
  mode: 'full',
  root: ROOT,
  distDir: join(ROOT, 'dist'),
  browser: bench.browser,
  cdp: bench.cdp,
  baselineDir: null,
  cookieProvider: await defaultCookieProvider(ROOT),
  log,
});

interface Req {
  url: string;
  type?: string;
  t: number;
  fromSW?: boolean;
  status?: number;
}

async function openTracked(page: Page, path: string, i: number) {
  const s: CDPSession = await page.context().newCDPSession(page);
  const pending = new Map<string, Req>();
  s.on('Network.requestWillBeSent', (e) =>
    pending.set(e.requestId, { url: e.request.url, type: e.type, t: Date.now() }),
  );
  s.on('Network.responseReceived', (e) => {
    const r = pending.get(e.requestId);
    if (r) {
      r.status = e.response.status;
      r.fromSW = e.response.fromServiceWorker;
    }
  });
  s.on('Network.loadingFinished', (e) => pending.delete(e.requestId));
  s.on('Network.loadingFailed', (e) => pending.delete(e.requestId));
  await s.send('Network.enable');
  const t0 = Date.now();
  let dumped = false;
  const watchdog = setInterval(() => {
    void (async () => {
      if (Date.now() - t0 < 30_000 || dumped) return;
      dumped = true;
      log(`tab ${i} ${path}: load not done after 30 s`);
      for (const r of pending.values())
        log(
          `  pending ${r.type} ${r.url} status=${r.status} fromSW=${r.fromSW} age=${Date.now() - r.t} ms`,
        );
      const st = await Promise.race([
        page.evaluate(
          `({rs: document.readyState, sw: navigator.serviceWorker.controller?.state ?? null, html: document.documentElement.outerHTML.length})`,
        ),
        new Promise((r) => setTimeout(() => r('evaluate timed out'), 5000)),
      ]).catch((e: unknown) => String(e));
      log(`  page state ${JSON.stringify(st)}`);
      const targets = (await bench.cdp.send('Target.getTargets').catch(() => null)) as {
        targetInfos: { type: string; url: string; attached: boolean }[];
      } | null;
      for (const t of targets?.targetInfos ?? [])
        if (t.type !== 'page') log(`  target ${t.type} ${t.url}`);
    })();
  }, 1000);
  try {
    await page.goto(path, { waitUntil: 'load', timeout: 120_000 });
  } finally {
    clearInterval(watchdog);
  }
  const ms = Date.now() - t0;
  if (dumped) log(`tab ${i}: load after all, ${ms} ms`);
  await s.detach().catch(() => undefined);
  return ms;
}

await harness.withContext(async (ctx) => {
  const server = await ctx.server();
  const set = await ctx.openTabs(1, '/stations/1', { server });
  log(`first tab open; sw serves: ${await serviceWorkerServes(set.pages[0]!)}`);
  const open: Page[] = [set.pages[0]!];
  let crashedTabs = 0;
  let collateral = 0;
  const loads: number[] = [];
  for (let i = 1; i < TABS; i++) {
    const page = await set.context.newPage();
    page.on('crash', () => collateral++);
    const ms = await openTracked(page, `/stations/${(i % 500) + 1}`, i);
    loads.push(ms);
    log(`tab ${i}: load ${ms} ms`);
    open.push(page);
    if (open.length > WINDOW) {
      const oldest = open.shift()!;
      if (i % CRASH_EVERY === 0) {
        crashedTabs++;
        const before = collateral;
        const s = await set.context.newCDPSession(oldest);
        void s.send('Page.crash').catch(() => undefined);
        await oldest.waitForEvent('crash', { timeout: 5000 }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 300));
        log(`tab ${i}: crashed one; crash events ${collateral - before}; open ${open.length}`);
      }
      await oldest.close().catch(() => undefined);
    }
    if (i % 20 === 0) {
      const last = loads.slice(-20);
      log(`tab ${i}: loads ms median ${last.sort((a, b) => a - b)[10]} max ${last.at(-1)}`);
    }
  }
  log(`done, ${crashedTabs} crashes`);
});
await harness.close();
await bench.close();
process.exit(0);
