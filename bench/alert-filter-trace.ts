/**
 * `npx tsx bench/alert-filter-trace.ts [dist] [--rounds N] [--profile] [--scroll] [--untraced]`: where the
 * alert archive's text filter spends its time at 100,000 rows (the "Filter applied" figure of
 * bench/scenarios/alerts.ts). The archive bench plant serves `dist` (dist/ by default); one tab
 * lists the whole range, scrolls as the bench does (60 wheel steps of 400 px), then filters it
 * `rounds` times ('Druck', then none again). For each filter: its time (request to narrowed
 * rows painted), a trace of the page's main thread (time by event, the layouts, the long tasks
 * in order) and the engine SharedWorker's profile. `--profile`: a JS profile of the page (by
 * function, through source maps) instead of the trace; `--scroll`: the scroll traced too;
 * `--untraced`: no trace or profile, only each filter's time and when the page sent the changed
 * view to the engine (its `setAlertView` call), for many rounds at little cost.
 * Prints figures, asserts nothing.
 */
import { resolve } from 'node:path';
import { openArchiveBench } from './harness/archiveTabs.ts';
import { takeFlag, takeOption } from './harness/cliArgs.ts';
import { waitForExpression } from './harness/waitForExpression.ts';
import {
  MAIN_THREAD_CATEGORIES,
  mainThreadTasks,
  recordTrace,
  type TraceEvent,
} from './harness/trace.ts';
import { profileTable } from './harness/profileTable.ts';
import {
  findSharedWorker,
  profilePage,
  profileWorker,
  type WorkerCpu,
} from './harness/workerProfile.ts';

const args = process.argv.slice(2);
const rounds = Number(takeOption(args, 'rounds', '4'));
const profiled = takeFlag(args, 'profile');
const scrollTraced = takeFlag(args, 'scroll');
const untraced = takeFlag(args, 'untraced');
const dist = resolve(args[0] ?? 'dist');
const ROWS = 100_000;
const PROBE = 'window.__pegelBench.alerts';

const top = (cpu: WorkerCpu) =>
  `busy ${cpu.busyMs.toFixed(1)} ms\n` +
  cpu.top
    .slice(0, 10)
    .map((h) => `      ${h.selfMs.toFixed(1).padStart(6)} ms  ${h.name}`)
    .join('\n');

