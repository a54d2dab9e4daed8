/**
 * `npx tsx bench/alarm-performance-trace.ts [dist] [--rounds N] [--profile] [--viewport WxH] [--cold]`:
 * where the main thread spends its time while `/alerts/performance` draws the figures of
 * 100,000 archive alerts (the "Longest task while /alerts/performance draws" figure of
 * bench/scenarios/alarmPerformance.ts). The archive bench plant serves `dist` (dist/ by
 * default); one tab (1920x1080 unless `--viewport`) on the start page goes to the page by a
 * client-side navigation, as the scenario does, `rounds` times (back to the start page in
 * between). With `--cold`, each round is a fresh signed-in browser context on the start page, as
 * the scenario opens it: no service worker, the engine started and the archive fetched anew
 * (without it, the first tab has already read the archive). For each round: a trace of the page's main thread (the tasks over 2 ms in order,
 * what each holds, the page's parts each added, the objects its layouts and style had to do)
 * or, with `--profile`, a JS profile by function through source maps. Prints figures, asserts
 * nothing.
 */
import { resolve } from 'node:path';
import { coldSignedInTab, openArchiveBench } from './harness/archiveTabs.ts';
import { signInHttp } from '../tests/support/login.ts';
import { takeFlag, takeOption } from './harness/cliArgs.ts';
import {
  MAIN_THREAD_CATEGORIES,
  mainThreadTasks,
  recordTrace,
  threadOf,
  type TraceEvent,
} from './harness/trace.ts';
import { profileTable } from './harness/profileTable.ts';
import { profilePage } from './harness/workerProfile.ts';

const args = process.argv.slice(2);
const rounds = Number(takeOption(args, 'rounds', '2'));
const profiled = takeFlag(args, 'profile');
const cold = takeFlag(args, 'cold');
// The bench's scenario opens the page at Playwright's default 1280x720; this tool's tab is
// 1920x1080 unless told.
const viewport = /^(\d+)x(\d+)$/.exec(takeOption(args, 'viewport', '1920x1080'));
if (!viewport) throw new Error('--viewport is WIDTHxHEIGHT, e.g. 1280x720');
const dist = resolve(args[0] ?? 'dist');

/** The tasks over 2 ms on the renderer main thread, in order, with what each holds. */
function longTasks(events: TraceEvent[]): string {
  const { on, tasks } = mainThreadTasks(events);
  const t0 = tasks[0]?.ts ?? 0;
  const longest = Math.max(0, ...tasks.map((e) => e.dur!)) / 1000;
  const onCore = Math.max(0, ...tasks.map((e) => e.tdur ?? e.dur!)) / 1000;
  // The opening: every task before the one that puts the results in (the route's code, its
  // texts, its first render, the engine's answers), on a core in all.
  const drawnFrom = tasks.findIndex((task) => marksIn(events, task).includes('results'));
  const opening = drawnFrom < 0 ? [] : tasks.slice(0, drawnFrom);
  const openingMs = opening.reduce((sum, e) => sum + (e.tdur ?? e.dur!), 0) / 1000;
  const head =
    `   longest task ${longest.toFixed(1)} ms, longest on a core ${onCore.toFixed(1)} ms\n` +
    `   before the results: ${opening.length} tasks, ${openingMs.toFixed(1)} ms on a core in all\n`;
  return (
    head +
    tasks
      .filter((e) => e.dur! > 2000)
      .map((task) => {
        const inside = on.filter(
          (e) => e !== task && e.ts! >= task.ts! && e.ts! + e.dur! <= task.ts! + task.dur!,
        );
        const parts = new Map<string, number>();
        for (const e of inside) parts.set(e.name, (parts.get(e.name) ?? 0) + (e.tdur ?? e.dur!));
        const what = [...parts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 6)
          .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
          .join(', ');
        const cpu = (task.tdur ?? task.dur!) / 1000;
        const added = marksIn(events, task);
        // How much a layout had to do: objects laid out of those in the tree.
        const layouts = inside
          .filter((e) => e.name === 'Layout' && e.args?.beginData)
          .map(
            (e) =>
              `${String(e.args!.beginData!.dirtyObjects)}/${String(e.args!.beginData!.totalObjects)}`,
          );
        const styles = inside
          .filter((e) => e.name === 'UpdateLayoutTree' && e.args?.elementCount !== undefined)
          .map((e) => String(e.args!.elementCount));
        const objects = [
          layouts.length ? `layout objects ${layouts.join(' ')}` : '',
          styles.length ? `styled elements ${styles.join(' ')}` : '',
        ]
          .filter(Boolean)
          .join('; ');
        return `   +${((task.ts! - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms (on a core ${cpu.toFixed(1)}; ${what})${added ? `\n      adds ${added}` : ''}${objects && task.dur! > 5000 ? `\n      ${objects}` : ''}`;
      })
      .join('\n')
  );
}

