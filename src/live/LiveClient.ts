/**
 * The tab's side of the engine: one per tab, in parts. `engineLink.ts` connects and restarts
 * (workers/SPEC.md EL1-EL3, TB5, TB9, FR7c, AV7), `pvLeases.ts` counts and batches the tab's
 * key leases (TB2-TB4), `alertViews.ts` holds the alert views and the banner's counts (AV1,
 * AV2, AV6), `chartRequests.ts` the chart requests and live chart views (EL3, LS1-LS5). This
 * class puts them together, keeps the tab's live values (`TabLiveStore`, TB1, TB8, TB10, LD1),
 * the dashboard notes and text messages (NT1-NT4, TM1), the server's notices (SI1) and the
 * session's end (TB6), and hands each message from the engine to its part.
 */
import * as Comlink from 'comlink';
import type { PvRef } from '../contract/pv.ts';
import type {
  AlertView,
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
  EngineApi,
  EngineStats,
} from '../../workers/engineApi.ts';
import type {
  AlertCounts,
  AlertViewFrame,
  PvConfigResult,
  ServerInfoMessage,
  TabMessage,
} from '../../workers/engineProtocol.ts';
import type { Alert } from '../contract/alerts.ts';
import type { DashboardNote } from '../contract/dashboard.ts';
import type { TextMessage } from '../contract/actions.ts';
import type { ChartDirectory, ChartType } from '../contract/charts.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../domain/alarmPerformance.ts';
import { createRealTimers, type Timers } from '../domain/timers.ts';
import { DEFAULT_FLUSH_INTERVAL_MS } from '../../workers/flushInterval.ts';
import type { LeaseKind } from '../../workers/topics.ts';
import type { FeedName } from '../../workers/feeds/feeds.ts';
import type { EngineConnection } from './connectEngine.ts';
import { TabLiveStore } from './TabLiveStore.ts';
import { DataPathProbe } from './dataPathProbe.ts';
import { EngineLink, type EngineLinkOptions } from './engineLink.ts';
import { TabLeases } from './pvLeases.ts';
import { TabAlerts, type AlertViewHandle } from './alertViews.ts';
import { TabCharts } from './chartRequests.ts';

/** A component that re-mounts within this time keeps its keys subscribed (TB3). */
export const LEASE_RELEASE_GRACE_MS = 2_000;

export interface LiveClientOptions extends EngineLinkOptions {
  tabId?: string;
  timers?: Timers;
  releaseGraceMs?: number;
  flushIntervalMs?: number;
  /** Called once when the engine reports the session ended (401 or Unauthorized). */
  onSessionEnded?: () => void;
}

export class LiveClient {
  readonly store = new TabLiveStore();
  /** Data-path figures of this tab; the bench reads them as window.__pegelBench. */
  readonly probe = new DataPathProbe();
  readonly tabId: string;
  private readonly options: LiveClientOptions;
  private readonly link: EngineLink;
  private readonly leases: TabLeases;
  private readonly alerts: TabAlerts;
  private readonly charts: TabCharts;
  private flushIntervalMs: number | undefined;
  private sessionEnded = false;
  private nextViewId = 0;
  private readonly noteListeners = new Map<number, Set<(note: DashboardNote) => void>>();
  private readonly textMessageListeners = new Map<number, Set<(message: TextMessage) => void>>();
  private readonly serverInfoListeners = new Set<(message: ServerInfoMessage) => void>();