/** The renderer main thread's tasks over the trace: time by event, and the long tasks in order. */
function mainThread(events: TraceEvent[]): string {
  const { on, tasks } = mainThreadTasks(events);
  const t0 = tasks[0]?.ts ?? 0;
  const byName = new Map<string, number>();
  // Thread time (tdur) where the trace has it: on a loaded machine wall time counts the time
  // the thread waited for a core.
  for (const e of on) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur!));
  const lines = [...byName.entries()]
    .filter(([name]) => name !== 'RunTask')
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`);
  const busy = tasks.reduce((a, e) => a + e.dur!, 0) / 1000;
  const cpu = tasks.reduce((a, e) => a + (e.tdur ?? e.dur!), 0) / 1000;
  const layouts = on
    .filter((e) => e.name === 'Layout' && e.dur! > 1000)
    .map((e) => {
      const d = e.args?.beginData as { dirtyObjects?: number; totalObjects?: number } | undefined;
      return `${(e.dur! / 1000).toFixed(1)} ms (${d?.dirtyObjects}/${d?.totalObjects} objects)`;
    });
  const long = tasks
    .filter((e) => e.dur! > 2000)
    .map((task) => {
      const inside = on.filter(
        (e) => e !== task && e.ts! >= task.ts! && e.ts! + e.dur! <= task.ts! + task.dur!,
      );
      const parts = new Map<string, number>();
      for (const e of inside) parts.set(e.name, (parts.get(e.name) ?? 0) + e.dur!);
      const what = [...parts.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
        .join(', ');
      return `      +${((task.ts! - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms (${what})`;
    });
  return `   main thread busy ${busy.toFixed(1)} ms, of it on a core ${cpu.toFixed(1)} ms; on a core by event (ms, inclusive): ${lines.join(', ')}\n   layouts over 1 ms: ${layouts.join(', ')}\n   tasks over 2 ms:\n${long.join('\n')}`;
}

const { bench, first, close } = await openArchiveBench(dist);
try {
  await waitForExpression(
    first,
    `Number(document.querySelector('[role=grid]')?.getAttribute('aria-rowcount')) > ${ROWS}`,
    { timeout: 60_000 },
  );
  // As the bench does: 60 wheel steps of 400 px over the list, a frame each, before the filter.
  const box = (await first.locator('[role=grid]').boundingBox())!;
  await first.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height, 1080 - box.y) / 2);
  const scroll = async () => {
    for (let i = 0; i < 60; i++) {
      await first.mouse.wheel(0, 400);
      await first.evaluate('new Promise((r) => requestAnimationFrame(() => r()))');
    }
  };
  if (scrollTraced) {
    // The scroll itself traced: where its frames' main-thread time goes.
    const session = await first.context().newCDPSession(first);
    const { events } = await recordTrace(session, MAIN_THREAD_CATEGORIES, scroll);
    await session.detach();
    console.log(`the scroll (60 steps of 400 px):\n${mainThread(events)}`);
  } else await scroll();
  const nodes = () =>
    first.evaluate(
      `[document.querySelectorAll('[role=grid] *').length, document.querySelectorAll('[id^="alert-row-"]').length, document.querySelectorAll('*').length].join(' / ')`,
    );
  console.log(`after the scroll: elements in the grid / rows / in the page: ${await nodes()}`);
  const worker = await findSharedWorker(bench.cdp);
  if (!worker) throw new Error('no engine SharedWorker');
  for (let round = 0; round < rounds; round++) {
    for (const text of ['Druck', '']) {
      await first.waitForTimeout(1_000);
      const filter = () => first.evaluate(`${PROBE}.filter(${JSON.stringify(text)})`);
      if (untraced) {
        // The view's call noted as it leaves (Comlink's message on the engine's MessagePort).
        const [ms, sentMs] = (await first.evaluate(`(async () => {
          const proto = MessagePort.prototype;
          const post = proto.postMessage;
          const posts = [];
          proto.postMessage = function (...a) { if (a[0]?.path?.[0] === 'setAlertView') posts.push(performance.now()); return post.apply(this, a); };
          const t0 = performance.now();
          try {
            const ms = await ${PROBE}.filter(${JSON.stringify(text)});
            return [ms, posts.length ? posts[0] - t0 : -1];
          } finally { proto.postMessage = post; }
        })()`)) as [number, number];
        console.log(
          `round ${round + 1} filter '${text}': ${ms.toFixed(1)} ms, sent to the engine at +${sentMs.toFixed(1)} ms`,
        );
        continue;
      }
      if (profiled) {
        // A JS profile instead of the trace: where the script time goes, by function.
        const { result: ms, profile } = await profilePage(first, filter, 250);
        console.log(`round ${round + 1} filter '${text}': ${(ms as number).toFixed(1)} ms`);
        console.log(profileTable(profile, 20));
        continue;
      }
      const session = await first.context().newCDPSession(first);
      const {
        result: { events, result: ms },
        cpu: engine,
      } = await profileWorker(bench.cdp, worker.targetId, () =>
        recordTrace(session, MAIN_THREAD_CATEGORIES, filter),
      );
      await session.detach();
      console.log(`round ${round + 1} filter '${text}': ${(ms as number).toFixed(1)} ms`);
      console.log(mainThread(events));
      console.log(`   elements in the grid / rows / in the page: ${await nodes()}`);
      console.log(`   engine ${top(engine)}`);
    }
  }
} finally {
  await close();
}
