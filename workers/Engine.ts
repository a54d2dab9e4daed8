/**
 * The live-data engine (DESIGN.md "The live data path"): hub channels opened and closed
 * by leases, one server subscription per key however many tabs lease it, subscriptions
 * batched per tick, latest values in shared stores, one frame per tab per flush interval.
 * It runs in a SharedWorker, a dedicated Worker or in-process; all I/O is injected.
 * This class wires the parts: the tabs and their frames (tabRegistry.ts), the leases of keys
 * (keyLeases.ts, pvLeases.ts), stores and feeds, and the hub channels that route hub
 * messages to them (engineChannels.ts).
 */
import type { HubName } from '../src/contract/hubs.ts';
import { pvKey } from '../src/contract/keys.ts';
import type { PvRef } from '../src/contract/pv.ts';
import type { EngineApi, FrameSink, LeaseBatch, TabOptions } from './engineApi.ts';
import type { AlertViewFrame, ConnectionStatus, PvConfigResult } from './engineProtocol.ts';
import { EngineChannels } from './engineChannels.ts';
import { hubErrors, isUnauthorizedError } from './hubErrors.ts';
import type { HubTransportFactory } from './HubTransport.ts';
import { PvConfigCache, type PvConfigFetcher } from './PvConfigCache.ts';
import { PvValueStore } from './PvValueStore.ts';
import { PvIngest, type EngineStats } from './pvIngest.ts';
import type { RetryPolicy } from './retryPolicy.ts';
import { ServerStatusTracker } from './ServerStatusTracker.ts';
import { StationStore } from './StationStore.ts';
import { SubscriptionBatcher } from './SubscriptionBatcher.ts';
import { SubscriptionRegistry } from './SubscriptionRegistry.ts';
import { HubLeases } from './hubLeases.ts';
import { PvLeases } from './pvLeases.ts';
import { KeyLeases } from './keyLeases.ts';
import { TabRegistry } from './tabRegistry.ts';
import type { TabLockManager } from './tabLocks.ts';
import type { Timers } from '../src/domain/timers.ts';
import type { KeyKind, LeaseKind } from './topics.ts';
import type { Alert, AlertQuery } from '../src/contract/alerts.ts';
import { AlertFeed, type AlertArchiveFetcher, type AlertView } from './alerts/AlertFeed.ts';
import { FeedSet } from './feeds/FeedSet.ts';
import type { FeedName } from './feeds/feeds.ts';
import { DerivedAlarms } from './alerts/DerivedAlarms.ts';
import { pvAlarmStates, samePvAlarm, type PvAlarmState } from '../src/domain/pvAlarm.ts';
import type {
  StationAlarmState,
  stationAlarmStates as StationAlarmStates,
} from '../src/domain/stationAlarm.ts';
import { ItemTopicStore } from './topics/ItemTopicStore.ts';
import type { FeedItemsFetcher } from './restClient.ts';
import type { ChartDirectory, ChartType } from '../src/contract/charts.ts';
import type { ChartDataAnswer, ChartDataRequest, ChartDefinition } from './charts/chartProtocol.ts';
import type { ChartFetchers } from './charts/chartRest.ts';
import { LazyCharts } from './charts/LazyCharts.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../src/domain/alarmPerformance.ts';
import { LazyAlarmPerformance } from './alerts/LazyAlarmPerformance.ts';
import { PendingPlanCount, PLAN_COUNT_HOLDER } from './PendingPlanCount.ts';
import { listedPending, PENDING_REMOTE_ALARMS_KEY } from '../src/domain/pendingRemoteAlarms.ts';
import { toError } from './errors.ts';

/** The browser's online flag (navigator.onLine and the online/offline events). */
export interface OnlineSource {
  isOnline(): boolean;
  onChange(listener: (online: boolean) => void): void;
}

export interface EngineDeps {
  timers: Timers;
  transports: HubTransportFactory;
  fetchPvConfigs: PvConfigFetcher;
  /** GET /api/alerts for archive views; without it archive views end in 'error'. */
  fetchAlerts?: AlertArchiveFetcher;
  /** Current items of a keyed feed (notes, text messages), read again after a reconnect. */
  fetchFeedItems?: FeedItemsFetcher;
  locks: TabLockManager;
  policy?: RetryPolicy;
  channelCloseGraceMs?: number;
  online?: OnlineSource;
  onError?: (error: unknown) => void;
  /**
   * GET alarmplans as read (its JSON), for the count of remote alarms waiting; without it the
   * count fails with a message.
   */
  fetchPlanList?: () => Promise<unknown>;
  /** Chart REST calls; without them chart requests fail with a message. */
  chartFetchers?: ChartFetchers;
  /** The Web Lock this engine holds while it lives (engineLock.ts, EL1); none without. */
  lock?: Promise<string | null>;
}

