/**
 * The tab's alert views and the banner's counts (workers/SPEC.md AV1, AV2, AV6, AV7): each
 * view is leased in the engine under an id of this tab and gets its window and totals; the
 * counts are asked for while anyone in the tab listens, and a new listener hears the last
 * ones at once. What a lost engine must be told again (EL2) is kept here: every view as last
 * sent and whether counts are wanted. How the frames arrive (a gate per animation frame for
 * the views, AV7; the counts at once) is the connection's part (engineLink.ts).
 */
import type { Alert } from '../contract/alerts.ts';
import type { AlertView, EngineApi } from '../../workers/engineApi.ts';
import type { AlertCounts, AlertsMessage, AlertViewFrame } from '../../workers/engineProtocol.ts';

export interface AlertViewHandle {
  update(view: AlertView): void;
  release(): void;
}

export interface TabAlertsHost {
  readonly tabId: string;
  /** The engine, once the tab is registered. */
  start(): Promise<EngineApi>;
  /** A call whose answer the tab waits for, asked again of a new engine (EL3). */
  ask<T>(call: (api: EngineApi) => Promise<T>): Promise<T>;
  /** A new id for a view of this tab. */
  nextViewId(prefix: string): string;
}

export class TabAlerts {
  /** Every view as last sent, for a new engine (EL2). */
  private readonly views = new Map<string, AlertView>();
  private readonly viewListeners = new Map<string, (frame: AlertViewFrame) => void>();
  private readonly countListeners = new Set<(counts: AlertCounts) => void>();
  private lastCounts: AlertCounts | null = null;

  constructor(private readonly host: TabAlertsHost) {}

  /**
   * Leases an alert view in the engine; `onFrame` gets its window and totals. Call
   * `update` when sort, filter or the visible rows change; `release` when done.
   */
  watchView(view: AlertView, onFrame: (frame: AlertViewFrame) => void): AlertViewHandle {
    const { host } = this;
    const viewId = host.nextViewId('v');
    this.viewListeners.set(viewId, onFrame);
    let released = false;
    const send = (v: AlertView) => {
      this.views.set(viewId, v);
      void host
        .start()
        .then((api) => (released ? undefined : api.setAlertView(host.tabId, viewId, v)));
    };
    send(view);
    return {
      update: (v) => {
        if (!released) send(v);
      },
      release: () => {
        if (released) return;
        released = true;
        this.viewListeners.delete(viewId);
        this.views.delete(viewId);
        void host.start().then((api) => api.releaseAlertView(host.tabId, viewId));
      },
    };
  }

  /** The banner's pending counts; the engine sends them while anyone here listens. */
  watchCounts(listener: (counts: AlertCounts) => void): () => void {
    const { host } = this;
    this.countListeners.add(listener);
    if (this.lastCounts) listener(this.lastCounts);
    if (this.countListeners.size === 1)
      void host.start().then((api) => api.setAlertCounts(host.tabId, true));
    return () => {
      if (!this.countListeners.delete(listener)) return;
      if (this.countListeners.size === 0) {
        this.lastCounts = null;
        void host.start().then((api) => api.setAlertCounts(host.tabId, false));
      }
    };
  }

  /** Every row of a view, sorted and filtered, from the engine (CSV export). */
  rows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]> {
    return this.host.ask((api) => api.getAlertRows(view));
  }

  applyViews(message: AlertsMessage): void {
    for (const [viewId, frame] of message.views) this.viewListeners.get(viewId)?.(frame);
  }

  applyCounts(message: AlertsMessage): void {
    if (!message.counts) return;
    this.lastCounts = message.counts;
    for (const listener of [...this.countListeners]) listener(message.counts);
  }

  /** EL2: every view and the counts, to a new engine. */
  leaseAgain(api: EngineApi): Promise<unknown>[] {
    const { tabId } = this.host;
    const calls: Promise<unknown>[] = [];
    for (const [viewId, view] of this.views) calls.push(api.setAlertView(tabId, viewId, view));
    if (this.countListeners.size > 0) calls.push(api.setAlertCounts(tabId, true));
    return calls;
  }
}
