/**
 * Micro-measure of the alarm-performance computation (issue 46: 100,000 alerts over 30 days
 * in at most 1 s in the worker): the pure figures (src/domain/alarmFigures.ts) on a busy
 * plant's history, and the engine path (cached archive pages, then the figures) in process.
 *
 *   npx tsx bench/alarm-figures.ts [count=100000] [runs=7]
 */
import { computeAlarmFigures } from '../src/domain/alarmFigures.ts';
import { alarmHistory } from './harness/alarmHistory.ts';
import { timeEnginePath } from './harness/alarmEngine.ts';
import { exitWhenDone } from './harness/exit.ts';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 7);
const end = Date.parse('2026-11-26T00:00:00Z');
const rows = alarmHistory(count, end);
const request = {
  start: end - 30 * 86_400_000,
  end,
  stationNumber: null,
  timeZone: 'Europe/Berlin',
};

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const pure: number[] = [];
/** CPU time of the process (user + system) per run: on a loaded machine wall time waits for a core. */
const pureCpu: number[] = [];
let figures = computeAlarmFigures(request, rows);
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  figures = computeAlarmFigures(request, rows);
  const c = process.cpuUsage(c0);
  pure.push(performance.now() - t0);
  pureCpu.push((c.user + c.system) / 1000);
}

// The engine path: its page sweep's timer is cleared at the end (harness/alarmEngine.ts).
const engine = await timeEnginePath(rows, request, runs, {
  ...request,
  start: request.start + 3_600_000,
});

console.log(
  JSON.stringify(
    {
      alerts: count,
      total: figures.total,
      floods: figures.floodCount,
      chattering: figures.chatteringCount,
      standing: figures.standingCount,
      computeMedianMs: Math.round(median(pure) * 10) / 10,
      computeMaxMs: Math.round(Math.max(...pure) * 10) / 10,
      computeCpuMedianMs: Math.round(median(pureCpu) * 10) / 10,
      engineFirstMs: Math.round(engine.firstMs),
      engineCachedMedianMs: Math.round(median(engine.cachedMs) * 10) / 10,
      archiveFetches: engine.archiveFetches,
    },
    null,
    2,
  ),
);
// Written: nothing may keep the process alive (issue 58 item 6).
exitWhenDone();