export class Engine implements EngineApi {
  private readonly deps: EngineDeps;
  /** The tabs and their frames (tabRegistry.ts). */
  private readonly tabs: TabRegistry;
  /** Keys leased per tab, subscribed while leased (keyLeases.ts). */
  private readonly leases: KeyLeases;
  /** The hub channels, their restore and the routing of hub messages (engineChannels.ts). */
  private readonly hubs: EngineChannels;
  private readonly hubLeases = new HubLeases((hub) => this.hubs.channel(hub).acquire());
  private readonly registry = new SubscriptionRegistry();
  private readonly batcher: SubscriptionBatcher;
  private readonly values = new PvValueStore();
  /** PV value leases by store slot; the registry holds every other kind. */
  private readonly pv = new PvLeases(this.values, {
    added: (key) => this.leases.keyAdded('pvValue', key),
    removed: (key) => this.leases.keyRemoved('pvValue', key),
  });
  private readonly ingest = new PvIngest({
    values: this.values,
    applied: (slot, value) => {
      if (this.charts.watchesAny()) this.charts.valueReceived(value ?? this.values.getAt(slot)!);
      this.pv.changed(slot);
    },
  });
  private readonly stations = new StationStore();
  private readonly configs: PvConfigCache;
  private readonly status: ServerStatusTracker;
  private readonly alerts: AlertFeed;
  private readonly alarmPerformance: LazyAlarmPerformance;
  /** Keyed live topics (workers/topics/): alert state, limits, PV alarms ... */
  private readonly items: ItemTopicStore;
  private readonly pvAlarms: DerivedAlarms<PvAlarmState>;
  private readonly stationAlarms: DerivedAlarms<StationAlarmState>;
  /** Fetched with the first lease of a station's alarm state (worker budget, DESIGN.md). */
  private stationAlarmStates: typeof StationAlarmStates | null = null;
  /** The count of remote alarms waiting, from the plans it leases (PendingPlanCount.ts). */
  private readonly pendingPlans: PendingPlanCount;
  private readonly feeds: FeedSet;
  /** Chart data and live series: loaded with the first chart a tab opens (worker budget). */
  private readonly charts: LazyCharts;