  constructor(connection: Promise<EngineConnection>, options: LiveClientOptions = {}) {
    this.options = options;
    const tabId = (this.tabId = options.tabId ?? crypto.randomUUID());
    const timers = options.timers ?? createRealTimers();
    this.flushIntervalMs = options.flushIntervalMs;
    this.link = new EngineLink(
      connection,
      {
        tabId,
        timers,
        flushIntervalMs: () => this.flushIntervalMs,
        receive: (message, inDraw) => this.receive(message, inDraw),
        applyAlertViews: (message) => this.alerts.applyViews(message),
        applyAlertCounts: (message) => this.alerts.applyCounts(message),
        engineLost: () => this.store.markEngineLost(),
        leaseAgain: (api) => this.leaseAgain(api),
      },
      options,
    );
    const start = () => this.link.start();
    const ask = <T>(call: (api: EngineApi) => Promise<T>) => this.link.ask(call);
    const nextViewId = (prefix: string) => `${prefix}${++this.nextViewId}`;
    this.leases = new TabLeases({
      tabId,
      timers,
      graceMs: options.releaseGraceMs ?? LEASE_RELEASE_GRACE_MS,
      start,
      leased: (kind) => {
        if (kind === 'pvValue') this.probe.markLease();
      },
      forget: (kind, key) => this.store.forget(kind, key),
    });
    this.alerts = new TabAlerts({ tabId, start, ask, nextViewId });
    this.charts = new TabCharts({
      tabId,
      start,
      ask,
      nextViewId,
      lease: (key) => this.leases.lease('pvValue', key),
    });
  }

  /** Registers the tab with the engine; idempotent. Every other call waits for it. */
  start(): Promise<EngineApi> {
    return this.link.start();
  }

  /** Leases one key for one user; the returned release is idempotent (TB2-TB4). */
  lease(kind: LeaseKind, key: string): () => void {
    return this.leases.lease(kind, key);
  }

  /** Leases each of `keys` for one user, with one release for all (TB2-TB4 as `lease`). */
  leaseAll(kind: LeaseKind, keys: readonly string[]): () => void {
    return this.leases.leaseAll(kind, keys);
  }

  /** Keys this tab leases now (grace period included), for tests and diagnostics. */
  leasedKeys(kind: LeaseKind): string[] {
    return this.leases.keys(kind);
  }

  /**
   * Leases an alert view in the engine; `onFrame` gets its window and totals. Call
   * `update` when sort, filter or the visible rows change; `release` when done.
   */
  watchAlertView(view: AlertView, onFrame: (frame: AlertViewFrame) => void): AlertViewHandle {
    return this.alerts.watchView(view, onFrame);
  }

  /** The banner's pending counts; the engine sends them while anyone here listens. */
  watchAlertCounts(listener: (counts: AlertCounts) => void): () => void {
    return this.alerts.watchCounts(listener);
  }

