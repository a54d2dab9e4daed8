/**
 * Which tabs get a V8 code cache, traced: serves a built client (`PEGEL_DIST_DIR`) from a
 * reference server with 100,000 archive rows, opens tab 1 on the archive in a persistent
 * profile and waits until the build's service worker controls it (a build without a worker:
 * no wait), then opens tabs 2..N one after another, each traced from before its navigation to
 * its first rows painted (`Tracing.start` with v8, disabled-by-default-v8.compile,
 * devtools.timeline, blink.user_timing). Tab 1 stays open (it keeps the engine running), the
 * others close after their trace. Builds nothing.
 *
 *   npx vite build --outDir /tmp/distA
 *   npx tsx bench/code-cache-trace.ts [--tabs 4] [--path /alerts/archive?bench=1] /tmp/distA
 *
 * Prints per tab: scripts compiled (classic and module), how many consumed a code cache and
 * its bytes, how many caches were rejected, caches produced, the main thread's compile time
 * (V8 compile, parse and deserialise events on the tab's renderer main thread) and first rows
 * (`__pegelBench.alerts.firstRowsMs()`, painted, from navigation start). `PEGEL_CHROMIUM`
 * picks the browser (bench/harness/browser.ts). `--dump DIR` writes each tab's trace there;
 * with `--cpu` the traces carry V8's CPU profile of every thread as well (1 ms samples), for
 * where a tab's main thread went, function by function (DevTools' Performance panel opens
 * the dumped file). `--categories a,b` adds trace categories (for example `loading`,
 * `blink`, `disabled-by-default-devtools.timeline`, `toplevel`: the parser's and the
 * scheduler's tasks, for what the main thread does before the main module runs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/browser.ts';
import { recordTrace, rendererMains, threadOf, type TraceEvent } from './harness/trace.ts';
import {
  ARCHIVE_BENCH_PATH,
  openFirstArchiveTab,
  startArchivePlant,
  timeToPainted,
} from './harness/archiveTabs.ts';
import { takeFlag, takeOption } from './harness/cliArgs.ts';
import { disableFeatures } from '../tests/support/chromiumFlags.ts';

const args = process.argv.slice(2);
const tabs = Number(takeOption(args, 'tabs', '4'));
const path = takeOption(args, 'path', ARCHIVE_BENCH_PATH);
const dump = takeOption(args, 'dump', '');
const keptProfile = takeOption(args, 'profile', '');
const featuresOff = takeOption(args, 'disable-features', '');
const untraced = takeFlag(args, 'untraced');
const cpuProfile = takeFlag(args, 'cpu');
const moreCategories = takeOption(args, 'categories', '');
const [distArg] = args;
if (!distArg) {
  console.error('usage: npx tsx bench/code-cache-trace.ts [--tabs N] [--path P] [--dump DIR] dist');
  process.exit(2);
}
const dist = resolve(distArg);

const CATEGORIES = [
  'v8',
  'disabled-by-default-v8.compile',
  'devtools.timeline',
  'blink.user_timing',
  ...(cpuProfile ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ...(moreCategories ? moreCategories.split(',') : []),
].join(',');

/** Traces one navigation of `page` until its first rows are painted. */
async function traceTab(
  context: BrowserContext,
  page: Page,
): Promise<{ events: TraceEvent[]; firstRows: number }> {
  const cdp = await context.newCDPSession(page);
  const { events, result: firstRows } = await recordTrace(cdp, CATEGORIES.split(','), () =>
    timeToPainted(page, path),
  );
  await cdp.detach();
  return { events, firstRows };
}

interface TabFigures {
  compiled: number;
  consumed: number;
  consumedBytes: number;
  rejected: number;
  produced: number;
  compileMs: number;
  firstRows: number;
  notCached: Map<string, number>;
}

