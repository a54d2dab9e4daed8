/**
 * The engine with its real dependencies: SignalR over the page's origin, fetch, Web Locks
 * and the browser's online flag. Used by the worker entries and by the in-process fallback.
 */
import { Engine, type OnlineSource } from './Engine.ts';
import {
  createAlertArchiveFetcher,
  createFeedItemsFetcher,
  createPvConfigFetcher,
} from './restClient.ts';
import { createChartFetchers } from './charts/chartRest.ts';
import { foreverRetryPolicy } from './retryPolicy.ts';
import { createSignalrTransportFactory } from './signalrTransport.ts';
import { createWebLockManager, noTabLocks } from './tabLocks.ts';
import { createRealTimers } from './timers.ts';

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
    fetchAlerts: createAlertArchiveFetcher(baseUrl, host.fetch.bind(host)),
    fetchFeedItems: createFeedItemsFetcher(baseUrl, host.fetch.bind(host)),
    chartFetchers: createChartFetchers(baseUrl, host.fetch.bind(host)),
    locks: host.navigator.locks ? createWebLockManager(host.navigator.locks) : noTabLocks,
    online,
  });
}
