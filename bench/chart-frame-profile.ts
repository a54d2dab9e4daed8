/**
 * `npx tsx bench/chart-frame-profile.ts [runs=1]`: what happens between the one-year trend's
 * answer reaching the tab and the frame after its draw (the `charts` scenario's "data to
 * drawn"). Each run opens the bench's year trend (4 AnaIn PVs, `?bench=1`) in a fresh
 * signed-in context, as the scenario does, and prints the figure and one of:
 * - default: a CPU profile of the page (0.1 ms sampling), its samples from the early draw to
 *   the frame grouped by their outermost frames and their innermost (`TAIL=n` of them, 1
 *   unless told; build with `--minify false` for names);
 * - `TRACE=1`: a Chromium trace (timeline, cc, viz, scheduler) of the same window, every event
 *   of 0.3 ms or more on every thread, relative to the user timing mark of the arrival
 *   (`MAINALL=1`: every event of the renderer's main thread; `GREP=re`: events matching re
 *   from the whole trace; `CATEGORIES=a,b`: more trace categories, e.g. `blink,skia`);
 * - `SERVERLOG=1`: the plant server's requests and the page's fetches within 1.5 s of the
 *   arrival.
 * `NOSW=1` blocks the service worker; `DIST=dir` serves another build; `VIA=/about` opens
 * that page first and navigates to the trend from it. Prints figures, asserts nothing.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { launchChromium } from './harness/browser.ts';
import { signedInContext } from './harness/signIn.ts';
import { waitForExpression } from './harness/waitForExpression.ts';
import { profilePage, type CpuProfile } from './harness/workerProfile.ts';
import { recordTrace, type TraceEvent } from './harness/trace.ts';
import { API } from '../src/contract/paths.ts';
import type { PvNode } from '../src/contract/pv.ts';
import { pvUrlId } from '../src/contract/keys.ts';

const runs = Number(process.argv[2] ?? 1);
const env = process.env;
/** How many of a sample's innermost frames the profile lines show (`TAIL=n`). */
const tail = Math.max(1, Number(env.TAIL ?? 1));
const PROBE = 'window.__pegelBench?.chart';

/** Profile samples from the first one in the early draw to `renderMs` (+2 ms) after it. */
function sampleWindow(profile: CpuProfile, renderMs: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stack = (id: number): string[] => {
    const out: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      out.unshift(byId.get(at)?.callFrame.functionName || '(anon)');
    return out.filter((n) => n !== '(root)');
  };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let t = profile.startTime;
  const times = samples.map((_, i) => (t += deltas[i] ?? 0));
  const start = samples.findIndex((s) => {
    const names = stack(s);
    return (
      (names.includes('dataOf') || names.includes('modelOf')) && !names.includes('renderWithHooks')
    );
  });
  if (start < 0) return ['no sample in the early draw (dataOf/modelOf): build with --minify false'];
  const t0 = times[start]!;
  const lines: string[] = [];
  let last = '';
  let since = t0;
  const ms = (us: number) => (us / 1000).toFixed(1);
  for (let i = start; i < samples.length && times[i]! <= t0 + renderMs * 1000 + 2000; i++) {
    const s = stack(samples[i]!);
    const key =
      s.slice(0, 5).join(' > ') + (s.length > 5 ? ` … ${s.slice(-tail).join(' > ')}` : '');
    if (key === last) continue;
    if (last) lines.push(`${ms(since - t0)}+${ms(times[i]! - since)} ms  ${last}`);
    last = key;
    since = times[i]!;
  }
  lines.push(`${ms(since - t0)} ms  ${last}`);
  return lines;
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'cc',
  'viz',
  'benchmark',
  'toplevel',
  'loading',
  'renderer.scheduler',
  'disabled-by-default-renderer.scheduler',
  'v8',
  'disabled-by-default-v8.gc',
];

function traceWindow(events: TraceEvent[], renderMs: number): string[] {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const thread = (e: TraceEvent) => names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
  const t0 = events.find((e) => e.name === 'pegel:chart-arrived')?.ts;
  if (t0 === undefined) return ['no pegel:chart-arrived mark in the trace'];
  const grep = env.GREP ? new RegExp(env.GREP, 'i') : null;
  const matches = (e: TraceEvent) => !!grep?.test(e.name + JSON.stringify(e.args ?? {}));
  const main = (e: TraceEvent) => !!env.MAINALL && thread(e) === 'CrRendererMain';
  const shown = (e: TraceEvent) =>
    matches(e) ||
    e.name.startsWith('pegel') ||
    (e.ph === 'X' && ((e.dur ?? 0) >= 300 || main(e))) ||
    ['I', 'i', 'R', 'n', 'b', 'e'].includes(e.ph) ||
    (e.ph === 'C' && main(e));
  return events
    .filter(
      (e) =>
        e.ts !== undefined &&
        (matches(e) || (e.ts >= t0 - 50_000 && e.ts <= t0 + renderMs * 1000 + 20_000)),
    )
    .filter(shown)
    .filter(
      (e) => main(e) || !/^(ThreadControllerImpl|RunTask|TimerBase|SequenceManager)/.test(e.name),
    )
    .sort((a, b) => a.ts! - b.ts!)
    .map((e) => {
      const args = /Throttle|SendBeginMainFrame|Scheduler|BeginFrame$/.test(e.name) || matches(e);
      return [
        ((e.ts! - t0) / 1000).toFixed(1).padStart(8),
        e.dur ? (e.dur / 1000).toFixed(1).padStart(5) : '     ',
        // Thread (CPU) time of the slice: a wall time far above it is time off the CPU.
        e.tdur !== undefined ? `cpu ${(e.tdur / 1000).toFixed(1).padStart(5)}` : '         ',
        thread(e).padEnd(26),
        e.name,
        args ? JSON.stringify(e.args ?? {}).slice(0, 400) : '',
      ].join(' ');
    });
}

