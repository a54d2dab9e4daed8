/**
 * The engine's chart side (DESIGN.md "Charts", SPEC §4): configs loaded once and shared by
 * every tab, data batches per (chart or series set, data source) of which only the missing
 * ranges are fetched, live series appended from the value store, and answers reduced per
 * pixel column as transferable columns.
 *
 * CS1 A data request fetches only the ranges no done or loading batch covers; a range another
 *     request is loading is awaited, not fetched again (BC1).
 * CS2 Answers are reduced per pixel column (first, min, max, last; RD1) to the plot width.
 * CS3 A failed range answers 'error' with the message and is fetched again next time (BC4).
 * CS4 Live charts: the archive is cached up to a lag behind now; the tail before the live
 *     series begins is fetched uncached once, and the live series follow it (LS1).
 * CS5 Live series repeat the last value after 5 time units without an update (LS2), are
 *     trimmed keeping one point before the cut-off (LS3), and their watchers are told at most
 *     once per notify interval.
 * CS6 Configs and directories load once per key; a load while loading joins it (CL1).
 */
import type { ChartDirectory, ChartType } from '../../src/contract/charts.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { HOUR_MS, MINUTE_MS, type TimeRange } from '../../src/domain/timeUnits.ts';
import type { Timers, TimerHandle } from '../../src/domain/timers.ts';
import { batchKey, ChartBatchCache } from './batchCache.ts';
import type {
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
  ChartSeriesColumns,
  ChartTarget,
} from './chartProtocol.ts';
import type { ChartFetchers } from './chartRest.ts';
import { columnsBySeries, concatColumns, EMPTY_COLUMNS, type SeriesColumns } from './columns.ts';
import { KeyedLoader } from './configLoader.ts';
import { LiveSeries } from './liveSeries.ts';
import { reduceToPixels } from './reduce.ts';

/** Raw values reach the archive after its flush; the newest minutes are not cached. */
export const LIVE_ARCHIVE_LAG_MS = 2 * MINUTE_MS;
/** Live series are sampled per second: 5 s without an update repeat the last value. */
export const LIVE_TIME_UNIT_MS = 1000;
/** Watchers of a live series hear of new points at most this often. */
export const LIVE_NOTIFY_MS = 500;
/** Live series keep a day; live charts show an hour by default. */
export const LIVE_KEEP_MS = 24 * HOUR_MS;

export interface ChartServiceDeps {
  timers: Timers;
  fetchers: ChartFetchers;
  /** Tells a tab that live series of its views changed. */
  notify(tabId: string, viewIds: string[]): void;
  cache?: ChartBatchCache;
}

interface LiveEntry {
  series: LiveSeries;
  /** Watching views as `${tabId}\n${viewId}`. */
  views: Set<string>;
}