  constructor(deps: EngineDeps) {
    this.deps = deps;
    // First: what is built next may tell the tabs (the status, alert views, charts).
    this.tabs = new TabRegistry({
      timers: deps.timers,
      locks: deps.locks,
      source: {
        pvValues: (slots) => this.values.collectSlots(slots),
        pvConfig: (key) => this.configs.get(key),
        station: (key) => this.stations.get(key),
        item: (kind, key) => this.items.get(kind, key),
        itemError: (kind, key) => this.items.error(kind, key),
        status: () => this.status.snapshot(),
      },
      stations: this.stations,
      registry: this.registry,
      gone: (tabId) => void this.disconnect(tabId),
    });
    this.charts = new LazyCharts({
      timers: deps.timers,
      fetchers: deps.chartFetchers,
      notify: (tabId, viewIds) => this.tabs.send(tabId, { type: 'chartLive', viewIds }),
    });
    const onError = deps.onError ?? ((error: unknown) => console.warn('[engine]', error));
    this.batcher = new SubscriptionBatcher({
      timers: deps.timers,
      keysOf: (kind) => (kind === 'pvValue' ? this.pv.keys() : this.registry.keysOf(kind)),
      channelOf: (hub) => this.hubs.get(hub),
      onError: (error, failed) => {
        onError(error);
        if (failed) this.items.subscribeFailed(failed.kind, failed.keys, error);
      },
    });
    this.configs = new PvConfigCache({
      timers: deps.timers,
      fetchConfigs: deps.fetchPvConfigs,
      onChange: (key) => this.changed('pvConfig', key),
      onFetchError: (error) => {
        if (isUnauthorizedError(error)) this.hubs.endSession();
      },
    });
    this.status = new ServerStatusTracker(() => this.tabs.statusChanged());
    if (deps.online) {
      this.status.setOnline(deps.online.isOnline());
      deps.online.onChange((online) => {
        this.status.setOnline(online);
        if (online) this.hubs.retryFaultedChannels();
      });
    }
    const fetchArchive: AlertArchiveFetcher =
      deps.fetchAlerts ?? (() => Promise.reject(new Error('No alert archive configured')));
    this.alerts = new AlertFeed({
      timers: deps.timers,
      acquireChannel: () => this.hubs.channel('alert').acquire(),
      invoke: async (method, ...args) => {
        const channel = this.hubs.get('alert');
        if (!channel) throw new Error('alert hub not open');
        return channel.invoke(method, ...args);
      },
      fetchArchive,
      send: (tabId, message) => this.tabs.send(tabId, message),
      onError,
      liveChanged: () => {
        this.pvAlarms.currentChanged();
        this.stationAlarms.currentChanged();
      },
    });
    this.alarmPerformance = new LazyAlarmPerformance({
      timers: deps.timers,
      fetchAlerts: fetchArchive,
      liveAlerts: () => this.alerts.liveAlerts(),
    });
    const dataReceived = () => this.status.dataReceived(this.deps.timers.now());
    this.items = new ItemTopicStore({
      leases: this.registry,
      changed: (kind, key) => this.changed(kind, key),
      dataReceived,
    });
    const fromCurrentList = {
      timers: deps.timers,
      currentAlerts: () => this.alerts.liveAlerts(),
      retainCurrent: () => this.alerts.retainLive(),
    };
    this.pvAlarms = new DerivedAlarms({
      ...fromCurrentList,
      derive: pvAlarmStates,
      same: samePvAlarm,
      put: (key, state) => this.items.put('pvAlarm', key, state),
    });
    this.stationAlarms = new DerivedAlarms({
      ...fromCurrentList,
      derive: (alerts) => this.stationAlarmStates?.(alerts) ?? new Map(),
      put: (key, state) => this.items.put('stationAlarm', key, state),
    });
    const fetchPlanList =
      deps.fetchPlanList ?? (() => Promise.reject(new Error('No plan list configured')));
    this.pendingPlans = new PendingPlanCount({
      timers: deps.timers,
      readList: async () => {
        const plans = await fetchPlanList();
        if (!Array.isArray(plans)) throw new Error('alarmplans: expected a list');
        return listedPending(plans);
      },
      leasePlans: (keys) => this.leases.hold(PLAN_COUNT_HOLDER, 'plan', keys),
      releasePlans: (keys) => this.leases.unhold(PLAN_COUNT_HOLDER, 'plan', keys),
      connected: () => this.hubs.get('pv')?.state === 'connected',
      plan: (key) => this.items.get('plan', key),
      put: (count) => this.items.put('pendingRemoteAlarms', PENDING_REMOTE_ALARMS_KEY, count),
      failed: (error, noCount) => {
        if (isUnauthorizedError(error)) return this.hubs.endSession();
        onError(error);
        if (noCount)
          this.items.fail(
            'pendingRemoteAlarms',
            [PENDING_REMOTE_ALARMS_KEY],
            toError(error).message,
          );
      },
    });
    this.feeds = new FeedSet({
      channel: (hub) => this.hubs.channel(hub),
      isConnected: (hub) => this.hubs.get(hub)?.state === 'connected',
      onChannelRestored: (listener) => this.onChannelRestored(listener),
      send: (tabId, message) => this.tabs.send(tabId, message),
      dataReceived,
      onError,
      fetchFeedItems: deps.fetchFeedItems,
    });
    this.leases = new KeyLeases({
      registry: this.registry,
      pv: this.pv,
      hubLeases: this.hubLeases,
      batcher: this.batcher,
      configs: this.configs,
      stations: this.stations,
      items: this.items,
      pvAlarms: this.pvAlarms,
      stationAlarms: this.stationAlarms,
      pendingPlans: this.pendingPlans,
    });
    // Last: every part above reaches the channels only through calls made later.
    this.hubs = new EngineChannels({
      timers: deps.timers,
      transports: deps.transports,
      policy: deps.policy,
      closeGraceMs: deps.channelCloseGraceMs,
      onError,
      status: this.status,
      tabs: this.tabs,
      registry: this.registry,
      batcher: this.batcher,
      items: this.items,
      alerts: this.alerts,
      ingest: this.ingest,
      configs: this.configs,
      stations: this.stations,
      changed: (kind, key, leasedAs) => this.changed(kind, key, leasedAs),
    });
    this.hubs.onChannelRestored((hub) => {
      if (hub === 'pv') this.pendingPlans.channelRestored();
    });
  }

  async connect(tabId: string, sink: FrameSink, options: TabOptions = {}): Promise<void> {
    await this.disconnect(tabId);
    // A new tab (often right after a new sign-in) should not wait out a 30 s backoff.
    this.hubs.retryFaultedChannels();
    const tab = this.tabs.add(tabId, sink, options);
    this.pv.attach(tab.coalescer);
  }

  async disconnect(tabId: string): Promise<void> {
    const tab = this.tabs.remove(tabId);
    if (!tab) return;
    this.leases.dropTab(tabId, tab.coalescer);
    this.alerts.dropTab(tabId);
    this.feeds.dropTab(tabId);
    this.charts.dropTab(tabId);
    tab.coalescer.dispose();
    tab.closeSink();
  }

  async setVisible(tabId: string, visible: boolean): Promise<void> {
    this.tabs.get(tabId)?.coalescer.setVisible(visible);
  }

  async setFlushInterval(tabId: string, flushIntervalMs: number): Promise<void> {
    this.tabs.get(tabId)?.coalescer.setFlushInterval(flushIntervalMs);
  }

