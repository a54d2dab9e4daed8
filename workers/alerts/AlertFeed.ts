/**
 * The engine's alerts (DESIGN.md "the engine owns the alert store"): one live store for all
 * tabs, fed by one subscription on the alert hub (SubscribeToAllAlerts + SubscribeToAcks +
 * SubscribeToPendingAlerts + FetchAllPendingAlerts), and one store per archive query loaded over REST. A tab leases a
 * view {source, sort, filter, start, count}; it receives only its window plus a margin and
 * the totals, in `alerts` messages at most one per flush interval.
 *
 * The current list and the banner's counts are here from the start: an alarm never waits for
 * code. The views (`alertViewSet.ts`: archive lists, sorting, filtering and paging) are fetched
 * with the first view a tab opens (workers/SPEC.md AV5).
 */
import type { Alert, AlertQuery } from '../../src/contract/alerts.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import type { AlertCounts, AlertViewFrame } from '../engineProtocol.ts';
import type { TimerHandle } from '../../src/domain/timers.ts';
import { applyAlertHubMessage, isAlert, touchedIds } from './alertMessages.ts';
import { isCurrentAlert } from '../../src/domain/pvAlarm.ts';
import { AlertRows, alertCounts } from './alertRows.ts';
import type { AlertViewSet } from './alertViewSet.ts';
import type { HeldOrder } from './alertHold.ts';
import { toError } from '../errors.ts';
import {
  ALERT_BURST_MS,
  ALERT_COUNTS_INTERVAL_MS,
  ALERT_FLUSH_INTERVAL_MS,
  ARCHIVE_PREFETCH_KEEP_MS,
  paced,
  type AlertFeedDeps,
  type AlertView,
  type AlertViewSource,
} from './alertFeedTerms.ts';

export {
  ALERT_BURST_MS,
  ALERT_COUNTS_INTERVAL_MS,
  ALERT_FLUSH_INTERVAL_MS,
  ALERT_HUB_MESSAGES,
  ARCHIVE_PREFETCH_KEEP_MS,
  type AlertArchiveFetcher,
  type AlertFeedDeps,
  type AlertView,
  type AlertViewsModule,
  type AlertViewSource,
} from './alertFeedTerms.ts';

interface TabViews {
  views: Map<string, AlertView>;
  /** The frozen order of each held view. */
  holds: Map<string, HeldOrder>;
  counts: boolean;
  /**
   * The counts last sent to the tab: the same object while the list's version holds
   * (alertCounts), so a message whose counts did not change carries none and the banner does
   * not render again (a clone is a new object each message).
   */
  sentCounts: AlertCounts | null;
  dirty: boolean;
  timer: TimerHandle | null;
  timerDelayMs: number;
  /** When the tab was last sent its frame. */
  sentAt: number;
}

export class AlertFeed {
  readonly live = new AlertRows();
  private readonly tabs = new Map<string, TabViews>();
  private liveUsers = 0;
  private releaseChannel: (() => void) | null = null;
  private liveState: 'loading' | 'ready' | 'error' = 'loading';
  private liveError: string | null = null;
  /**
   * Hub messages received while the pending snapshot is on its way, in order. The snapshot
   * may predate some of them (the server computed it first, or the completion and a message
   * shared one frame, in which case the message is dispatched before the awaiting code
   * resumes), so they are applied again on top of it: a deleted or acknowledged alert never
   * comes back from an older snapshot, and a new one is never lost.
   */
  private replay: [string, unknown][] | null = null;
  private subscribeRun = 0;
  /** The views once their code is here; archive lists are used from then on. */
  private viewSet: AlertViewSet | null = null;
  private viewsLoading: Promise<AlertViewSet> | null = null;
  /** Why the views' code could not be fetched; the next view that is set tries again. */
  private viewsError: string | null = null;

  constructor(private readonly deps: AlertFeedDeps) {}

