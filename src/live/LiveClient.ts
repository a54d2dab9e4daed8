/**
 * The tab's side of the engine: one per tab. It registers the tab (holding the tab's Web
 * Lock, so the engine notices when the tab dies), counts leases per key across the tab's
 * components, sends them in one call per kind per microtask, and releases a key only
 * after a grace period, so scrolling a long list does not churn subscriptions. When the engine
 * itself ends (its worker closed or crashed), the tab notices through the engine's Web Lock,
 * marks what it shows as no longer live, starts a new engine and leases everything again
 * (workers/SPEC.md EL1-EL3).
 */
import * as Comlink from 'comlink';
import type { PvRef } from '../contract/pv.ts';
import type { EngineApi, EngineStats, TabOptions } from '../../workers/engineApi.ts';
import type {
  AlertCounts,
  AlertsMessage,
  AlertViewFrame,
  PvConfigResult,
  ServerInfoMessage,
  TabMessage,
  FrameAck,
} from '../../workers/engineProtocol.ts';
import type { Alert } from '../contract/alerts.ts';
import type { DashboardNote } from '../contract/dashboard.ts';
import type { TextMessage } from '../contract/actions.ts';
import type {
  AlertView,
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
} from '../../workers/engineApi.ts';
import type { ChartDirectory, ChartType } from '../contract/charts.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../domain/alarmPerformance.ts';
import { pvKey } from '../contract/keys.ts';
import { tabLockName } from '../../workers/tabLocks.ts';
import { whenEngineGone } from '../../workers/engineLock.ts';
import { createRealTimers, type TimerHandle, type Timers } from '../../workers/timers.ts';
import { DEFAULT_FLUSH_INTERVAL_MS } from '../../workers/flushInterval.ts';
import type { LeaseKind } from '../../workers/topics.ts';
import type { FeedName } from '../../workers/feeds/feeds.ts';
import type { EngineConnection } from './connectEngine.ts';
import { TabLiveStore } from './TabLiveStore.ts';
import { DataPathProbe } from './dataPathProbe.ts';
import {
  animationFrames,
  drawTogether,
  FrameGate,
  type DrawScope,
  type RequestFrame,
} from './frameGate.ts';

/** A component that re-mounts within this time keeps its keys subscribed. */
export const LEASE_RELEASE_GRACE_MS = 2_000;

export interface LiveClientOptions {
  tabId?: string;
  timers?: Timers;
  releaseGraceMs?: number;
  flushIntervalMs?: number;
  /** The tab's Web Locks; without them the engine relies on `dispose()`. */
  locks?: LockManager;
  /**
   * A new engine after the one of `connection` (or an earlier new one) ended (EL2). Without
   * it, or without Web Locks, a lost engine goes unnoticed.
   */
  reconnect?: (lostEngine: string) => Promise<EngineConnection>;
  /** Called once when the engine reports the session ended (401 or Unauthorized). */
  onSessionEnded?: () => void;
  /** Visibility source; defaults to `document`. */
  visibility?: { isVisible(): boolean; onChange(listener: () => void): () => void };
  /**
   * When a frame from a port is applied (FrameGate): the browser's animation frames by
   * default; null applies each frame as it arrives.
   */
  requestFrame?: RequestFrame | null;
  /**
   * How the frames applied in an animation frame run (`drawTogether`): React's flushSync, so
   * what they change renders and paints in that frame.
   */
  inDraw?: DrawScope;
}

interface KeyLease {
  count: number;
  releaseTimer: TimerHandle | null;
}