  async lease(tabId: string, kind: LeaseKind, keys: string[]): Promise<void> {
    const tab = this.tabs.get(tabId);
    if (!tab) throw hubErrors.acquireFailed(tabId);
    if (kind === 'stationAlarm' && !this.stationAlarmStates)
      this.stationAlarmStates = (await import('../src/domain/stationAlarm.ts')).stationAlarmStates;
    return this.leases.lease(tabId, tab.coalescer, kind, keys);
  }

  async release(tabId: string, kind: LeaseKind, keys: string[]): Promise<void> {
    const tab = this.tabs.get(tabId);
    if (tab) this.leases.release(tabId, tab.coalescer, kind, keys);
  }

  async changeLeases(tabId: string, releases: LeaseBatch, leases: LeaseBatch): Promise<void> {
    // Each call marks its keys before its first await: the frame after this task has them all.
    await Promise.all([
      ...releases.map(([kind, keys]) => this.release(tabId, kind, keys)),
      ...leases.map(([kind, keys]) => this.lease(tabId, kind, keys)),
    ]);
  }

  async getPvConfigs(refs: PvRef[]): Promise<PvConfigResult[]> {
    const results = await Promise.all(refs.map((ref) => this.configs.request(ref)));
    for (const ref of refs) {
      const key = pvKey(ref);
      if (!this.registry.has('pvConfig', key)) this.configs.evict(key);
    }
    return results;
  }

  async engineLock(): Promise<string | null> {
    return this.deps.lock ?? null;
  }

  async getConnectionStatus(): Promise<ConnectionStatus> {
    return this.status.snapshot();
  }

  async setAlertView(tabId: string, viewId: string, view: AlertView): Promise<void> {
    if (!this.tabs.has(tabId)) throw hubErrors.acquireFailed(tabId);
    await this.alerts.setView(tabId, viewId, view);
  }

  async prefetchArchive(query: AlertQuery, view?: AlertView): Promise<AlertViewFrame | null> {
    return this.alerts.prefetchArchive(query, view);
  }

  async releaseAlertView(tabId: string, viewId: string): Promise<void> {
    this.alerts.releaseView(tabId, viewId);
  }

  async setAlertCounts(tabId: string, on: boolean): Promise<void> {
    if (!this.tabs.has(tabId)) throw hubErrors.acquireFailed(tabId);
    this.alerts.setCounts(tabId, on);
  }

  async getAlertRows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]> {
    return this.alerts.rows(view);
  }

  /** Told after a channel (re)connected and every leased key was subscribed again. */
  onChannelRestored(listener: (hub: HubName) => void): () => void {
    return this.hubs.onChannelRestored(listener);
  }

  /** For the bench: how many PV values the store holds and their column bytes. */
  get storeStats(): { pvValues: number; columnBytes: number } {
    return { pvValues: this.values.size, columnBytes: this.values.columnBytes };
  }

  async getEngineStats(): Promise<EngineStats> {
    return { ...this.ingest.stats(), pvValuesReplaced: this.pv.valuesReplaced };
  }

  /** Marks `key` dirty in every tab that leases it (as `leasedAs`: stationTime, FR9). */
  private changed(kind: KeyKind, key: string, leasedAs: KeyKind = kind): void {
    this.tabs.changed(kind, key, leasedAs);
    if (kind === 'plan') this.pendingPlans.planChanged(key);
  }

  // --- keyed feeds: dashboard notes and text messages (feeds/FeedSet.ts) ---

  async leaseFeed(name: FeedName, tabId: string, ids: number[]): Promise<void> {
    if (!this.tabs.has(tabId)) throw hubErrors.acquireFailed(tabId);
    await this.feeds.lease(name, tabId, ids);
  }

  async releaseFeed(name: FeedName, tabId: string, ids: number[]): Promise<void> {
    await this.feeds.release(name, tabId, ids);
  }

  async getChartDirectory(type: ChartType, reload = false): Promise<ChartDirectory> {
    return this.charts.directory(type, reload);
  }

  async getChartDefinition(chartId: number, reload = false): Promise<ChartDefinition> {
    return this.charts.definition(chartId, reload);
  }

  async getChartData(request: ChartDataRequest): Promise<ChartDataAnswer> {
    return this.charts.data(request);
  }

  async watchLiveChart(tabId: string, viewId: string, keys: string[]): Promise<void> {
    if (!this.tabs.has(tabId)) throw hubErrors.acquireFailed(tabId);
    await this.charts.watchLive(tabId, viewId, keys, (key) => this.values.get(key));
  }

  async releaseLiveChart(tabId: string, viewId: string): Promise<void> {
    this.charts.unwatchLive(tabId, viewId);
  }

  getAlarmPerformance(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance> {
    return this.alarmPerformance.compute(request, onProgress);
  }
}