  /**
   * Leases (or moves) one view of a tab; `counts` views are the banner's. The list is used at
   * once; the returned promise settles once the views' code is here (or failed to come).
   */
  setView(tabId: string, viewId: string, view: AlertView): Promise<void> {
    const tab = this.tabOf(tabId);
    const old = tab.views.get(viewId);
    const waits = view.firstRowsDrawn === false;
    if (!old || sourceKey(old.source) !== sourceKey(view.source)) {
      this.useSource(view.source, 1, false, waits);
      if (old) this.useSource(old.source, -1);
    } else if (view.source.kind === 'archive' && old.firstRowsDrawn === false && !waits) {
      this.viewSet?.showArchive(view.source.query);
    }
    tab.views.set(viewId, view);
    // The user scrolled, sorted or filtered: answer at once, not with the next batch of
    // hub traffic (ALERT_FLUSH_INTERVAL_MS would add its wait to every filter and scroll).
    this.markDirty(tabId, 0);
    return this.loadViews().then(
      () => undefined,
      () => undefined,
    );
  }

  /**
   * AV3f: loads an archive range a tab is about to show, before the tab has registered (a
   * page opened directly asks at boot); kept ARCHIVE_PREFETCH_KEEP_MS for its view to take.
   * AV3i: with the page's first view, answers that view's first frame once the range has rows
   * (null if it failed), so the page draws them in its first render.
   */
  async prefetchArchive(query: AlertQuery, view?: AlertView): Promise<AlertViewFrame | null> {
    const set = await this.loadViews();
    set.useArchive(query, 1, 'prefetch');
    this.deps.timers.setTimeout(() => set.releasePrefetch(query), ARCHIVE_PREFETCH_KEEP_MS);
    return view ? set.firstFrame(query, view, this.live) : null;
  }

  releaseView(tabId: string, viewId: string): void {
    const tab = this.tabs.get(tabId);
    const old = tab?.views.get(viewId);
    if (!tab || !old) return;
    tab.views.delete(viewId);
    tab.holds.delete(viewId);
    this.useSource(old.source, -1);
  }

  /** The banner's counts of pending alerts (live source). */
  setCounts(tabId: string, on: boolean): void {
    const tab = this.tabOf(tabId);
    if (tab.counts === on) return;
    tab.counts = on;
    tab.sentCounts = null;
    this.useSource({ kind: 'live' }, on ? 1 : -1);
    if (on) this.markDirty(tabId);
  }