export class LiveClient {
  readonly store = new TabLiveStore();
  /** Data-path figures of this tab; the bench reads them as window.__pegelBench. */
  readonly probe = new DataPathProbe();
  readonly tabId: string;
  private connection: Promise<EngineConnection>;
  private readonly timers: Timers;
  private readonly releaseGraceMs: number;
  private readonly options: LiveClientOptions;
  private readonly leases = new Map<LeaseKind, Map<string, KeyLease>>();
  private readonly toLease = new Map<LeaseKind, Set<string>>();
  private readonly toRelease = new Map<LeaseKind, Set<string>>();
  private flushQueued = false;
  private started: Promise<EngineApi> | null = null;
  private sessionEnded = false;
  private disposed = false;
  /** What ends with the tab: its Web Lock. */
  private readonly cleanups: (() => void)[] = [];
  /** What ends with the current engine: its port, frame gates, the wait for its end. */
  private readonly engineCleanups: (() => void)[] = [];
  private tabLock: Promise<void> | null = null;
  /** Settles when the current engine is lost (EL2); a new one replaces it then. */
  private lost: Promise<void> = new Promise(() => undefined);
  private markLost: () => void = () => undefined;
  /** What the engine must be told again after a loss (EL2): views, live charts, interval. */
  private readonly alertViews = new Map<string, AlertView>();
  private readonly liveChartKeys = new Map<string, string[]>();
  private flushIntervalMs: number | undefined;
  private readonly alertViewListeners = new Map<string, (frame: AlertViewFrame) => void>();
  private readonly countListeners = new Set<(counts: AlertCounts) => void>();
  private lastCounts: AlertCounts | null = null;
  private nextViewId = 0;
  private readonly noteListeners = new Map<number, Set<(note: DashboardNote) => void>>();
  private readonly textMessageListeners = new Map<number, Set<(message: TextMessage) => void>>();
  private readonly chartLiveListeners = new Map<string, () => void>();
  private readonly serverInfoListeners = new Set<(message: ServerInfoMessage) => void>();

  constructor(connection: Promise<EngineConnection>, options: LiveClientOptions = {}) {
    this.connection = connection;
    this.options = options;
    this.tabId = options.tabId ?? crypto.randomUUID();
    this.timers = options.timers ?? createRealTimers();
    this.releaseGraceMs = options.releaseGraceMs ?? LEASE_RELEASE_GRACE_MS;
    this.flushIntervalMs = options.flushIntervalMs;
    this.armLoss();
  }

  /** Registers the tab with the engine; idempotent. Every other call waits for it. */
  start(): Promise<EngineApi> {
    this.started ??= this.register();
    return this.started;
  }

