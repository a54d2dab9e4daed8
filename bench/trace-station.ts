/**
 * What an idle station page's main thread runs (issue 44): one tab on /stations/1 of a fresh
 * load server at 0 updates/s (200 PVs, the values never change, their ages in seconds for the
 * server's first minute), traced in front, then told it is hidden as `idleTab` does (a blank
 * tab in front, `document.visibilityState` "hidden" and a visibilitychange event), then in
 * front again. Each main-thread task of the renderer (trace `tdur`) is named by what it ran
 * (timer, message, animation frame, GC, …) and summed per window; frames and the paint rects
 * are counted. Against the built client in dist/.
 *
 * `npx tsx bench/trace-station.ts [seconds per window = 8] [--after=ms of settle = 4000]
 *   [--cycles=n] [--minutes] [--invalidations] [--css=rules]`: `--minutes` opens the page once
 *   the ages read minutes (past the server's first minute); `--css` adds a style sheet to the page
 *   before tracing (an experiment on what a frame paints).
 */
import type { CDPSession } from 'playwright-core';
import { startIdleStationPlant } from './harness/idleStationPlant.ts';
import { agesShown, setHidden } from './harness/pageVisibility.ts';
import { serviceWorkerServes } from './harness/serviceWorker.ts';
import { recordTrace } from './harness/trace.ts';
import { waitForExpression } from './harness/waitForExpression.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

const args = process.argv.slice(2);
const [seconds = 8] = args.filter((a) => !a.startsWith('--')).map(Number);
const settle = Number(args.find((a) => a.startsWith('--after='))?.split('=')[1] ?? 4000);
const minutes = args.includes('--minutes');
const invalidations = args.includes('--invalidations');
/** A style sheet added to the page before tracing (an experiment: `--css=.x{contain:none}`). */
const css = args.find((a) => a.startsWith('--css='))?.slice('--css='.length);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a task ran, by the first of these found inside it (most telling first). */
const KINDS: [label: string, events: string[]][] = [
  ['frame', ['ProxyMain::BeginMainFrame', 'BeginMainFrame']],
  ['timer', ['TimerFire']],
  ['message/event', ['EventDispatch']],
  ['animation frame cb', ['FireAnimationFrame']],
  ['GC', ['MajorGC', 'MinorGC', 'V8.GCScavenger', 'V8.GCFinalizeMC', 'BlinkGC.AtomicPhase']],
  ['script', ['FunctionCall', 'EvaluateScript', 'v8.run']],
  ['intersection', ['IntersectionObserverController::computeIntersections']],
];

/** Trace event names of a frame's phases (Chromium 140+). */
const PHASES: [label: string, event: string][] = [
  ['style', 'UpdateLayoutTree'],
  ['layout', 'Layout'],
  ['pre-paint', 'PrePaint'],
  ['paint', 'LocalFrameView::RunPaintLifecyclePhase'],
  ['layerize', 'Layerize'],
  ['commit', 'ProxyMain::BeginMainFrame::commit'],
];