  dropTab(tabId: string): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    for (const viewId of [...tab.views.keys()]) this.releaseView(tabId, viewId);
    this.setCounts(tabId, false);
    if (tab.timer !== null) this.deps.timers.clearTimeout(tab.timer);
    this.tabs.delete(tabId);
  }

  /** Keeps the current list loaded without a view (PV alarm states); returns the release. */
  retainLive(): () => void {
    this.useSource({ kind: 'live' }, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.useSource({ kind: 'live' }, -1);
    };
  }

  /** The current alerts (in no particular order), or null until they were fetched. */
  liveAlerts(): Iterable<Alert> | null {
    return this.liveState === 'ready' ? this.live.alerts() : null;
  }

  /** All rows of a view (sorted, filtered), e.g. for a CSV export. */
  async rows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]> {
    return (await this.loadViews()).rows(view, this.live);
  }

  /**
   * The channel (re)connected: subscribe and fetch the pending alerts again. True once the
   * current list is the server's answer (false: nobody uses it, or the fetch failed or was
   * overtaken by a later reconnect).
   */
  async subscribe(): Promise<boolean> {
    if (this.liveUsers === 0) return false;
    const m = HUB_METHODS.alert;
    const run = ++this.subscribeRun;
    const replay: [string, unknown][] = [];
    this.replay = replay;
    try {
      // AV2c: pending alerts too: a real plant server may send the current list only to those
      // who asked for it.
      for (const method of [m.subscribeToAllAlerts, m.subscribeToAcks, m.subscribeToPendingAlerts])
        await this.deps.invoke(method);
      const answer = await this.deps.invoke(m.fetchAllPendingAlerts);
      // A later reconnect started its own run; its snapshot is the newer one.
      if (run !== this.subscribeRun) return false;
      const pending: Alert[] = [];
      if (Array.isArray(answer)) {
        for (const group of answer as unknown[]) {
          const alerts = (group as { alerts?: unknown }).alerts;
          if (Array.isArray(alerts)) pending.push(...alerts.filter(isAlert));
        }
      }
      this.live.replaceAll(pending.filter(isCurrentAlert));
      for (const [message, payload] of replay) this.applyLive(message, payload);
      this.liveState = 'ready';
      this.liveError = null;
    } catch (error) {
      if (run !== this.subscribeRun) return false;
      this.liveState = 'error';
      this.liveError = toError(error).message;
      this.deps.onError(error);
    } finally {
      if (this.replay === replay) this.replay = null;
    }
    this.markLiveDirty();
    return this.liveState === 'ready';
  }

  /** One alert hub message (args as the hub sent them). */
  received(message: string, args: unknown[]): void {
    // newPendingAlerts arrives as (pvGroupId, alerts); the store takes one object.
    const payload =
      message === HUB_MESSAGES.newPendingAlerts && args.length >= 2
        ? { pvGroupId: args[0], alerts: args[1] }
        : args[0];
    this.replay?.push([message, payload]);
    if (this.applyLive(message, payload) > 0) this.markLiveDirty();
  }

  /**
   * AL2: applies a hub message to the current list and drops the alerts it leaves: an alert
   * stays while unacknowledged or still active (DESIGN.md "Alarm states"), so an
   * acknowledgement of a returned alert and the return of an acknowledged one both end it.
   */
  private applyLive(message: string, payload: unknown): number {
    let changed = applyAlertHubMessage(this.live, message, payload);
    const gone: number[] = [];
    for (const id of touchedIds(message, payload)) {
      const alert = this.live.get(id);
      if (alert && !isCurrentAlert(alert)) gone.push(id);
    }
    if (gone.length) changed += this.live.remove(gone);
    return changed;
  }

  /**
   * The views' code, fetched once. Archive lists of the views set meanwhile are used once it
   * is here. A failed fetch ends in the views' error state; the next view set tries again.
   */
  private loadViews(): Promise<AlertViewSet> {
    if (this.viewSet) return Promise.resolve(this.viewSet);
    if (!this.viewsLoading) {
      const load = this.deps.loadViews ?? (() => import('./alertViewSet.ts'));
      this.viewsError = null;
      this.viewsLoading = load().then(
        (module) => {
          const set = new module.AlertViewSet({
            fetchArchive: this.deps.fetchArchive,
            changed: (matches) => {
              for (const [tabId, tab] of this.tabs)
                if ([...tab.views.values()].some((v) => matches(v.source))) this.markDirty(tabId);
            },
          });
          this.viewSet = set;
          this.viewsLoading = null;
          for (const tab of this.tabs.values())
            for (const view of tab.views.values())
              this.useSource(view.source, 1, true, view.firstRowsDrawn === false);
          this.markViewsDirty();
          return set;
        },
        (error: unknown) => {
          this.viewsLoading = null;
          this.viewsError = `Alert views could not be loaded: ${toError(error).message}`;
          this.deps.onError(error);
          this.markViewsDirty();
          throw error;
        },
      );
    }
    return this.viewsLoading;
  }

  /** Every tab with a view gets a frame: the views' code arrived or failed. */
  private markViewsDirty(): void {
    for (const [tabId, tab] of this.tabs) if (tab.views.size) this.markDirty(tabId, 0);
  }

  private tabOf(tabId: string): TabViews {
    let tab = this.tabs.get(tabId);
    if (!tab) {
      tab = {
        views: new Map(),
        holds: new Map(),
        counts: false,
        sentCounts: null,
        dirty: false,
        timer: null,
        timerDelayMs: 0,
        sentAt: Number.NEGATIVE_INFINITY,
      };
      this.tabs.set(tabId, tab);
    }
    return tab;
  }

  /**
   * Counts the users of a list; an archive list is the view set's (`onlyArchive`: catch up;
   * `firstPageOnly`: its view has not drawn its first rows yet, AV3h).
   */
  private useSource(
    source: AlertViewSource,
    delta: 1 | -1,
    onlyArchive = false,
    firstPageOnly = false,
  ): void {
    if (source.kind === 'archive') {
      this.viewSet?.useArchive(source.query, delta, firstPageOnly ? 'firstPage' : 'whole');
      return;
    }
    if (onlyArchive) return;
    this.liveUsers += delta;
    if (delta === 1 && this.liveUsers === 1) {
      this.liveState = 'loading';
      this.releaseChannel = this.deps.acquireChannel();
    } else if (this.liveUsers === 0) {
      this.releaseChannel?.();
      this.releaseChannel = null;
      // A snapshot still on its way belongs to a subscription nobody uses any more.
      this.subscribeRun++;
      this.replay = null;
      this.live.clear();
    }
  }

  private markLiveDirty(): void {
    this.deps.liveChanged?.();
    const now = this.deps.timers.now();
    for (const [tabId, tab] of this.tabs) {
      if ([...tab.views.values()].some((v) => v.source.kind === 'live'))
        this.markDirty(tabId, paced(tab.sentAt, now, ALERT_FLUSH_INTERVAL_MS, ALERT_BURST_MS));
      else if (tab.counts)
        this.markDirty(
          tabId,
          paced(tab.sentAt, now, ALERT_COUNTS_INTERVAL_MS, ALERT_FLUSH_INTERVAL_MS),
        );
    }
  }

  private markDirty(tabId: string, delayMs = ALERT_FLUSH_INTERVAL_MS): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    tab.dirty = true;
    if (tab.timer !== null) {
      if (delayMs > 0 || tab.timerDelayMs === 0) return;
      this.deps.timers.clearTimeout(tab.timer);
    }
    tab.timerDelayMs = delayMs;
    tab.timer = this.deps.timers.setTimeout(() => {
      tab.timer = null;
      this.flush(tabId);
    }, delayMs);
  }

  private flush(tabId: string): void {
    const tab = this.tabs.get(tabId);
    if (!tab || !tab.dirty) return;
    tab.dirty = false;
    const views: [string, AlertViewFrame][] = [];
    for (const [viewId, view] of tab.views) views.push([viewId, this.frameOf(view, tab, viewId)]);
    // Counts only when they changed: equal counts would render the banner again in the tab.
    const counts = tab.counts ? alertCounts(this.live, this.liveState === 'ready') : null;
    const changed = counts !== tab.sentCounts ? counts : null;
    tab.sentCounts = counts;
    if (views.length === 0 && changed === null) return;
    tab.sentAt = this.deps.timers.now();
    this.deps.send(tabId, { type: 'alerts', views, counts: changed });
  }

  private frameOf(view: AlertView, tab: TabViews, viewId: string): AlertViewFrame {
    const live = { rows: this.live, state: this.liveState, error: this.liveError };
    if (this.viewSet) {
      // Only a loaded current list is held; a hold that ended frees its frozen order.
      const held = view.hold && view.source.kind === 'live' && this.liveState === 'ready';
      if (!held) {
        tab.holds.delete(viewId);
        return this.viewSet.frame(view, live);
      }
      const holds = {
        get: () => tab.holds.get(viewId),
        set: (order: HeldOrder) => void tab.holds.set(viewId, order),
      };
      return this.viewSet.frame(view, live, holds);
    }
    // Until the views' code is here the list shows as loading, or as failed if it cannot come.
    const state = this.viewsError ? 'error' : 'loading';
    const none = { from: 0, rows: [], total: 0, storeSize: 0, remainingCount: 0 };
    return { state, error: this.viewsError, ...none };
  }
}

function sourceKey(source: AlertViewSource): string {
  const q = source.kind === 'archive' ? source.query : null;
  return q ? `archive:${q.start}|${q.end}|${q.limit}` : 'live';
}
