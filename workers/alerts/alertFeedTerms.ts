/**
 * What the alert feed (AlertFeed.ts) shares with the engine, its views (alertViewSet.ts) and
 * the archive readers: the hub messages it takes in, how often it sends (AV6, AV8), and the
 * shapes of a view, an archive fetch and the feed's dependencies.
 */
import type { AlertListResult, AlertQuery } from '../../src/contract/alerts.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { AlertsMessage } from '../engineProtocol.ts';
import type { Timers } from '../../src/domain/timers.ts';
import type { AlertSort } from './alertStore.ts';
import type { AlertViewSet, AlertViewSetDeps } from './alertViewSet.ts';
import type { FilterNode } from '../../src/domain/filters.ts';

/** The alert hub's messages the feed takes in (`received`). */
export const ALERT_HUB_MESSAGES = [
  HUB_MESSAGES.newAlert,
  HUB_MESSAGES.ackAlert,
  HUB_MESSAGES.ackAlerts,
  HUB_MESSAGES.deletedAlerts,
  HUB_MESSAGES.newPendingAlerts,
] as const;
/**
 * AV8: a tab with a view of the current list gets that view's frames at most this often; the
 * first change after a quiet spell goes after ALERT_BURST_MS. Held for the interval every
 * time, a new alarm reached the top row 68 ms after the server sent it (p95, 10 alerts a
 * second), where a page applying each message itself took 16; now 22.
 */
export const ALERT_FLUSH_INTERVAL_MS = 50;
/**
 * The first change after a quiet spell waits this long for the rest of its burst (one server
 * tick's messages arrive as several): sent at once, a tick went out as two frames and the
 * tab's main thread took 117 ms/s at 10 alerts a second instead of 98.
 */
export const ALERT_BURST_MS = 5;
/**
 * AV6: a tab that shows only the banner (no view of the current list) gets its counts at most
 * this often; the first change after a quiet spell goes at once. In a flood every tab's banner
 * took a frame and a render 20 times a second.
 */
export const ALERT_COUNTS_INTERVAL_MS = 250;
/** How long a prefetched archive range waits for the view that asked for it (AV3f, AV3k). */
export const ARCHIVE_PREFETCH_KEEP_MS = 30_000;

/**
 * How long a tab's next frame waits: at least `atLeast`, and until `interval` after the one
 * sent last (AV6, AV8: the first change after a quiet spell goes after `atLeast`).
 */
export function paced(sentAt: number, now: number, interval: number, atLeast: number): number {
  return Math.max(atLeast, sentAt + interval - now);
}

export type AlertViewSource = { kind: 'live' } | { kind: 'archive'; query: AlertQuery };

export interface AlertView {
  source: AlertViewSource;
  sort?: AlertSort;
  filter?: FilterNode | null;
  start: number;
  count: number;
  /**
   * Current list only (AH1): while set, the rows shown keep their positions; a new token
   * freezes the order again (the tab shows the rows that arrived meanwhile).
   */
  hold?: string | null;
  /**
   * Archive views (AV3h): false while the tab has not yet drawn the first page, and the whole
   * range waits for it (its load would take the machine's cores from the tab's first render);
   * the tab sets it once it has. Absent: the whole range loads with the first page.
   */
  firstRowsDrawn?: boolean;
}

/** `signal` cancels the request (and the parse of its answer) once no view needs it. */
export type AlertArchiveFetcher = (
  query: AlertQuery,
  signal?: AbortSignal,
) => Promise<AlertListResult>;

/** The views' module (`alertViewSet.ts`), or what stands in for it in tests. */
export interface AlertViewsModule {
  AlertViewSet: new (deps: AlertViewSetDeps) => AlertViewSet;
}

export interface AlertFeedDeps {
  timers: Timers;
  /** Opens the alert hub channel; returns its release. */
  acquireChannel(): () => void;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  fetchArchive: AlertArchiveFetcher;
  send(tabId: string, message: AlertsMessage): void;
  onError(error: unknown): void;
  /** The current (live) list changed or was loaded; derived state (PV alarms) follows it. */
  liveChanged?(): void;
  /** Fetches the views' code; `import('./alertViewSet.ts')` unless given. */
  loadViews?(): Promise<AlertViewsModule>;
}