async function serverWindow(page: Page, serverLog: string): Promise<string[]> {
  const [origin, arrived] = (await page.evaluate(
    `[performance.timeOrigin, performance.getEntriesByName('pegel:chart-arrived')[0]?.startTime]`,
  )) as [number, number | undefined];
  if (arrived === undefined) return ['no pegel:chart-arrived mark'];
  const t0 = origin + arrived;
  const lines: string[] = [];
  for (const line of serverLog.split('\n')) {
    if (!line.startsWith('{')) continue;
    const e = JSON.parse(line) as {
      time: number;
      msg: string;
      responseTime?: number;
      req?: { url: string };
    };
    if (Math.abs(e.time - t0) > 1500) continue;
    const took = e.responseTime ? `${e.responseTime.toFixed(1)} ms` : '';
    lines.push(
      `server ${(e.time - t0).toFixed(0).padStart(6)} ms ${e.msg} ${e.req?.url ?? ''} ${took}`,
    );
  }
  const fetches = (await page.evaluate(
    `performance.getEntriesByType('resource').map((r) => [r.name.replace(location.origin, ''), r.startTime, r.responseEnd])`,
  )) as [string, number, number][];
  for (const [name, start, end] of fetches)
    if (end - arrived > -1500 && start - arrived < 1500)
      lines.push(
        `page fetch ${(start - arrived).toFixed(0)}..${(end - arrived).toFixed(0)} ms ${name}`,
      );
  return lines;
}

const server = await startPlantServer({
  env: {
    PEGEL_RATE_HEAVY_PER_MIN: '0',
    PEGEL_LOAD_STATIONS: '0',
    PEGEL_LOAD_PVS_PER_STATION: '0',
    PEGEL_LOAD_UPDATES_PER_SEC: '0',
    ...(env.SERVERLOG ? { PEGEL_LOG_LEVEL: 'info' } : {}),
    ...(env.DIST ? { PEGEL_DIST_DIR: env.DIST } : {}),
  },
});
const browser = await launchChromium();
try {
  let context: BrowserContext = await signedInContext(browser, server.url);
  const list = (await (await context.request.get(API.pv.nodes)).json()) as PvNode[];
  await context.close();
  const analog = list.flatMap((n) => n.pvs).filter((r) => r.type === 'AnaIn');
  const path = `/trend/archive?${analog
    .slice(0, 4)
    .map((r) => `pv=${pvUrlId(r)}`)
    .join('&')}&amount=1&unit=Years&bench=1`;
  for (let run = 1; run <= runs; run++) {
    context = await signedInContext(browser, server.url);
    if (env.NOSW) await context.route('**/sw.js', (r) => r.abort());
    const page = await context.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    if (env.VIA) {
      await page.goto(env.VIA);
      await page.waitForTimeout(2000);
    }
    // A new page navigates in the renderer it has, so a profile or trace started now sees it.
    const open = async () => {
      if (env.VIA) await page.evaluate(`location.assign(${JSON.stringify(path)})`);
      else await page.goto(path);
      await waitForExpression(page, `${PROBE}?.lastRenderMs() > 0`, { timeout: 60_000 });
      await page.waitForTimeout(300);
      return (await page.evaluate(`${PROBE}.lastRenderMs()`)) as number;
    };
    let lines: string[];
    let renderMs: number;
    if (env.TRACE) {
      const cdp = await context.newCDPSession(page);
      const extra = env.CATEGORIES?.split(',').filter(Boolean) ?? [];
      const { events, result } = await recordTrace(cdp, [...TRACE_CATEGORIES, ...extra], open);
      renderMs = result;
      lines = traceWindow(events, renderMs);
    } else if (env.SERVERLOG) {
      renderMs = await open();
      lines = await serverWindow(page, server.output());
    } else {
      const { result, profile } = await profilePage(page, open, 100);
      renderMs = result;
      lines = sampleWindow(profile, renderMs);
    }
    console.log(`run ${run}: data to drawn ${renderMs.toFixed(1)} ms`);
    console.log(lines.join('\n'));
    await context.close();
  }
} finally {
  await browser.close();
  await server.dispose();
}
