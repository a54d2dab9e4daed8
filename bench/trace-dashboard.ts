/**
 * Where a dashboard frame's main-thread time goes (issue 44): one tab on the bench dashboard of
 * load station 1 (bench/harness/benchDashboards.ts, 32 value tiles), traced with the
 * devtools.timeline categories, the renderer main thread's CPU time (trace `tdur`) summed by
 * lifecycle phase: style, layout, pre-paint, paint (with layerize), the frame's scripted
 * animations, and script. Against the built client in dist/ and a fresh reference server.
 *
 * `npx tsx bench/trace-dashboard.ts [updates/s = 3200] [seconds = 4]`
 *   --invalidations  also what invalidated style and layout, and which nodes (costly to trace)
 *   --idle-after=ms  wait this long before tracing (an idle tab: `0 6 --idle-after=30000`)
 */
import { startPlantServer } from '../tests/support/plantServer.ts';
import { launchChromium } from './harness/browser.ts';
import { benchDashboardPath, routeBenchDashboards, tilesShown } from './harness/benchDashboards.ts';
import { signedInContext } from './harness/signIn.ts';
import { recordTrace, rendererMains, threadOf } from './harness/trace.ts';
import { waitForExpression } from './harness/waitForExpression.ts';

const args = process.argv.slice(2);
const [rate = 3200, seconds = 4] = args.filter((a) => !a.startsWith('--')).map(Number);
const invalidations = args.includes('--invalidations');
const idleAfter = Number(args.find((a) => a.startsWith('--idle-after='))?.split('=')[1] ?? 2000);
const TILES = 32;

/** Trace event names of the frame's phases (Chromium 140+). */
const PHASES: [label: string, event: string][] = [
  ['frame', 'ProxyMain::BeginMainFrame'],
  ['style', 'UpdateLayoutTree'],
  ['layout', 'Layout'],
  ['pre-paint', 'PrePaint'],
  ['paint', 'LocalFrameView::RunPaintLifecyclePhase'],
  ['  of it layerize', 'Layerize'],
  ['commit', 'ProxyMain::BeginMainFrame::commit'],
  ['scripted animations', 'PageAnimator::serviceScriptedAnimations'],
  ['script (all)', 'FunctionCall'],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const server = await startPlantServer({
  env: {
    PEGEL_RATE_HEAVY_PER_MIN: '0',
    PEGEL_LOAD_STATIONS: '10',
    PEGEL_LOAD_PVS_PER_STATION: String(TILES),
    PEGEL_LOAD_UPDATES_PER_SEC: String(rate),
  },
});
const browser = await launchChromium();
try {
  const context = await signedInContext(browser, server.url);
  await routeBenchDashboards(context, [1], TILES);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(benchDashboardPath(1));
  await waitForExpression(page, tilesShown(rate > 0 ? TILES - 4 : 1), { timeout: 30_000 });
  await sleep(idleAfter);

  const cdp = await context.newCDPSession(page);
  const t0 = Date.now();
  const { events } = await recordTrace(
    cdp,
    [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'toplevel',
      'blink',
      'cc',
      ...(invalidations ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
    () => sleep(seconds * 1000),
  );
  const wallS = (Date.now() - t0) / 1000;

  const mains = rendererMains(events);
  const cpu = new Map<string, { ms: number; n: number }>();
  const causes = new Map<string, number>();
  for (const e of events) {
    if (!mains.has(threadOf(e))) continue;
    if (e.ph === 'X') {
      const s = cpu.get(e.name) ?? { ms: 0, n: 0 };
      s.ms += (e.tdur ?? e.dur ?? 0) / 1000;
      s.n++;
      cpu.set(e.name, s);
    }
    if (e.name.endsWith('InvalidationTracking')) {
      const k = `${e.name}: ${String(e.args?.data?.reason ?? '')} ${String(e.args?.data?.nodeName ?? '')}`;
      causes.set(k, (causes.get(k) ?? 0) + 1);
    }
  }
  const busy = cpu.get('ThreadControllerImpl::RunTask')?.ms ?? 0;
  const frames = cpu.get('ProxyMain::BeginMainFrame')?.n ?? 0;
  console.log(
    `${rate} updates/s, traced ${wallS.toFixed(1)} s: main thread ${(busy / wallS).toFixed(1)} ms/s of CPU, ` +
      `${(frames / wallS).toFixed(1)} frames/s, ${frames ? (busy / frames).toFixed(2) : '-'} ms of CPU per frame`,
  );
  for (const [label, event] of PHASES) {
    const ms = cpu.get(event)?.ms ?? 0;
    console.log(
      `  ${label.padEnd(20)} ${(ms / wallS).toFixed(2).padStart(7)} ms/s  ${busy ? ((100 * ms) / busy).toFixed(0).padStart(3) : '  -'} %`,
    );
  }
  if (invalidations)
    for (const [k, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${String(n).padStart(6)}  ${k}`);
} finally {
  await browser.close();
  await server.dispose();
}
