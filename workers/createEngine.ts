/**
 * The engine with its real dependencies: SignalR over the page's origin, fetch, Web Locks
 * and the browser's online flag. Used by the worker entries and by the in-process fallback.
 */
import { Engine, type OnlineSource } from './Engine.ts';
import { createPlanListFetcher, createPvConfigFetcher } from './restClient.ts';
import type { ChartFetchers } from './charts/chartRest.ts';
import { foreverRetryPolicy } from './retryPolicy.ts';
import { createSignalrTransportFactory } from './signalrTransport.ts';
import { createWebLockManager, noTabLocks } from './tabLocks.ts';
import { createRealTimers } from '../src/domain/timers.ts';

/** The slice of `self`/`window` the engine needs; both a worker scope and a window fit. */
export interface EngineHost {
  location: { origin: string };
  navigator: { onLine: boolean; locks?: LockManager };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  fetch: typeof fetch;
}

export function createEngine(host: EngineHost): Engine {
  const baseUrl = host.location.origin;
  const online: OnlineSource = {
    isOnline: () => host.navigator.onLine,
    onChange(listener) {
      host.addEventListener('online', () => listener(true));
      host.addEventListener('offline', () => listener(false));
    },
  };
  return new Engine({
    timers: createRealTimers(),
    transports: createSignalrTransportFactory(baseUrl, foreverRetryPolicy),
    fetchPvConfigs: createPvConfigFetcher(baseUrl, host.fetch.bind(host)),
    fetchPlanList: createPlanListFetcher(baseUrl, host.fetch.bind(host)),
    // Archive alert lists come with the alert views (worker budget), so does their REST call.
    fetchAlerts: (query, signal) =>
      import('./alerts/alertArchiveRest.ts').then(({ createAlertArchiveFetcher }) =>
        createAlertArchiveFetcher(baseUrl, host.fetch.bind(host))(query, signal),
      ),
    fetchFeedItems: (feed, ids) =>
      import('./feedItems.ts').then(({ createFeedItemsFetcher }) =>
        createFeedItemsFetcher(baseUrl, host.fetch.bind(host))(feed, ids),
      ),
    chartFetchers: lazyChartFetchers(baseUrl, host.fetch.bind(host)),
    locks: host.navigator.locks ? createWebLockManager(host.navigator.locks) : noTabLocks,
    online,
    // Loaded beside the start, not in it (worker budget): only a tab's watch waits for it.
    lock: import('./engineLockHeld.ts').then((m) => m.held),
  });
}

/**
 * The chart REST calls, their code loaded with the first chart like the chart service
 * itself: most tabs never open one, and the worker's startup code stays small.
 */
function lazyChartFetchers(baseUrl: string, fetchFn: typeof fetch): ChartFetchers {
  let made: Promise<ChartFetchers> | null = null;
  const real = () =>
    (made ??= import('./charts/chartRest.ts').then((m) => m.createChartFetchers(baseUrl, fetchFn)));
  return {
    directory: (type) => real().then((f) => f.directory(type)),
    config: (id) => real().then((f) => f.config(id)),
    series: (id) => real().then((f) => f.series(id)),
    data: (target, range, source) => real().then((f) => f.data(target, range, source)),
  };
}
