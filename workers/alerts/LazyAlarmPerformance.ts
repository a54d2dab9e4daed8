/**
 * The engine's alarm-performance side, its code fetched with the first request (worker
 * budget), like the chart side (`LazyCharts`); the archive pages it reads are kept after.
 */
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../../src/domain/alarmPerformance.ts';
import type { Alert } from '../../src/contract/alerts.ts';
import type { Timers } from '../../src/domain/timers.ts';
import type { AlertArchiveFetcher } from './AlertFeed.ts';
import type { AlarmPerformanceService } from './alarmPerformance.ts';

export interface LazyAlarmPerformanceDeps {
  timers: Timers;
  /** The alert archive by range (the engine's one fetcher, shared with archive views). */
  fetchAlerts: AlertArchiveFetcher;
  /** The live pending alerts the engine holds, or null before they are known. */
  liveAlerts(): Iterable<Alert> | null;
}

export class LazyAlarmPerformance {
  private service: Promise<AlarmPerformanceService> | null = null;

  constructor(private readonly deps: LazyAlarmPerformanceDeps) {}

  async compute(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    const { timers, fetchAlerts, liveAlerts } = this.deps;
    this.service ??= import('./alarmPerformance.ts').then(
      ({ AlarmPerformanceService }) =>
        new AlarmPerformanceService({
          fetchAlerts: (query) => fetchAlerts(query),
          now: () => timers.now(),
          pause: (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms)),
          liveAlerts,
        }),
    );
    return (await this.service).compute(request, onProgress);
  }
}