/** The page's parts a task added (the marks of MARK_ADDED inside it), by name. */
function marksIn(events: readonly TraceEvent[], task: TraceEvent): string {
  const names = events
    .filter(
      (e) =>
        e.name.startsWith('added ') &&
        e.ts! >= task.ts! &&
        e.ts! <= task.ts! + task.dur! &&
        threadOf(e) === threadOf(task),
    )
    .map((e) => e.name.slice('added '.length));
  return [...new Set(names)].join(', ');
}

/**
 * Marks (User Timing) each time the page adds one of its parts, from a MutationObserver (its
 * callback runs in the task that committed them), so a task is named by what it drew.
 */
const MARK_ADDED = `(() => {
  const parts = [['.perf-results', 'results'], ['.perf-figure-list', 'figures'],
    ['.perf-chart-canvas', 'chart host'], ['.perf-chart-canvas canvas', 'chart canvas'],
    ['.perf-table-block', 'table'], ['.perf-tables', 'tables section']];
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        if (!(n instanceof Element)) continue;
        for (const [sel, name] of parts)
          if (n.matches(sel) || n.querySelector(sel)) {
            const id = n.matches(sel) ? n.getAttribute('data-table') : n.querySelector(sel).getAttribute('data-table');
            performance.mark('added ' + name + (id ? ' ' + id : ''));
          }
      }
  }).observe(document, { childList: true, subtree: true });
})()`;

const GO = `history.pushState({}, '', '/alerts/performance?period=7d'); dispatchEvent(new PopStateEvent('popstate'))`;
const HOME = `history.pushState({}, '', '/'); dispatchEvent(new PopStateEvent('popstate'))`;

const { first: warm, server, bench, close } = await openArchiveBench(dist);
const { cookie } = cold ? await signInHttp(server.url) : { cookie: '' };
try {
  for (let round = 0; round < rounds; round++) {
    const fresh = cold ? await coldSignedInTab(bench.browser, server.url, cookie) : null;
    const first = fresh?.tab ?? warm;
    await first.setViewportSize({ width: Number(viewport[1]), height: Number(viewport[2]) });
    if (fresh) await first.goto('/');
    if (fresh || round === 0) await first.evaluate(MARK_ADDED);
    await first.evaluate(HOME);
    await first.waitForTimeout(2_000);
    const open = async () => {
      await first.evaluate(GO);
      await first.locator('.perf-results').first().waitFor({ timeout: 120_000 });
      await first.waitForTimeout(3_000);
    };
    try {
      if (profiled) {
        const { profile } = await profilePage(first, open, 250);
        console.log(`round ${round + 1}:\n${profileTable(profile, 25)}`);
        continue;
      }
      const session = await first.context().newCDPSession(first);
      const { events } = await recordTrace(
        session,
        [...MAIN_THREAD_CATEGORIES, 'blink.user_timing'],
        open,
      );
      await session.detach();
      console.log(`round ${round + 1}, tasks over 2 ms:\n${longTasks(events)}`);
    } finally {
      await fresh?.context.close();
    }
  }
} finally {
  await close();
}
