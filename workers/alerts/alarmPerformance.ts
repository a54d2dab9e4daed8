/**
 * The alarm-performance figures in the engine (issue 46): the archive pages of the period
 * and a lookback before it (alarmPerformancePages.ts), then the pure computation
 * (src/domain/alarmFigures.ts). Loaded with the first request (worker budget).
 *
 * AP6 Standing alarms raised before the period come from a LOOKBACK_MS archive read before
 *     its start, and older still from the engine's live list (alarms still active now), so
 *     an alarm standing for weeks is found when the period ends now.
 * AP12 The figures for the page hold the first ALARM_LIST_MAX rows of each per-alarm list
 *     (AF13) with counts, so the answer stays small; asked `whole`, it answers the whole lists
 *     for the export (the same Comlink call: no code of it in the engine's first chunk). It computes them from the very rows the page's figures came from (kept for the
 *     last FULL_KEPT requests, IDLE_DROP_MS at most), so the export says what the page says;
 *     a request not kept is computed from the cached pages.
 */
import * as Comlink from 'comlink';
import type { Alert } from '../../src/contract/alerts.ts';
import { computeAlarmFigures } from '../../src/domain/alarmFigures.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../../src/domain/alarmPerformance.ts';
import { AlarmPages, IDLE_DROP_MS, type AlertPageFetcher } from './alarmPerformancePages.ts';

export const LOOKBACK_MS = 7 * 86_400_000;
/** A period ending this close to now counts the live list's older active alarms (AP6). */
const NOW_SLACK_MS = 5 * 60_000;
/** Computations whose rows are kept for a later `full` (AP12): a page or two open at once. */
export const FULL_KEPT = 2;

/** The rows and stamp one computation used, to compute its whole lists again on request. */
interface Kept {
  key: string;
  computedAt: number;
  alerts: readonly Alert[];
  truncated: boolean;
}

/** A request without `reload`: the same figures however they were fetched. */
function requestKey(r: AlarmPerformanceRequest): string {
  return JSON.stringify([r.start, r.end, r.stationNumber, r.timeZone]);
}

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
  /** Newest last. */
  private kept: Kept[] = [];

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
      if (request.whole) return await this.full(request, request.whole.computedAt);
      return await this.computeWith(request, progress);
    } finally {
      (onProgress as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy]?.();
    }
  }

  /**
   * AP12: the figures of `request` with every row of each list, for the export; `computedAt`
   * names the computation the page shows, whose rows give them when they are still kept.
   */
  async full(request: AlarmPerformanceRequest, computedAt: number): Promise<AlarmPerformance> {
    checkRequest(request);
    const key = requestKey(request);
    const kept = this.kept.find((k) => k.key === key && k.computedAt === computedAt);
    const { alerts, truncated, at } = kept
      ? { alerts: kept.alerts, truncated: kept.truncated, at: kept.computedAt }
      : { ...(await this.rowsOf({ ...request, reload: false })), at: this.deps.now() };
    return computeAlarmFigures(request, alerts, { truncated, computedAt: at, listMax: Infinity });
  }

  private async computeWith(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    const { alerts, truncated } = await this.rowsOf(request, onProgress);
    const computedAt = this.deps.now();
    this.keep({ key: requestKey(request), computedAt, alerts, truncated });
    return computeAlarmFigures(request, alerts, { truncated, computedAt });
  }

  private keep(entry: Kept): void {
    this.kept = [...this.kept.filter((k) => k.key !== entry.key), entry].slice(-FULL_KEPT);
    // A closed page leaves no rows behind (AP4).
    void this.deps.pause?.(IDLE_DROP_MS).then(() => {
      this.kept = this.kept.filter((k) => k !== entry);
    });
  }

  /** The rows of the request's period and lookback (AP6), ascending. */
  private async rowsOf(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<{ alerts: Alert[]; truncated: boolean }> {
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
    return { alerts, truncated: read.truncated };
  }
}

function checkRequest(r: AlarmPerformanceRequest): void {
  if (!Number.isFinite(r.start) || !Number.isFinite(r.end) || !(r.end > r.start))
    throw new RangeError(`Alarm performance: invalid period ${r.start}..${r.end}`);
}