  /** Every row of a view, sorted and filtered, from the engine (CSV export). */
  alertRows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]> {
    return this.alerts.rows(view);
  }

  getPvConfigs(refs: PvRef[]): Promise<PvConfigResult[]> {
    return this.link.ask((api) => api.getPvConfigs(refs));
  }

  /** The engine's value-path counters (shared by every tab; the bench reads differences). */
  engineStats(): Promise<EngineStats> {
    return this.link.ask((api) => api.getEngineStats());
  }

  /** The tab's flush interval (ms): the one it asked for, else the engine's default. */
  flushInterval(): number {
    return this.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
  }

  async setFlushInterval(ms: number): Promise<void> {
    this.flushIntervalMs = ms;
    const api = await this.start();
    await api.setFlushInterval(this.tabId, ms);
  }

  chartDirectory(type: ChartType, reload = false): Promise<ChartDirectory> {
    return this.charts.directory(type, reload);
  }

  chartDefinition(chartId: number, reload = false): Promise<ChartDefinition> {
    return this.charts.definition(chartId, reload);
  }

  /** Chart data of a range from the engine's batch cache, reduced to the plot width. */
  chartData(request: ChartDataRequest): Promise<ChartDataAnswer> {
    return this.charts.data(request);
  }

  /**
   * Live series of these PVs for one chart view: leases their values and calls `onChange`
   * (at most every few hundred ms) when new points arrived. Returns an idempotent release.
   */
  watchLiveChart(pvs: readonly PvRef[], onChange: () => void): () => void {
    return this.charts.watchLive(pvs, onChange);
  }

  /**
   * The alarm-performance figures of a period from the engine (it reads and caches the alert
   * archive); `onProgress` hears how far the archive fetch is (AP5).
   */
  alarmPerformance(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    // A function crosses to a worker only as a proxy; in-process the marked function is itself.
    return this.link.ask((api) =>
      api.getAlarmPerformance(request, onProgress ? Comlink.proxy(onProgress) : undefined),
    );
  }

  dispose(): Promise<void> {
    return this.link.dispose(this.tabId);
  }

  /**
   * Listens to one dashboard note (SPEC §7 noteUpdate); the engine subscribes it while any
   * listener of any tab is there. The returned release is idempotent.
   */
  watchNote(id: number, listener: (note: DashboardNote) => void): () => void {
    return this.watchFeed(this.noteListeners, id, listener, 'notes');
  }

  /** Listens to one visualization text message (SPEC §7 newMessage) while it is shown. */
  watchTextMessage(id: number, listener: (message: TextMessage) => void): () => void {
    return this.watchFeed(this.textMessageListeners, id, listener, 'textMessages');
  }

  /** SPEC §7 sendServerInfoMessage: every notice the server sends while the tab is open. */
  onServerInfo(listener: (message: ServerInfoMessage) => void): () => void {
    this.serverInfoListeners.add(listener);
    return () => this.serverInfoListeners.delete(listener);
  }

  /** One lease per id for the tab however many listeners; released with the last one. */
  private watchFeed<T>(
    byId: Map<number, Set<(item: T) => void>>,
    id: number,
    listener: (item: T) => void,
    feed: FeedName,
  ): () => void {
    let listeners = byId.get(id);
    if (!listeners) {
      byId.set(id, (listeners = new Set()));
      void this.start().then((api) => api.leaseFeed(feed, this.tabId, [id]));
    }
    listeners.add(listener);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      listeners.delete(listener);
      if (listeners.size > 0 || byId.get(id) !== listeners) return;
      byId.delete(id);
      void this.start().then((api) => api.releaseFeed(feed, this.tabId, [id]));
    };
  }

  /** EL2: a new engine gets every lease, view and feed of this tab in one go. */
  private async leaseAgain(api: EngineApi): Promise<void> {
    const { tabId } = this;
    const calls = [...this.leases.leaseAgain(api), ...this.alerts.leaseAgain(api)];
    if (this.noteListeners.size > 0)
      calls.push(api.leaseFeed('notes', tabId, [...this.noteListeners.keys()]));
    if (this.textMessageListeners.size > 0)
      calls.push(api.leaseFeed('textMessages', tabId, [...this.textMessageListeners.keys()]));
    calls.push(...this.charts.leaseAgain(api));
    await Promise.allSettled(calls);
    // Chart views load their ranges again, now from the new engine's cache.
    this.charts.reloadAll();
  }

  /** `inDraw`: a frame applied in an animation frame (FrameGate), for the bench's probe. */
  private receive(message: TabMessage, inDraw = false): boolean {
    if (message.type === 'frame') {
      const startedAt = this.probe.begin();
      // The columns go into the store as numbers: no object per value (TabLiveStore).
      const shown = this.store.apply(message);
      this.probe.record(startedAt, message, inDraw);
      return shown;
    }
    if (message.type === 'note') {
      for (const listener of [...(this.noteListeners.get(message.note.id) ?? [])])
        listener(message.note);
      return true;
    }
    if (message.type === 'textMessage') {
      const { textMessage } = message;
      for (const listener of [...(this.textMessageListeners.get(textMessage.id) ?? [])])
        listener(textMessage);
      return true;
    }
    if (message.type === 'alerts') {
      this.alerts.applyViews(message);
      this.alerts.applyCounts(message);
      return true;
    }
    if (message.type === 'serverInfo') {
      for (const listener of [...this.serverInfoListeners]) listener(message);
      return true;
    }
    if (message.type === 'chartLive') {
      this.charts.applyLive(message.viewIds);
      return true;
    }
    // Only an explicit 'sessionEnded' ends the session: a message type this tab does not
    // know (a newer engine) must never sign the user out.
    if (message.type !== 'sessionEnded' || this.sessionEnded) return true;
    this.sessionEnded = true;
    this.options.onSessionEnded?.();
    return true;
  }
}
