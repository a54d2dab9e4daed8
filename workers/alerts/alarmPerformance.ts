/**
 * The alarm-performance figures in the engine (issue 46): the archive pages of the period
 * and a lookback before it (alarmPerformancePages.ts), then the pure computation
 * (src/domain/alarmFigures.ts). Loaded with the first request (worker budget).
 *
 * AP6 Standing alarms raised before the period come from a LOOKBACK_MS archive read before
 *     its start, and older still from the engine's live list (alarms still active now), so
 *     an alarm standing for weeks is found when the period ends now.
 */
import * as Comlink from 'comlink';
import type { Alert } from '../../src/contract/alerts.ts';
import { computeAlarmFigures } from '../../src/domain/alarmFigures.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../../src/domain/alarmPerformance.ts';
import { AlarmPages, type AlertPageFetcher } from './alarmPerformancePages.ts';

export const LOOKBACK_MS = 7 * 86_400_000;
/** A period ending this close to now counts the live list's older active alarms (AP6). */
const NOW_SLACK_MS = 5 * 60_000;

export interface AlarmPerformanceDeps {
  fetchAlerts: AlertPageFetcher;
  now: () => number;
  /** The alerts the engine's live list holds now, or null when it has none. */
  liveAlerts: () => Iterable<Alert> | null;
  /** Rows asked for per archive request (tests make it small to page against a real server). */
  pageLimit?: number;
  /** Waits `ms` (the engine's timers), before a rate-limited request is asked again. */
  pause?: (ms: number) => Promise<void>;
}

export class AlarmPerformanceService {
  readonly pages: AlarmPages;

  constructor(private readonly deps: AlarmPerformanceDeps) {
    this.pages = new AlarmPages(deps.fetchAlerts, deps.now, deps.pageLimit, deps.pause);
  }

  async compute(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    checkRequest(request);
    // A tab's callback is a Comlink proxy: each call is a message nobody needs to await, a
    // closed tab must not fail the computation, and its port is released at the end.
    const progress = onProgress
      ? (p: AlarmPerformanceProgress) => {
          try {
            void Promise.resolve(onProgress(p)).catch(() => undefined);
          } catch {
            // A released or closed callback: the figures do not depend on it.
          }
        }
      : undefined;
    try {
      return await this.computeWith(request, progress);
    } finally {
      (onProgress as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
    }
  }

  private async computeWith(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    const read = await this.pages.read(request.start - LOOKBACK_MS, request.end, {
      reload: request.reload,
      onProgress,
    });
    let alerts = read.alerts;
    const now = this.deps.now();
    if (request.end >= now - NOW_SLACK_MS) {
      const older = [...(this.deps.liveAlerts() ?? [])]
        .filter((a) => a.timestamp < read.from && a.clearedAt === null)
        .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
      if (older.length > 0) alerts = older.concat(alerts);
    }
    return computeAlarmFigures(request, alerts, { truncated: read.truncated, computedAt: now });
  }
}

function checkRequest(r: AlarmPerformanceRequest): void {
  if (!Number.isFinite(r.start) || !Number.isFinite(r.end) || !(r.end > r.start))
    throw new RangeError(`Alarm performance: invalid period ${r.start}..${r.end}`);
}
