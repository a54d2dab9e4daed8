/**
 * The typed API a tab uses to reach the engine. `Engine` implements it in-process and
 * its Comlink proxy in a tab (`Comlink.Remote<EngineApi>`) implements it too (every method returns a promise and
 * takes plain data), so a tab does not care where the engine runs.
 */
import type { PvRef } from '../src/contract/pv.ts';
import type {
  AlertViewFrame,
  ConnectionStatus,
  PvConfigResult,
  TabMessage,
} from './engineProtocol.ts';
import type { LeaseKind } from './topics.ts';
import type { FeedName } from './feeds/feeds.ts';
import type { EngineStats } from './pvIngest.ts';
import type { Alert, AlertQuery } from '../src/contract/alerts.ts';
import type { AlertView } from './alerts/AlertFeed.ts';
import type { ChartDirectory, ChartType } from '../src/contract/charts.ts';
import type { ChartDataAnswer, ChartDataRequest, ChartDefinition } from './charts/chartProtocol.ts';
import type {
  AlarmPerformance,
  AlarmPerformanceProgress,
  AlarmPerformanceRequest,
} from '../src/domain/alarmPerformance.ts';

export type {
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
  ChartSeriesColumns,
  ChartTarget,
} from './charts/chartProtocol.ts';

export type { AlertView, AlertViewSource } from './alerts/AlertFeed.ts';

export type { LeaseKind } from './topics.ts';

export type { EngineStats } from './pvIngest.ts';

/**
 * Where a tab's frames go: a MessagePort (worker; move it with `Comlink.transfer`)
 * or a callback (in-process engine; `transfer` names the buffers a frame would move).
 */
export type FrameSink = MessagePort | ((message: TabMessage, transfer?: Transferable[]) => void);

export interface TabOptions {
  /** One frame per this many ms at most (DESIGN.md "Frames, not messages"). Default 50. */
  flushIntervalMs?: number;
  visible?: boolean;
  /**
   * The tab posts a FrameAck on its port for every frame it applied; the engine then keeps
   * at most one frame in flight to it (a port sink only).
   */
  acksFrames?: boolean;
}

/** Keys of each kind, as `lease` and `release` take them. */
export type LeaseBatch = [LeaseKind, string[]][];

export interface EngineApi {
  /**
   * Registers a tab. The tab must already hold the Web Lock `tabLockName(tabId)`: when the
   * engine is granted that lock, the tab is gone and its leases are released.
   */
  connect(tabId: string, sink: FrameSink, options?: TabOptions): Promise<void>;
  /** Releases every lease of the tab at once (page hide). Idempotent. */
  disconnect(tabId: string): Promise<void>;
  /** A hidden tab gets no frames; on becoming visible it gets one full frame. */
  setVisible(tabId: string, visible: boolean): Promise<void>;
  setFlushInterval(tabId: string, flushIntervalMs: number): Promise<void>;
  /** Leases keys of one kind (`pvKey`, `stationKey`, `SERVER_STATUS_KEY`). A tab holds at
   * most one lease per key; leasing again is a no-op. */
  lease(tabId: string, kind: LeaseKind, keys: string[]): Promise<void>;
  /** Idempotent: releasing a key the tab does not lease does nothing. */
  release(tabId: string, kind: LeaseKind, keys: string[]): Promise<void>;
  /**
   * TB4: the releases, then the leases, of one task of the tab, in one call. The engine takes
   * them in one task of its own, so the tab's next frame carries all of them: one call per
   * kind let the frame go out between two kinds, and the values then waited for the tab to
   * take that frame (FR7) while it was still busy with its first render.
   */
  changeLeases(tabId: string, releases: LeaseBatch, leases: LeaseBatch): Promise<void>;
  /** PV configs from the shared cache, fetched in batches (SPEC §7, 50 ms wait). One result
   * per ref, in order; a ref the server does not return is 'No value returned for {key}'. */
  getPvConfigs(refs: PvRef[]): Promise<PvConfigResult[]>;
  getConnectionStatus(): Promise<ConnectionStatus>;
  /**
   * The name of the Web Lock this engine holds while it lives (EL1, engineLock.ts), once it
   * holds it; null without Web Locks. A tab queued for it is granted it when the engine ends.
   */
  engineLock(): Promise<string | null>;
  /** Monotonic counters of the engine's value path (bench: values applied per second). */
  getEngineStats(): Promise<EngineStats>;
  /**
   * Leases or moves one alert view of the tab (live store or an archive query's store).
   * The tab then receives `alerts` messages with the view's window and totals.
   */
  setAlertView(tabId: string, viewId: string, view: AlertView): Promise<void>;
  /** Idempotent. */
  releaseAlertView(tabId: string, viewId: string): Promise<void>;
  /** Turns the banner's pending counts on or off for the tab. */
  setAlertCounts(tabId: string, on: boolean): Promise<void>;
  /**
   * Starts loading an archive range before any tab shows it: one message from a page's boot,
   * no registration needed (AV3f). A view of the same query within 30 s takes it. Given the
   * page's first view (of that query), answers its first frame once the range has rows, or
   * null (AV3i).
   */
  prefetchArchive(query: AlertQuery, view?: AlertView): Promise<AlertViewFrame | null>;
  /** Every row of a view, sorted and filtered (CSV export). */
  getAlertRows(view: Omit<AlertView, 'start' | 'count'>): Promise<Alert[]>;
  /**
   * Leases items of a keyed feed for the tab: dashboard notes (it then receives `note`
   * messages for them) or visualization text messages (`textMessage`).
   */
  leaseFeed(name: FeedName, tabId: string, ids: number[]): Promise<void>;
  /** Idempotent. */
  releaseFeed(name: FeedName, tabId: string, ids: number[]): Promise<void>;
  /** The chart directory of one type (SPEC §3), loaded once and shared by every tab. */
  getChartDirectory(type: ChartType, reload?: boolean): Promise<ChartDirectory>;
  /** A stored chart's config and series (sorted by sortIndex), loaded once per chart. */
  getChartDefinition(chartId: number, reload?: boolean): Promise<ChartDefinition>;
  /**
   * Data of a range, from the batch cache (only missing ranges are fetched), reduced per
   * pixel column; the columns arrive as transferred buffers.
   */
  getChartData(request: ChartDataRequest): Promise<ChartDataAnswer>;
  /**
   * Keeps live series of these PV keys for a chart view of the tab; the tab leases the keys
   * (pvValue) itself and gets `chartLive` messages when they got new points.
   */
  watchLiveChart(tabId: string, viewId: string, keys: string[]): Promise<void>;
  /** Idempotent. */
  releaseLiveChart(tabId: string, viewId: string): Promise<void>;
  /**
   * The ISA-18.2 / EEMUA 191 figures of a period (issue 46) from the alert archive, read in
   * cached pages; `onProgress` (a `Comlink.proxy` from a tab) hears how far the fetch is.
   */
  getAlarmPerformance(
    request: AlarmPerformanceRequest,
    onProgress?: (progress: AlarmPerformanceProgress) => void,
  ): Promise<AlarmPerformance>;
}