function targetKey(target: ChartTarget): string {
  if (target.kind === 'chart') return `chart:${target.chartId}`;
  return `series:${target.series.map((s) => `${s.seriesId}=${s.pv.type}-${s.pv.nr}-${s.pvSubtype}`).join(',')}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The number a chart draws for a live value; NaN (a gap) for bad quality or no number. */
export function chartNumber(value: PvValue): number {
  if (value.quality === 'Bad') return NaN;
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue ? 1 : 0;
  if (value.failureStateValue !== undefined) return value.failureStateValue ? 1 : 0;
  if (value.counterValue) return value.counterValue.value;
  if (value.runtimeValue) return value.runtimeValue.value;
  return NaN;
}

export class ChartService {
  readonly cache: ChartBatchCache;
  private readonly deps: ChartServiceDeps;
  private readonly directories: KeyedLoader<ChartDirectory>;
  private readonly definitions: KeyedLoader<ChartDefinition>;
  private readonly loading = new Map<string, Map<string, Promise<void>>>();
  private readonly dimensions = new Map<string, Map<string, string>>();
  private readonly tails = new Map<string, { start: number; data: Map<string, SeriesColumns> }>();
  private readonly live = new Map<string, LiveEntry>();
  private readonly views = new Map<string, string[]>();
  private readonly dirtyViews = new Map<string, Set<string>>();
  private notifyTimer: TimerHandle | null = null;
  private tickTimer: TimerHandle | null = null;
  /** Ranges fetched from the server since start, for tests and the bench. */
  fetchCount = 0;

  constructor(deps: ChartServiceDeps) {
    this.deps = deps;
    this.cache = deps.cache ?? new ChartBatchCache();
    this.directories = new KeyedLoader((type) => deps.fetchers.directory(type as ChartType));
    this.definitions = new KeyedLoader(async (key) => {
      const id = Number(key);
      const [config, series] = await Promise.all([
        deps.fetchers.config(id),
        deps.fetchers.series(id),
      ]);
      return { config, series: [...series].sort((a, b) => a.sortIndex - b.sortIndex) };
    });
  }

  /** CS6. */
  async directory(type: ChartType, force = false): Promise<ChartDirectory> {
    await this.directories.load(type, { force });
    return this.valueOf(this.directories, type);
  }

  /** CS6. */
  async definition(chartId: number, force = false): Promise<ChartDefinition> {
    await this.definitions.load(String(chartId), { force });
    return this.valueOf(this.definitions, String(chartId));
  }

  /** CS1-CS4. */
  async data(request: ChartDataRequest): Promise<ChartDataAnswer> {
    const key = batchKey(targetKey(request.target), request.source);
    const now = this.deps.timers.now();
    const range: TimeRange = { start: request.start, end: request.end };
    const isLive = (request.live?.length ?? 0) > 0;
    const cacheEnd = isLive
      ? Math.min(range.end, Math.floor((now - LIVE_ARCHIVE_LAG_MS) / MINUTE_MS) * MINUTE_MS)
      : range.end;
    const cached: TimeRange = { start: range.start, end: Math.max(range.start, cacheEnd) };
    const fetchedBefore = this.fetchCount;
    try {
      await this.ensure(key, request, cached);
      let columns = this.cache.read(key, cached);
      if (isLive && cacheEnd < range.end) {
        columns = await this.withTail(key, request, columns, cacheEnd);
      }
      return this.answer(key, request, columns, this.fetchCount - fetchedBefore);
    } catch (error) {
      return {
        state: 'error',
        error: messageOf(error),
        series: [],
        fetched: this.fetchCount - fetchedBefore,
        rawPoints: 0,
      };
    }
  }

  /** Starts (or replaces) the live series a chart view of a tab watches. */
  watchLive(
    tabId: string,
    viewId: string,
    keys: string[],
    current: (key: string) => PvValue | undefined,
  ): void {
    this.unwatchLive(tabId, viewId);
    const id = `${tabId}\n${viewId}`;
    this.views.set(id, keys);
    for (const key of keys) {
      let entry = this.live.get(key);
      if (!entry) {
        entry = { series: new LiveSeries({ timeUnitMs: LIVE_TIME_UNIT_MS }), views: new Set() };
        this.live.set(key, entry);
        const value = current(key);
        if (value) entry.series.append(value.timestamp, chartNumber(value));
      }
      entry.views.add(id);
    }
    this.startTicking();
  }

  unwatchLive(tabId: string, viewId: string): void {
    const id = `${tabId}\n${viewId}`;
    const keys = this.views.get(id);
    if (!keys) return;
    this.views.delete(id);
    for (const key of keys) {
      const entry = this.live.get(key);
      if (!entry) continue;
      entry.views.delete(id);
      if (entry.views.size === 0) this.live.delete(key);
    }
    this.dirtyViews.get(tabId)?.delete(viewId);
  }

  dropTab(tabId: string): void {
    for (const id of [...this.views.keys()]) {
      const [tab, view] = id.split('\n') as [string, string];
      if (tab === tabId) this.unwatchLive(tab, view);
    }
    this.dirtyViews.delete(tabId);
  }

  /** A value from the pv hub; appended when a live chart watches its key. */
  valueReceived(key: string, value: PvValue): void {
    const entry = this.live.get(key);
    if (!entry) return;
    if (entry.series.append(value.timestamp, chartNumber(value))) this.markDirty(entry);
  }

  /** Whether any live chart watches some key. */
  watchesAny(): boolean {
    return this.live.size > 0;
  }

  /** Whether any live chart watches this key (the engine keeps its values then). */
  watches(key: string): boolean {
    return this.live.has(key);
  }

  /** Points a live series holds, for tests. */
  liveLength(key: string): number {
    return this.live.get(key)?.series.length ?? 0;
  }

  private valueOf<V>(loader: KeyedLoader<V>, key: string): V {
    const state = loader.state(key);
    if (state.status === 'ready') return state.value;
    throw new Error(state.status === 'error' ? state.message : `${key} is not loaded`);
  }

  /** CS1, CS3: fetches the gaps of `range` and waits for ranges others are loading. */
  private async ensure(key: string, request: ChartDataRequest, range: TimeRange): Promise<void> {
    if (!(range.end > range.start)) return;
    const inFlight = this.loading.get(key) ?? new Map<string, Promise<void>>();
    this.loading.set(key, inFlight);
    for (const gap of this.cache.missingRanges(key, range)) {
      const id = `${gap.start}-${gap.end}`;
      this.fetchCount++;
      const promise = this.deps.fetchers.data(request.target, gap, request.source).then(
        (list) => {
          this.rememberDimensions(key, list);
          this.cache.complete(key, gap, columnsBySeries(list));
        },
        (error: unknown) => {
          this.cache.fail(key, gap, messageOf(error));
        },
      );
      const tracked = promise.finally(() => inFlight.delete(id));
      inFlight.set(id, tracked);
    }
    const overlapping = [...inFlight.entries()]
      .filter(([id]) => {
        const [a, b] = id.split('-').map(Number) as [number, number];
        return a < range.end && b > range.start;
      })
      .map(([, p]) => p);
    await Promise.all(overlapping);
    const failed = this.cache
      .batches(key)
      .find((b) => b.state === 'error' && b.start < range.end && b.end > range.start);
    if (failed) throw new Error(failed.error ?? 'chart data could not be loaded');
  }

  /** CS4: the uncached part between the cache and the live series. */
  private async withTail(
    key: string,
    request: ChartDataRequest,
    columns: Map<string, SeriesColumns>,
    cacheEnd: number,
  ): Promise<Map<string, SeriesColumns>> {
    const liveStart = Math.min(
      ...(request.live ?? []).map((l) => {
        return this.live.get(l.key)?.series.firstTime ?? Infinity;
      }),
    );
    let tail = this.tails.get(key);
    if (liveStart > cacheEnd && (!tail || tail.start > cacheEnd)) {
      const end = Math.max(cacheEnd + 1, Math.min(request.end, this.deps.timers.now()));
      this.fetchCount++;
      const list = await this.deps.fetchers.data(
        request.target,
        { start: cacheEnd, end },
        request.source,
      );
      this.rememberDimensions(key, list);
      tail = { start: cacheEnd, data: columnsBySeries(list) };
      this.tails.set(key, tail);
    }
    const out = new Map<string, SeriesColumns>();
    const ids = new Set([...columns.keys(), ...(tail?.data.keys() ?? [])]);
    for (const id of ids) {
      const a = columns.get(id) ?? EMPTY_COLUMNS;
      const b = tail?.data.get(id);
      out.set(id, b ? concatColumns(a, b) : a);
    }
    return out;
  }

  private answer(
    key: string,
    request: ChartDataRequest,
    columns: Map<string, SeriesColumns>,
    fetched: number,
  ): ChartDataAnswer {
    const liveKeyOf = new Map((request.live ?? []).map((l) => [l.seriesId, l.key]));
    const ids = new Set([...columns.keys(), ...liveKeyOf.keys()]);
    const dims = this.dimensions.get(key);
    const range = { start: request.start, end: request.end, width: request.width };
    let rawPoints = 0;
    const series: ChartSeriesColumns[] = [];
    for (const id of ids) {
      let c = columns.get(id) ?? EMPTY_COLUMNS;
      const liveKey = liveKeyOf.get(id);
      const live = liveKey ? this.live.get(liveKey)?.series : undefined;
      if (live) c = concatColumns(c, live.snapshotRange(request.start, request.end));
      rawPoints += c.times.length;
      const reduced = reduceToPixels(c.times, c.values, range);
      series.push({ seriesId: id, dimension: dims?.get(id) ?? '', ...reduced });
    }
    return { state: 'done', error: null, series, fetched, rawPoints };
  }

  private rememberDimensions(
    key: string,
    list: readonly { seriesId: string; dimension: string }[],
  ): void {
    const dims = this.dimensions.get(key) ?? new Map<string, string>();
    for (const d of list) dims.set(d.seriesId, d.dimension);
    this.dimensions.set(key, dims);
  }

  private markDirty(entry: LiveEntry): void {
    for (const id of entry.views) {
      const [tabId, viewId] = id.split('\n') as [string, string];
      const set = this.dirtyViews.get(tabId) ?? new Set<string>();
      set.add(viewId);
      this.dirtyViews.set(tabId, set);
    }
    if (this.notifyTimer !== null) return;
    this.notifyTimer = this.deps.timers.setTimeout(() => {
      this.notifyTimer = null;
      const dirty = [...this.dirtyViews];
      this.dirtyViews.clear();
      for (const [tabId, viewIds] of dirty) {
        if (viewIds.size > 0) this.deps.notify(tabId, [...viewIds]);
      }
    }, LIVE_NOTIFY_MS);
  }

  /** CS5: once per time unit while any live series is watched. */
  private startTicking(): void {
    if (this.tickTimer !== null) return;
    const tick = (): void => {
      this.tickTimer = null;
      if (this.live.size === 0) return;
      const now = this.deps.timers.now();
      for (const entry of this.live.values()) {
        entry.series.trimBefore(now - LIVE_KEEP_MS);
        if (entry.series.repeatIfStale(now)) this.markDirty(entry);
      }
      this.tickTimer = this.deps.timers.setTimeout(tick, LIVE_TIME_UNIT_MS);
    };
    this.tickTimer = this.deps.timers.setTimeout(tick, LIVE_TIME_UNIT_MS);
  }
}
