/**
 * `npx tsx bench/alarm-performance-trace.ts [dist] [--rounds N] [--profile]`: where the main
 * thread spends its time while `/alerts/performance` draws the figures of 100,000 archive
 * alerts (the "Longest task while /alerts/performance draws" figure of
 * bench/scenarios/alarmPerformance.ts). The archive bench plant serves `dist` (dist/ by
 * default); one tab on the start page goes to the page by a client-side navigation, as the
 * scenario does, `rounds` times (back to the start page in between). For each round: a trace
 * of the page's main thread (the tasks over 2 ms in order, what each holds) or, with
 * `--profile`, a JS profile by function through source maps. Prints figures, asserts nothing.
 */
import { resolve } from 'node:path';
import { openArchiveBench } from './harness/archiveTabs.ts';
import { takeFlag, takeOption } from './harness/cliArgs.ts';
import {
  MAIN_THREAD_CATEGORIES,
  mainThreadTasks,
  recordTrace,
  type TraceEvent,
} from './harness/trace.ts';
import { profileTable } from './harness/profileTable.ts';
import { profilePage } from './harness/workerProfile.ts';

const args = process.argv.slice(2);
const rounds = Number(takeOption(args, 'rounds', '2'));
const profiled = takeFlag(args, 'profile');
const dist = resolve(args[0] ?? 'dist');

/** The tasks over 2 ms on the renderer main thread, in order, with what each holds. */
function longTasks(events: TraceEvent[]): string {
  const { on, tasks } = mainThreadTasks(events);
  const t0 = tasks[0]?.ts ?? 0;
  const longest = Math.max(0, ...tasks.map((e) => e.dur!)) / 1000;
  const onCore = Math.max(0, ...tasks.map((e) => e.tdur ?? e.dur!)) / 1000;
  const head = `   longest task ${longest.toFixed(1)} ms, longest on a core ${onCore.toFixed(1)} ms\n`;
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
        return `   +${((task.ts! - t0) / 1000).toFixed(0)} ms: ${(task.dur! / 1000).toFixed(1)} ms (on a core ${cpu.toFixed(1)}; ${what})`;
      })
      .join('\n')
  );
}

const GO = `history.pushState({}, '', '/alerts/performance?period=7d'); dispatchEvent(new PopStateEvent('popstate'))`;
const HOME = `history.pushState({}, '', '/'); dispatchEvent(new PopStateEvent('popstate'))`;

const { first, close } = await openArchiveBench(dist);
try {
  for (let round = 0; round < rounds; round++) {
    await first.evaluate(HOME);
    await first.waitForTimeout(2_000);
    const open = async () => {
      await first.evaluate(GO);
      await first.locator('.perf-results').first().waitFor({ timeout: 120_000 });
      await first.waitForTimeout(3_000);
    };
    if (profiled) {
      const { profile } = await profilePage(first, open, 250);
      console.log(`round ${round + 1}:\n${profileTable(profile, 25)}`);
      continue;
    }
    const session = await first.context().newCDPSession(first);
    const { events } = await recordTrace(session, MAIN_THREAD_CATEGORIES, open);
    await session.detach();
    console.log(`round ${round + 1}, tasks over 2 ms:\n${longTasks(events)}`);
  }
} finally {
  await close();
}