  /** Leases one key for one user; the returned release is idempotent. */
  lease(kind: LeaseKind, key: string): () => void {
    const byKey = this.leasesOf(kind);
    let lease = byKey.get(key);
    if (!lease) {
      if (kind === 'pvValue') this.probe.markLease();
      lease = { count: 0, releaseTimer: null };
      byKey.set(key, lease);
      this.queue(this.toLease, this.toRelease, kind, key);
    }
    lease.count++;
    if (lease.releaseTimer !== null) {
      this.timers.clearTimeout(lease.releaseTimer);
      lease.releaseTimer = null;
    }
    const held = lease;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held.count--;
      if (held.count > 0) return;
      held.releaseTimer = this.timers.setTimeout(() => {
        held.releaseTimer = null;
        if (held.count > 0) return;
        byKey.delete(key);
        this.store.forget(kind, key);
        this.queue(this.toRelease, this.toLease, kind, key);
      }, this.releaseGraceMs);
    };
  }

  /**
   * Leases an alert view in the engine; `onFrame` gets its window and totals. Call
   * `update` when sort, filter or the visible rows change; `release` when done.
   */
  watchAlertView(
    view: AlertView,
    onFrame: (frame: AlertViewFrame) => void,
  ): { update(view: AlertView): void; release(): void } {
    const viewId = `v${++this.nextViewId}`;
    this.alertViewListeners.set(viewId, onFrame);
    let released = false;
    const send = (v: AlertView) => {
      this.alertViews.set(viewId, v);
      void this.start().then((api) =>
        released ? undefined : api.setAlertView(this.tabId, viewId, v),
      );
    };
    send(view);
    return {
      update: (v) => {
        if (!released) send(v);
      },
      release: () => {
        if (released) return;
        released = true;
        this.alertViewListeners.delete(viewId);
        this.alertViews.delete(viewId);
        void this.start().then((api) => api.releaseAlertView(this.tabId, viewId));
      },
    };
  }

  /** The banner's pending counts; the engine sends them while anyone here listens. */
  watchAlertCounts(listener: (counts: AlertCounts) => void): () => void {
    this.countListeners.add(listener);
    if (this.lastCounts) listener(this.lastCounts);
    if (this.countListeners.size === 1)
      void this.start().then((api) => api.setAlertCounts(this.tabId, true));
    return () => {
      if (!this.countListeners.delete(listener)) return;
      if (this.countListeners.size === 0) {
        this.lastCounts = null;
        void this.start().then((api) => api.setAlertCounts(this.tabId, false));
      }
    };
  }

  /** Every row of a view, sorted and filtered, from the engine (CSV export). */
  alertRows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]> {
    return this.ask((api) => api.getAlertRows(view));
  }

  getPvConfigs(refs: PvRef[]): Promise<PvConfigResult[]> {
    return this.ask((api) => api.getPvConfigs(refs));
  }

  /** The engine's value-path counters (shared by every tab; the bench reads differences). */
  engineStats(): Promise<EngineStats> {
    return this.ask((api) => api.getEngineStats());
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
    return this.ask((api) => api.getChartDirectory(type, reload));
  }

  chartDefinition(chartId: number, reload = false): Promise<ChartDefinition> {
    return this.ask((api) => api.getChartDefinition(chartId, reload));
  }

  /** Chart data of a range from the engine's batch cache, reduced to the plot width. */
  chartData(request: ChartDataRequest): Promise<ChartDataAnswer> {
    return this.ask((api) => api.getChartData(request));
  }

  /**
   * The alarm-performance figures of a period from the engine (it reads and caches the alert
   * archive); `onProgress` hears how far the archive fetch is.
   */
  alarmPerformance(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    // A function crosses to a worker only as a proxy; in-process the marked function is itself.
    return this.ask((api) =>
      api.getAlarmPerformance(request, onProgress ? Comlink.proxy(onProgress) : undefined),
    );
  }

  /**
   * EL3: a call whose answer the tab waits for. Asked of an engine that is lost before it
   * answers (a dead worker never does), it is asked again of the new one.
   */
  private async ask<T>(call: (api: EngineApi) => Promise<T>): Promise<T> {
    for (;;) {
      const lost = this.lost;
      const api = await this.start();
      const answer = await Promise.race([
        call(api).then((value) => ({ value })),
        lost.then(() => null),
      ]);
      if (answer) return answer.value;
    }
  }

  /**
   * Live series of these PVs for one chart view: leases their values and calls `onChange`
   * (at most every few hundred ms) when new points arrived. Returns an idempotent release.
   */
  watchLiveChart(pvs: readonly PvRef[], onChange: () => void): () => void {
    const viewId = `c${++this.nextViewId}`;
    const keys = [...new Set(pvs.map(pvKey))];
    const releases = keys.map((key) => this.lease('pvValue', key));
    this.chartLiveListeners.set(viewId, onChange);
    this.liveChartKeys.set(viewId, keys);
    void this.start().then((api) => api.watchLiveChart(this.tabId, viewId, keys));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.chartLiveListeners.delete(viewId);
      this.liveChartKeys.delete(viewId);
      for (const release of releases) release();
      void this.start().then((api) => api.releaseLiveChart(this.tabId, viewId));
    };
  }

  /** Keys this tab leases now (grace period included), for tests and diagnostics. */
  leasedKeys(kind: LeaseKind): string[] {
    return [...this.leasesOf(kind).keys()];
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const cleanup of this.engineCleanups.splice(0)) cleanup();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (!this.started) return;
    const api = await this.started;
    await api.disconnect(this.tabId);
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

  private applyAlertViews(message: AlertsMessage): void {
    for (const [viewId, frame] of message.views) this.alertViewListeners.get(viewId)?.(frame);
  }

  private applyAlertCounts(message: AlertsMessage): void {
    if (!message.counts) return;
    this.lastCounts = message.counts;
    for (const listener of [...this.countListeners]) listener(message.counts);
  }

  private async register(): Promise<EngineApi> {
    const { api, mode } = await this.connection;
    // Held once for the tab's life: a new engine waits on the same lock (EL2).
    await (this.tabLock ??= this.holdTabLock());
    const visibility = this.options.visibility ?? documentVisibility();
    const tabOptions: TabOptions = {
      visible: visibility?.isVisible() ?? true,
      flushIntervalMs: this.flushIntervalMs,
    };
    const receive = (message: TabMessage) => void this.receive(message);
    if (mode === 'inProcess') {
      await api.connect(this.tabId, receive, tabOptions);
    } else {
      const channel = new MessageChannel();
      const ack: FrameAck = { type: 'frameAck' };
      const frameSource =
        this.options.requestFrame === undefined ? animationFrames() : this.options.requestFrame;
      // Both gates share one animation frame, applied in one scope (one render, FR7c).
      const requestFrame =
        frameSource && this.options.inDraw
          ? drawTogether(frameSource, this.options.inDraw)
          : frameSource;
      // Applied (or failed): the engine may send the next frame, one in flight at most.
      const frames = new FrameGate<TabMessage>(
        (message, inDraw) => this.receive(message, inDraw),
        () => channel.port1.postMessage(ack),
        requestFrame,
        this.timers,
      );
      // Alert lists follow the same rule without an ack (AV7); the banner's counts, which
      // sound the horn in a tab nobody looks at, are taken at once.
      const alertViews = new FrameGate<AlertsMessage>(
        (message) => this.applyAlertViews(message),
        () => undefined,
        requestFrame,
        this.timers,
      );
      channel.port1.onmessage = (event: MessageEvent<TabMessage>) => {
        const message = event.data;
        if (message.type === 'frame') frames.push(message);
        else if (message.type === 'alerts') {
          this.applyAlertCounts(message);
          if (message.views.length) alertViews.push(message);
        } else receive(message);
      };
      this.engineCleanups.push(() => {
        frames.dispose();
        alertViews.dispose();
      });
      await api.connect(this.tabId, Comlink.transfer(channel.port2, [channel.port2]), {
        ...tabOptions,
        acksFrames: true,
      });
      this.engineCleanups.push(() => channel.port1.close());
      this.watchEngine(api);
    }
    if (visibility) {
      this.engineCleanups.push(
        visibility.onChange(() => void api.setVisible(this.tabId, visibility.isVisible())),
      );
    }
    return api;
  }

  /**
   * EL1: queues for the Web Lock the engine holds while it lives; granted, the engine has
   * ended. A worker's port says nothing when its worker dies, so only this tells.
   */
  private watchEngine(api: EngineApi): void {
    const locks = this.options.locks ?? globalThis.navigator?.locks;
    if (!locks || !this.options.reconnect) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    this.engineCleanups.push(() => {
      stopped = true;
      stop?.();
    });
    void api.engineLock().then(
      (name) => {
        if (name && !stopped) stop = whenEngineGone(locks, name, () => this.engineLost(name));
      },
      () => undefined,
    );
  }

  /**
   * EL2: the engine ended. What the tab shows is no longer kept alive: every value turns
   * uncertain and the header says so. A new engine starts and gets everything this tab
   * leases (keys, alert views and counts, feeds, live charts), then the values flow again.
   */
  private engineLost(lockName: string): void {
    const reconnect = this.options.reconnect;
    if (this.disposed || !reconnect) return;
    for (const cleanup of this.engineCleanups.splice(0)) cleanup();
    this.markLost();
    this.armLoss();
    this.store.markEngineLost();
    this.connection = reconnect(lockName);
    this.started = this.register().then((api) => this.leaseAgain(api));
  }

  private armLoss(): void {
    this.lost = new Promise<void>((resolve) => (this.markLost = resolve));
  }

  /** EL2: a new engine gets every lease, view and feed of this tab in one go. */
  private async leaseAgain(api: EngineApi): Promise<EngineApi> {
    const { tabId } = this;
    const calls: Promise<unknown>[] = [];
    for (const [kind, byKey] of this.leases)
      if (byKey.size > 0) calls.push(api.lease(tabId, kind, [...byKey.keys()]));
    for (const [viewId, view] of this.alertViews) calls.push(api.setAlertView(tabId, viewId, view));
    if (this.countListeners.size > 0) calls.push(api.setAlertCounts(tabId, true));
    if (this.noteListeners.size > 0)
      calls.push(api.leaseFeed('notes', tabId, [...this.noteListeners.keys()]));
    if (this.textMessageListeners.size > 0)
      calls.push(api.leaseFeed('textMessages', tabId, [...this.textMessageListeners.keys()]));
    for (const [viewId, keys] of this.liveChartKeys)
      calls.push(api.watchLiveChart(tabId, viewId, keys));
    await Promise.allSettled(calls);
    // Chart views load their ranges again, now from the new engine's cache.
    for (const listener of [...this.chartLiveListeners.values()]) listener();
    return api;
  }

  /** Resolves once the tab holds its lock, which it keeps until the page goes. */
  private holdTabLock(): Promise<void> {
    const locks = this.options.locks ?? globalThis.navigator?.locks;
    if (!locks) return Promise.resolve();
    return new Promise<void>((held) => {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      this.cleanups.push(release);
      locks
        .request(tabLockName(this.tabId), () => {
          held();
          return released;
        })
        .catch(() => held());
    });
  }

  /** `inDraw`: a frame applied in an animation frame (FrameGate), for the bench's probe. */
  private receive(message: TabMessage, inDraw = false): boolean {
    if (message.type === 'frame') {
      const startedAt = performance.now();
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
      this.applyAlertViews(message);
      this.applyAlertCounts(message);
      return true;
    }
    if (message.type === 'serverInfo') {
      for (const listener of [...this.serverInfoListeners]) listener(message);
      return true;
    }
    if (message.type === 'chartLive') {
      for (const viewId of message.viewIds) this.chartLiveListeners.get(viewId)?.();
      return true;
    }
    // Only an explicit 'sessionEnded' ends the session: a message type this tab does not
    // know (a newer engine) must never sign the user out.
    if (message.type !== 'sessionEnded' || this.sessionEnded) return true;
    this.sessionEnded = true;
    this.options.onSessionEnded?.();
    return true;
  }

  /** SPEC §7 sendServerInfoMessage: every notice the server sends while the tab is open. */
  onServerInfo(listener: (message: ServerInfoMessage) => void): () => void {
    this.serverInfoListeners.add(listener);
    return () => this.serverInfoListeners.delete(listener);
  }

  private leasesOf(kind: LeaseKind): Map<string, KeyLease> {
    let byKey = this.leases.get(kind);
    if (!byKey) {
      byKey = new Map();
      this.leases.set(kind, byKey);
    }
    return byKey;
  }

  /** Adds to one queue unless the key waits in the opposite one: then both cancel out. */
  private queue(
    into: Map<LeaseKind, Set<string>>,
    opposite: Map<LeaseKind, Set<string>>,
    kind: LeaseKind,
    key: string,
  ): void {
    if (opposite.get(kind)?.delete(key)) return;
    let keys = into.get(kind);
    if (!keys) {
      keys = new Set();
      into.set(kind, keys);
    }
    keys.add(key);
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.flushQueued = false;
    const leases = takeAll(this.toLease);
    const releases = takeAll(this.toRelease);
    const api = await this.start();
    await Promise.all([
      ...releases.map(([kind, keys]) => api.release(this.tabId, kind, keys)),
      ...leases.map(([kind, keys]) => api.lease(this.tabId, kind, keys)),
    ]);
  }
}

function takeAll(queue: Map<LeaseKind, Set<string>>): [LeaseKind, string[]][] {
  const all = [...queue]
    .filter(([, keys]) => keys.size > 0)
    .map(([kind, keys]) => [kind, [...keys]] as [LeaseKind, string[]]);
  queue.clear();
  return all;
}

function documentVisibility(): LiveClientOptions['visibility'] {
  if (typeof document === 'undefined') return undefined;
  return {
    isVisible: () => document.visibilityState === 'visible',
    onChange(listener) {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}
