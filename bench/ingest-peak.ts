/**
 * The ingest scenario's peak case alone (scenarios/ingest.ts, full run: 250,000 updates/s over
 * 500 stations of 200 PVs, 20 station tabs, each leasing its station's PVs), window by window
 * as the scenario measures it (harness/liveWindow.ts), with what the pooled "main-thread data
 * path per frame, p95" is made of: the front tab's frames and the frames of the tabs behind
 * it (headless Chromium draws those about once a second, so each of their frames carries a
 * second of values), values per frame, and the p95 of each. `--core` then takes as many windows
 * of its own, in which the tabs mark their frames and a trace reads each frame's time on a core
 * (harness/frameThreadTime.ts: wall and thread time of all tabs' frames). `--profile` CPU-profiles one
 * tab behind the front one and the front tab (1 ms sampling, source names through the build's
 * maps) and prints self and inclusive times of the tab's own code.
 *
 * `PEGEL_DIST_DIR=<build> npx tsx bench/ingest-peak.ts [runs = 3] [--load=250000] [--tabs=20]
 *   [--stations=500] [--pvs=200] [--window=5000] [--warmup=2000] [--core] [--profile] [--profile-ms=5000]`
 * against the build in PEGEL_DIST_DIR (default dist/), which the server serves.
 */
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { pvKey } from '../src/contract/keys.ts';
import { launchBrowser } from './harness/browser.ts';
import { Harness } from './harness/context.ts';
import { readAppProbe } from './harness/appProbe.ts';
import { measureLiveWindow } from './harness/liveWindow.ts';
import { requirePvPlant } from './harness/prerequisites.ts';
import { defaultCookieProvider } from './harness/signIn.ts';
import { sourceName } from './harness/sourceNames.ts';
import { percentile } from './harness/stats.ts';
import { waitForExpression } from './harness/waitForExpression.ts';
import { profilePage, type CpuProfile } from './harness/workerProfile.ts';
import { exitWhenDone } from './harness/exit.ts';
import { traceFrameTimes } from './harness/frameThreadTime.ts';

const ROOT = resolve(import.meta.dirname, '..');
const { values: a, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    load: { type: 'string', default: '250000' },
    tabs: { type: 'string', default: '20' },
    stations: { type: 'string', default: '500' },
    pvs: { type: 'string', default: '200' },
    window: { type: 'string', default: '5000' },
    warmup: { type: 'string', default: '2000' },
    profile: { type: 'boolean', default: false },
    'profile-ms': { type: 'string', default: '5000' },
    core: { type: 'boolean', default: false },
  },
});
const runs = Number(positionals[0] ?? 3);
const load = Number(a.load);
const tabs = Number(a.tabs);
const windowMs = Number(a.window);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');

/** Self and inclusive time by source name, of the busy samples. */
function byFunction(profile: CpuProfile): {
  busyMs: number;
  self: [string, number][];
  total: [string, number][];
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) {
      const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
      name = sourceName(functionName, url, lineNumber, columnNumber);
      names.set(id, name);
    }
    return name;
  };
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busyUs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i]!;
    const dt = Math.max(0, deltas[i] ?? 0);
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    busyUs += dt;
    self.set(nameOf(id), (self.get(nameOf(id)) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(at);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + dt);
    }
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].sort((x, y) => y[1] - x[1]).map(([k, us]): [string, number] => [k, us / 1000]);
  return { busyMs: busyUs / 1000, self: sorted(self), total: sorted(total) };
}

