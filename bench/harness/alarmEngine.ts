/**
 * The engine's alarm-performance path in the bench process (AlarmPerformanceService over a
 * fake archive): the first computation (archive pages read) and `runs` more from the cached
 * pages. Its archive pages are swept every IDLE_DROP_MS (10 minutes) through the `pause` it is
 * given; in the engine that is the engine's timers, here a timer of the bench's own that is
 * cleared when the measurement ends. The service's default (a plain setTimeout) kept every
 * bench process that measured it alive for 10 minutes after its results were written
 * (exitWhenDone named it: "Timeout"; tests/unit/bench/benchExit.test.ts BX2).
 */
import type { Alert } from '../../src/contract/alerts.ts';
import type { AlarmPerformanceRequest } from '../../src/domain/alarmPerformance.ts';
import { AlarmPerformanceService } from '../../workers/alerts/alarmPerformance.ts';
import { fakeArchive } from '../../tests/unit/alarmPerformance/fakeArchive.ts';

export interface EnginePathTimes {
  firstMs: number;
  cachedMs: number[];
  archiveFetches: number;
}

/** A pause whose timers `clear()` ends; a pause cleared never resolves. */
export function clearablePause(): { pause: (ms: number) => Promise<void>; clear: () => void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  return {
    pause: (ms) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    clear: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Times the engine path for `request` over `rows`: once cold, then `runs` times for
 * `cachedRequest` (the same request unless given) from the cached pages.
 */
export async function timeEnginePath(
  rows: Alert[],
  request: AlarmPerformanceRequest,
  runs: number,
  cachedRequest: AlarmPerformanceRequest = request,
): Promise<EnginePathTimes> {
  const archive = fakeArchive(rows);
  const { pause, clear } = clearablePause();
  const service = new AlarmPerformanceService({
    fetchAlerts: (q) => archive.fetch(q),
    now: () => request.end,
    liveAlerts: () => null,
    pause,
  });
  try {
    const t1 = performance.now();
    await service.compute(request);
    const firstMs = performance.now() - t1;
    const cachedMs: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      await service.compute(cachedRequest);
      cachedMs.push(performance.now() - t0);
    }
    return { firstMs, cachedMs, archiveFetches: archive.queries.length };
  } finally {
    clear();
  }
}