/** The figures of the renderer whose main thread compiled the page's scripts. */
function figuresOf(events: TraceEvent[], origin: string, firstRows: number): TabFigures {
  const mainThreads = rendererMains(events);
  const ours = (e: TraceEvent): boolean => {
    const url = e.args?.data?.url ?? e.args?.fileName;
    return typeof url === 'string' && url.startsWith(origin);
  };
  const compiles = events.filter(
    (e) => (e.name === 'v8.compile' || e.name === 'v8.compileModule') && ours(e),
  );
  const pids = new Set(compiles.map((e) => e.pid));
  const figures: TabFigures = {
    compiled: compiles.length,
    consumed: 0,
    consumedBytes: 0,
    rejected: 0,
    produced: events.filter(
      (e) => (e.name === 'v8.produceModuleCache' || e.name === 'v8.produceCache') && ours(e),
    ).length,
    compileMs: 0,
    firstRows,
    notCached: new Map(),
  };
  for (const e of compiles) {
    const data = e.args?.data ?? {};
    const size = Number(data.consumedCacheSize ?? 0);
    if (size > 0) {
      figures.consumed++;
      figures.consumedBytes += size;
    }
    if (data.cacheRejected === true) figures.rejected++;
    const reason = data.notCachedReason ?? data.cacheKind;
    if (typeof reason === 'string')
      figures.notCached.set(reason, (figures.notCached.get(reason) ?? 0) + 1);
  }
  const compileNames = new Set([
    'v8.compile',
    'v8.compileModule',
    'V8.CompileCode',
    'V8.ParseFunction',
    'V8.CompileDeserialize',
    'v8.deserializeCache',
  ]);
  for (const e of events)
    if (pids.has(e.pid) && mainThreads.has(threadOf(e)) && e.ph === 'X' && compileNames.has(e.name))
      figures.compileMs += (e.dur ?? 0) / 1000;
  return figures;
}

const server = await startArchivePlant(dist);
const profile = keptProfile || mkdtempSync(join(tmpdir(), 'pegel-code-cache-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: featuresOff
    ? [
        ...CHROMIUM_ARGS.filter((a) => !a.startsWith('--disable-features=')),
        disableFeatures(
          'LocalNetworkAccessChecks',
          'LocalNetworkAccessChecksWebSockets',
          ...featuresOff.split(','),
        ),
      ]
    : [...CHROMIUM_ARGS],
  baseURL: server.url,
  viewport: { width: 1920, height: 1080 },
});
try {
  const { first, controlled } = await openFirstArchiveTab(context, server.url, path);
  console.warn(`${dist}: service worker ${controlled ? 'controls tab 1' : 'none'}`);
  console.warn('tab  compiled  consumed  bytes     rejected  produced  compile ms  first rows ms');
  for (let tab = 2; tab <= tabs; tab++) {
    const page = await context.newPage();
    if (untraced) {
      const firstRows = await timeToPainted(page, path);
      console.warn(`${String(tab).padEnd(5)}first rows ${Math.round(firstRows)} ms`);
      await page.close();
      await first.waitForTimeout(1_000);
      continue;
    }
    const { events, firstRows } = await traceTab(context, page);
    if (dump) writeFileSync(join(dump, `tab${tab}.json`), JSON.stringify(events));
    const f = figuresOf(events, server.url, firstRows);
    const reasons = [...f.notCached].map(([r, n]) => `${r}×${n}`).join(' ');
    console.warn(
      `${String(tab).padEnd(5)}${String(f.compiled).padEnd(10)}${String(f.consumed).padEnd(10)}` +
        `${String(f.consumedBytes).padEnd(10)}${String(f.rejected).padEnd(10)}` +
        `${String(f.produced).padEnd(10)}${f.compileMs.toFixed(1).padEnd(12)}` +
        `${Math.round(f.firstRows)}${reasons ? `  (${reasons})` : ''}`,
    );
    await page.close();
    await first.waitForTimeout(1_000);
  }
} finally {
  await context.close();
  await server.dispose();
  if (!keptProfile) rmSync(profile, { recursive: true, force: true });
}