async function printProfile(label: string, page: Page, ms: number): Promise<void> {
  const { profile } = await profilePage(page, () => sleep(ms), 200);
  const { busyMs, self, total } = byFunction(profile);
  console.log(`\n${label}: ${f2(busyMs)} ms busy in ${ms} ms`);
  console.log('  self:');
  for (const [name, t] of self.slice(0, 20)) console.log(`    ${f2(t).padStart(8)} ms  ${name}`);
  console.log('  inclusive (src/, workers/, react-dom):');
  for (const [name, t] of total.filter(([n]) => /\((src|workers)\/|react-dom/.test(n)).slice(0, 40))
    console.log(`    ${f2(t).padStart(8)} ms  ${name}`);
}

const bench = await launchBrowser();
const harness = new Harness({
  mode: 'full',
  root: ROOT,
  distDir: process.env.PEGEL_DIST_DIR ? resolve(process.env.PEGEL_DIST_DIR) : join(ROOT, 'dist'),
  browser: bench.browser,
  cdp: bench.cdp,
  baselineDir: null,
  cookieProvider: await defaultCookieProvider(ROOT),
  log: (m) => console.log(m),
});
try {
  await harness.withContext(async (ctx) => {
    const server = await ctx.startServer({
      stations: Number(a.stations),
      pvsPerStation: Number(a.pvs),
      updatesPerSec: load,
    });
    const nodes = await requirePvPlant(ctx, server);
    const set = await ctx.openTabs(0, '/', { server });
    const keysOf = (i: number) => nodes[i % nodes.length]!.pvs.map(pvKey);
    for (let i = 0; i < tabs; i++)
      await set.open(1, `/stations/${nodes[i % nodes.length]!.stationNumber}`);
    const pages = set.pages;
    for (const page of pages)
      await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`, {
        timeout: 60_000,
      });
    for (const [i, page] of pages.entries())
      await page.evaluate(`window.__pegelBench.leasePvValues?.(${JSON.stringify(keysOf(i))})`);
    await sleep(Number(a.warmup));
    console.log(
      `${load}/s, ${tabs} tabs, build ${process.env.PEGEL_DIST_DIR ?? 'dist'}, load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      'run  pooled-p95  front-p95  back-p95  back-p99  front-frames  back-frames  front-vals/frame  back-vals/frame  machine%',
    );
    for (let r = 0; r < runs; r++) {
      const figures = await measureLiveWindow(ctx, 'pegel', pages, windowMs);
      const snaps = await Promise.all(pages.map((p) => readAppProbe(p)));
      const front = snaps[snaps.length - 1]!;
      const back = snaps.slice(0, -1).filter((s) => s !== null);
      const backMs = back.flatMap((s) => s.dataPathMsPerFrame);
      const backFrames = back.reduce((n, s) => n + s.frames, 0);
      const backValues = back.reduce((n, s) => n + s.valuesApplied, 0);
      console.log(
        [
          String(r + 1).padEnd(4),
          f2(figures.dataPathP95Ms ?? Number.NaN).padStart(10),
          f2(percentile(front.dataPathMsPerFrame, 95)).padStart(10),
          f2(percentile(backMs, 95)).padStart(9),
          f2(percentile(backMs, 99)).padStart(9),
          String(front.frames).padStart(13),
          String(backFrames).padStart(12),
          f2(front.valuesApplied / Math.max(1, front.frames)).padStart(17),
          f2(backValues / Math.max(1, backFrames)).padStart(16),
          f2(figures.machineCpuPct).padStart(9),
        ].join(' '),
      );
    }
    if (a.core) {
      console.log('\ncore run  frames  wall-p50  wall-p95  core-p50  core-p95  core-p99  core-max');
      for (let r = 0; r < runs; r++) {
        const frames = await traceFrameTimes(pages, windowMs);
        if (!frames) {
          console.log('  the build marks no frames (no __pegelBench.markFrames)');
          break;
        }
        const { wallMs, threadMs } = frames;
        console.log(
          [
            String(r + 1).padEnd(9),
            String(threadMs.length).padStart(6),
            ...[percentile(wallMs, 50), percentile(wallMs, 95)].map((v) => f2(v).padStart(9)),
            ...[50, 95, 99, 100].map((q) => f2(percentile(threadMs, q)).padStart(9)),
          ].join(' '),
        );
      }
    }
    if (a.profile) {
      const ms = Number(a['profile-ms']);
      await printProfile('A tab behind the front one', pages[0]!, ms);
      await printProfile('The front tab', pages[pages.length - 1]!, ms);
    }
    await set.close();
  });
} finally {
  await harness.close();
  await bench.close();
}
exitWhenDone();