async function traced(
  cdp: CDPSession,
  ms: number,
): Promise<{ events: TraceEvent[]; wallS: number }> {
  let t0 = 0;
  const { events } = await recordTrace<unknown, TraceEvent>(
    cdp,
    [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'toplevel',
      'blink',
      'cc',
      'v8',
      'disabled-by-default-v8.gc',
      'blink.user_timing',
      ...(invalidations ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
    ],
    () => {
      t0 = Date.now();
      return sleep(ms);
    },
  );
  return { events, wallS: (Date.now() - t0) / 1000 };
}

function summarise(label: string, events: TraceEvent[], wallS: number, rendererPid: number): void {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(
    events
      .filter(
        (e) =>
          e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === rendererPid,
      )
      .map(thread),
  );
  const onMain = events.filter((e) => mains.has(thread(e)) && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');
  const byKind = new Map<string, { ms: number; n: number; what: Map<string, number> }>();
  const timeline: string[] = [];
  const t0 = tasks[0]?.ts ?? 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts <= end);
    const names = new Set(inside.map((e) => e.name));
    const kind = KINDS.find(([, evs]) => evs.some((n) => names.has(n)))?.[0] ?? 'other';
    const ms = (task.tdur ?? task.dur ?? 0) / 1000;
    const k = byKind.get(kind) ?? { ms: 0, n: 0, what: new Map() };
    k.ms += ms;
    k.n++;
    const detail =
      kind === 'timer' || kind === 'message/event' || kind === 'script'
        ? inside
            .filter((e) => e.name === 'FunctionCall' || e.name === 'EventDispatch')
            .map((e) =>
              e.name === 'EventDispatch'
                ? String(e.args?.data?.type ?? '?')
                : `${String(e.args?.data?.functionName || '(anon)')}@${String(
                    e.args?.data?.url ?? '',
                  )
                    .split('/')
                    .pop()}:${String(e.args?.data?.lineNumber ?? '')}`,
            )
            .slice(0, 2)
            .join(' ')
        : kind === 'other'
          ? [...names].slice(0, 3).join(',')
          : '';
    if (detail) k.what.set(detail, (k.what.get(detail) ?? 0) + 1);
    byKind.set(kind, k);
    if (ms >= 0.3)
      timeline.push(
        `    ${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(2).padStart(6)} ms  ${kind}${detail ? ` (${detail})` : ''}${kind === 'frame' ? ` paint:${inside.filter((e) => e.name === 'Paint').length} layout:${inside.filter((e) => e.name === 'Layout').length} style:${inside.filter((e) => e.name === 'UpdateLayoutTree').length}` : ''}`,
      );
  }
  const busy = tasks.reduce((s, t) => s + (t.tdur ?? t.dur ?? 0) / 1000, 0);
  console.log(
    `${label}: ${wallS.toFixed(1)} s, main thread ${(busy / wallS).toFixed(2)} ms/s of CPU in ${tasks.length} tasks`,
  );
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `  ${kind.padEnd(20)} ${(k.ms / wallS).toFixed(2).padStart(6)} ms/s  ${(k.n / wallS).toFixed(1).padStart(5)}/s`,
    );
    for (const [w, n] of [...k.what].sort((a, b) => b[1] - a[1]).slice(0, 4))
      console.log(`      ${String(n).padStart(4)} × ${w}`);
  }
  const phase = (name: string) =>
    onMain.filter((e) => e.name === name).reduce((t, e) => t + (e.tdur ?? e.dur ?? 0) / 1000, 0);
  const phases = PHASES.map(([l, n]) => `${l} ${(phase(n) / wallS).toFixed(2)}`).join(', ');
  console.log(`  frame phases, ms/s: ${phases}`);
  const paints = onMain.filter((e) => e.name === 'Paint');
  const rects = new Map<string, number>();
  for (const p of paints) {
    const clip = p.args?.data?.clip as number[] | undefined;
    const k = clip ? `${clip[0]},${clip[1]} → ${clip[4]},${clip[5]}` : 'no clip';
    rects.set(k, (rects.get(k) ?? 0) + 1);
  }
  if (paints.length) {
    console.log(`  paint rects (${paints.length}):`);
    for (const [r, n] of [...rects].sort((a, b) => b[1] - a[1]).slice(0, 6))
      console.log(`      ${String(n).padStart(4)} × ${r}`);
  }
  if (invalidations) {
    const causes = new Map<string, number>();
    for (const e of events.filter(
      (e) => mains.has(thread(e)) && e.name.endsWith('InvalidationTracking'),
    )) {
      const d = e.args?.data ?? {};
      const k = `${e.name.replace('InvalidationTracking', '')}: ${String(d.reason ?? d.invalidationSet ?? '')} ${String(d.nodeName ?? '')}`;
      causes.set(k, (causes.get(k) ?? 0) + 1);
    }
    for (const [k, n] of [...causes].sort((a, b) => b[1] - a[1]).slice(0, 20))
      console.log(`      ${String(n).padStart(4)} × ${k}`);
  }
  if (process.env.TRACE_TIMELINE) console.log(timeline.join('\n'));
}

const { server, serverStart, browser, page } = await startIdleStationPlant();
try {
  // With ages in minutes the page opens past the server's first minute, as idleTab's does: its
  // first half minute (what its start left) is in the windows.
  if (minutes) await sleep(Math.max(0, serverStart + 62_000 - Date.now()));
  await page.goto('/stations/1');
  await waitForExpression(page, `typeof window.__pegelBench?.snapshot === 'function'`);
  await waitForExpression(page, `window.__pegelBench.snapshot().firstValueMs != null`, {
    timeout: 30_000,
  });
  await serviceWorkerServes(page);
  if (css) await page.addStyleTag({ content: css });
  await sleep(settle);
  const other = await page.context().newPage();
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as {
    targetInfo: { targetId: string };
  };
  void targetInfo;
  // The renderer's pid: the one whose CrRendererMain ran this page's frames (the most tasks).
  const pick = (events: TraceEvent[]) => {
    const count = new Map<number, number>();
    const mains = events.filter(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
    );
    for (const m of mains)
      count.set(
        m.pid,
        events.filter(
          (e) => e.pid === m.pid && e.tid === m.tid && e.name === 'ThreadControllerImpl::RunTask',
        ).length,
      );
    return [...count].sort((a, b) => b[1] - a[1])[0]?.[0] ?? -1;
  };
  const cycles = Number(args.find((a) => a.startsWith('--cycles='))?.split('=')[1] ?? 1);
  let pid = -1;
  for (let c = 1; c <= cycles; c++) {
    await page.bringToFront();
    console.log(`ages: ${String(await page.evaluate(agesShown))}`);
    const fg = await traced(cdp, seconds * 1000);
    if (pid < 0) pid = pick(fg.events);
    summarise(`front ${c}`, fg.events, fg.wallS, pid);
    console.log(`ages: ${String(await page.evaluate(agesShown))}`);
    await other.bringToFront();
    await page.evaluate(setHidden(true));
    const bg = await traced(cdp, seconds * 1000);
    summarise(`hidden ${c}`, bg.events, bg.wallS, pid);
    await page.evaluate(setHidden(false));
  }
  await page.bringToFront();
  const fg2 = await traced(cdp, seconds * 1000);
  summarise('front again', fg2.events, fg2.wallS, pid);
  console.log(`ages: ${String(await page.evaluate(agesShown))}`);
} finally {
  await browser.close();
  await server.dispose();
}
