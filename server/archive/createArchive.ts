/**
 * The process-value archive of the reference server: a generated history per archived PV
 * (filled lazily on first use, or in the background, or eagerly), live values appended from
 * the plant, and range reads for the chart routes. Only PVs whose config says hasArchiveData
 * are archived.
 */
import type {
  ChartPoints,
  DataSourceType,
  SeriesMeasurementType,
} from '../../src/contract/charts.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvRef, PvValue } from '../../src/contract/pv.ts';
import type { ServerContext } from '../context.ts';
import type { Plant } from '../plant/types.ts';
import type { ArchiveKind } from './aggregate.ts';
import { archiveKindOf } from './archivedValue.ts';
import { ArchiveStore, TABLE_NAMES, type ArchiveTable } from './ArchiveStore.ts';
import { DEFAULT_FAILURES_PER_PUMP_HOUR } from '../plant/simulatedPlant.ts';
import { plantIncidents, type StationIncidents } from '../plant/incidents.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import { StationHistoryRun } from '../plant/stationHistory.ts';
import {
  DEFAULT_HISTORY_SPANS,
  anchoredCounter,
  fillHistory,
  fillModelHistory,
  historyPlan,
  type HistoryPlan,
  type HistorySpans,
  type RowCounts,
} from './historyFill.ts';
import { anchoredSignal, historySignal } from './historySignal.ts';
import { LiveArchive, type FlushResult, type LivePvResolver } from './LiveArchive.ts';
import { HistoryThread } from './historyThread.ts';
import { SliceQueue } from './sliceQueue.ts';
import { writeStationRows, type StationHistoryJob } from './stationHistoryJob.ts';

/** lazy: a PV's history is written on its first read; background: also one PV per tick. */
/**
 * When the generated history of a PV is written: on its first read, in the background, at the
 * start, or never (`none`: a field plant's archive holds only what its devices measured).
 */
export type HistoryFillMode = 'lazy' | 'background' | 'eager' | 'none';

export const ARCHIVE_FLUSH_INTERVAL_MS = 2_000;
/** Live raw samples written per second at most, over all PVs. */
export const ARCHIVE_MAX_SAMPLES_PER_SECOND = 1_000;
/** Raw values are kept a little longer than the longest raw range a query may ask for. */
export const RAW_RETENTION_DAYS = 35;
export const QUARTER_HOUR_RETENTION_DAYS = 400;
export const PRUNE_INTERVAL_MS = 3_600_000;

/** Above this many archived PVs (the load-mode plant) the history is only filled lazily. */
export const BACKGROUND_FILL_MAX_PVS = 5_000;

export const SOURCE_TABLE: Record<DataSourceType, ArchiveTable> = {
  MeasurementArchive: 'raw',
  QuarterHourValues: 'quarterHour',
  DayValues: 'day',
  MonthValues: 'month',
};

export interface ArchiveTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setImmediate(fn: () => void): unknown;
  clearImmediate(handle: unknown): void;
}

const REAL_TIMERS: ArchiveTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
  setImmediate: (fn) => setImmediate(fn),
  clearImmediate: (h) => clearImmediate(h as NodeJS.Immediate),
};

export interface ArchiveOptions {
  fill?: HistoryFillMode;
  spans?: HistorySpans;
  flushIntervalMs?: number;
  maxSamplesPerSecond?: number;
  timers?: ArchiveTimers;
  /** The simulator's tick: it sends values only on change (see LiveArchiveOptions). */
  holdTickMs?: number | null;
}

export interface ArchivedPv {
  ref: PvRef;
  config: PvConfig;
  id: number;
  kind: ArchiveKind;
}

export interface FillResult {
  pvs: number;
  rows: RowCounts;
  ms: number;
}

export class Archive {
  readonly historyEnd: number;
  private readonly plan: HistoryPlan;
  private readonly live: LiveArchive;
  private readonly known = new Map<string, ArchivedPv | null>();
  private readonly filled = new Set<number>();
  /** Per dial-up station not connected at the history's end: its last connection before. */
  private readonly measuredUntil = new Map<number, number>();
  /** Per station: does the plant run the catalogue's process model there (checked once)? */
  private readonly modelled = new Map<number, boolean>();
  /** What the seeded alert history holds, for the station models (built on first use). */
  private incidents: ReadonlyMap<number, StationIncidents> | null = null;
  /** PVs of fillSoon, by key until their history is written, and those not started, in order. */
  private readonly queued = new Set<string>();
  private readonly soon: PvRef[] = [];
  private soonRunning = false;
  /** Rows of SQLite the archive itself changed (histories, its PV register, live values). */
  private writes = 0;
  private totalChanges: (() => number) | null = null;
  private readonly stops: (() => void)[] = [];
  private readonly rowsWritten;
  private readonly appendSeconds;
  private readonly appendedValues;
  private readonly deferredSamples;
  private readonly fillSeconds;
  private closed = false;
  /** Computes station histories for reads off the event loop (prepareOffThread). */
  private readonly thread = new HistoryThread();
  /**
   * Every sliced job of the archive (the thread's rows, fillSoon, the background fill): one
   * slice per turn of the event loop over all of them.
   */
  private readonly slices: SliceQueue;
  /** Per station: the history job in flight, so a second read waits for it, not for a new one. */
  private readonly stationJobs = new Map<number, Promise<void>>();
  /** Live counts already added to the metrics. */
  private reported = { accepted: 0, deferred: 0 };

  constructor(
    private readonly ctx: ServerContext,
    private readonly plant: Plant,
    private readonly store: ArchiveStore,
    private readonly options: ArchiveOptions = {},
  ) {
    const timers = options.timers ?? REAL_TIMERS;
    this.slices = new SliceQueue((fn) => {
      timers.setImmediate(fn);
    });
    const stored = store.meta('history_end');
    const spans = options.spans ?? DEFAULT_HISTORY_SPANS;
    if (stored === null) {
      // The first start fixes where the generated history ends and live values begin.
      this.historyEnd = Math.floor(ctx.now() / spans.rawIntervalMs) * spans.rawIntervalMs;
      store.setMeta('history_end', String(this.historyEnd));
    } else {
      this.historyEnd = Number(stored);
    }
    this.plan = historyPlan(this.historyEnd, spans, ctx.config.plantTimeZone);
    // A dial-up station not connected at the history's end measured nothing the server
    // received since its last connection: its history ends there (kept for later starts,
    // whose stations have called in since).
    for (const station of plant.stations()) {
      if (!station.dialUp) continue;
      const key = `measured_until_${station.id}`;
      if (stored === null) {
        const live = plant.stationLive(station.id);
        const last = live?.lastConnection ?? null;
        if (live && live.dialState !== 'Connected' && last !== null && last < this.historyEnd)
          store.setMeta(key, String(last));
      }
      const until = store.meta(key);
      if (until !== null) this.measuredUntil.set(station.id, Number(until));
    }
    const flushMs = options.flushIntervalMs ?? ARCHIVE_FLUSH_INTERVAL_MS;
    const perSecond = options.maxSamplesPerSecond ?? ARCHIVE_MAX_SAMPLES_PER_SECOND;
    const resolver: LivePvResolver = {
      kindOf: (ref) => {
        const config = plant.config(ref);
        return config?.hasArchiveData ? archiveKindOf(config) : null;
      },
      idOf: (ref) => this.lookup(ref)!.id,
    };
    this.live = new LiveArchive(store, resolver, {
      historyEnd: this.historyEnd,
      rawIntervalMs: spans.rawIntervalMs,
      holdTickMs: options.holdTickMs ?? null,
      maxSamplesPerFlush: Math.max(1, Math.round((perSecond * flushMs) / 1000)),
      zone: ctx.config.plantTimeZone,
    });

    const m = ctx.metrics;
    this.rowsWritten = m.counter(
      'pegel_archive_rows_total',
      'Rows written to the archive by table',
      ['table'],
    );
    this.appendSeconds = m.counter(
      'pegel_archive_append_seconds_total',
      'Time spent writing live values to the archive',
    );
    this.appendedValues = m.counter(
      'pegel_archive_appended_values_total',
      'Live values of archived PVs taken into the archive (aggregates; raw samples are throttled)',
    );
    this.deferredSamples = m.counter(
      'pegel_archive_deferred_samples_total',
      'Raw samples postponed because the live append rate cap was reached',
    );
    this.fillSeconds = m.counter(
      'pegel_archive_history_fill_seconds_total',
      'Time spent generating archive history',
    );
    m.gauge('pegel_archive_history_filled_pvs', 'PVs whose archive history is filled', [], (set) =>
      set({}, this.filled.size),
    );
  }

  /**
   * Whether the plant sends values only on change (holdTickMs): a long step between raw values
   * is then a value that held, not a gap (server/charts/gaps.ts).
   */
  get holdsValues(): boolean {
    return Boolean(this.options.holdTickMs);
  }

  /** Subscribes to the plant and starts flushing (and filling, unless lazy). */
  start(): void {
    const timers = this.options.timers ?? REAL_TIMERS;
    // One transaction per tick: the first tick of a large plant creates a row per archived PV.
    const onValues = this.store.db.transaction((values: readonly PvValue[]) =>
      this.live.onValues(values),
    );
    this.stops.push(this.plant.on('values', (values) => this.own(() => onValues(values))));
    // A field device's values that a newer one replaced within the plant's batch, just before
    // that batch: the archive keeps every value measured, throttled as the live values are.
    this.stops.push(this.plant.on('samples', (values) => this.own(() => onValues(values))));
    // Late values (a field device's buffer after an outage) land at their own time, at once.
    const onHistory = this.store.db.transaction((values: readonly PvValue[]) =>
      this.live.onHistory(values),
    );
    this.stops.push(
      this.plant.on('history', (values) => this.count(this.own(() => onHistory(values)))),
    );
    if (this.options.holdTickMs) {
      // A plant that sends values only on change: its values now are the first ones held, so
      // a flow that stays 0 after the start counts from there on.
      const now: PvValue[] = [];
      for (const ref of this.plant.pvRefs()) {
        const value = this.plant.valueByKey(pvKey(ref));
        if (value && value.timestamp >= this.historyEnd) now.push(value);
      }
      this.own(() => onValues(now));
    }
    const handle = timers.setInterval(
      () => this.flush(),
      this.options.flushIntervalMs ?? ARCHIVE_FLUSH_INTERVAL_MS,
    );
    this.stops.push(() => timers.clearInterval(handle));
    const pruning = timers.setInterval(() => this.prune(), PRUNE_INTERVAL_MS);
    this.stops.push(() => timers.clearInterval(pruning));
    const mode = this.options.fill ?? 'lazy';
    if (mode === 'eager') this.fillAll();
    if (mode === 'background') this.fillInBackground();
  }

  /** The archived PV, its history filled; null when the PV is unknown or not archived. */
  pv(ref: PvRef): ArchivedPv | null {
    const pv = this.lookup(ref);
    if (pv && this.options.fill !== 'none' && !this.filled.has(pv.id)) this.fill(pv);
    return pv;
  }

  /**
   * Fills the history of several PVs at once: the PVs of one simulated station share a single
   * run of its model (a report's columns, a basin's level and overflow), instead of one run each.
   */
  prepare(refs: readonly PvRef[]): void {
    if (this.options.fill === 'none') return;
    const byStation = this.unfilledByStation(refs);
    for (const pvs of byStation.values()) {
      const run = this.modelledStation(pvs[0]!);
      if (run) this.fillStation(run, new Set(pvs.map((pv) => pvKey(pv.ref))));
      else for (const pv of pvs) if (!this.filled.has(pv.id)) this.fill(pv);
    }
  }

  /**
   * Fills the history of these PVs without holding the event loop (issue 58 item 5): a
   * simulated station's model runs in the history thread and its rows are written in slices,
   * a turn of the loop between them. A read awaits this, then reads as before (pv() and
   * prepare() find the PVs filled). PVs of other plants are left to prepare(): their generated
   * signals cost a fraction of a model run.
   */
  async prepareOffThread(refs: readonly PvRef[]): Promise<void> {
    if (this.options.fill === 'none' || this.closed) return;
    const byStation = this.unfilledByStation(refs);
    const waits: Promise<void>[] = [];
    for (const [nr, pvs] of byStation) {
      if (!this.isModelled(pvs[0]!)) continue;
      const before = this.stationJobs.get(nr) ?? Promise.resolve();
      const job = before.then(() => this.fillStationOffThread(nr, pvs));
      this.stationJobs.set(nr, job);
      void job.finally(() => {
        if (this.stationJobs.get(nr) === job) this.stationJobs.delete(nr);
      });
      waits.push(job);
    }
    await Promise.all(waits);
  }

  /** The PVs of these refs whose history is not filled yet, by station. */
  private unfilledByStation(refs: readonly PvRef[]): Map<number, ArchivedPv[]> {
    const byStation = new Map<number, ArchivedPv[]>();
    for (const ref of refs) {
      const pv = this.lookup(ref);
      if (!pv || this.filled.has(pv.id)) continue;
      const list = byStation.get(pv.config.stationNumber);
      if (list) list.push(pv);
      else byStation.set(pv.config.stationNumber, [pv]);
    }
    return byStation;
  }

  /** History jobs the thread answered (tests: a read was served from the thread). */
  get threadJobs(): number {
    return this.thread.jobsDone;
  }

  private async fillStationOffThread(nr: number, wanted: readonly ArchivedPv[]): Promise<void> {
    const pvs = wanted.filter((pv) => !this.filled.has(pv.id));
    if (pvs.length === 0 || this.closed) return;
    const started = performance.now();
    const counters = pvs.map((pv) => pv.kind === 'counter');
    const job: StationHistoryJob = {
      station: nr,
      seed: this.ctx.config.seed,
      startTime: this.plan.days[0] ?? this.historyEnd,
      failuresPerPumpHour:
        this.ctx.config.plantFailuresPerPumpHour ?? DEFAULT_FAILURES_PER_PUMP_HOUR,
      incidents: {
        seed: this.ctx.config.seed,
        anchorMs: this.historyEnd,
        days: this.ctx.config.historyDays,
        findings: this.ctx.config.historyFindings,
      },
      plan: this.plan,
      keys: pvs.map((pv) => pvKey(pv.ref)),
      counters,
      until: this.measuredUntil.get(nr) ?? Infinity,
    };
    let rows;
    try {
      rows = await this.thread.run(job);
    } catch (error) {
      // No thread (closed, or it failed): the read still gets its history, in line.
      if (this.closed) return;
      console.warn(`history thread: ${String(error)}; station ${nr} is filled in line`);
      this.prepare(pvs.map((pv) => pv.ref));
      return;
    }
    if (this.closed) return;
    // A PV a synchronous read filled meanwhile keeps those rows (the same ones).
    const ids = pvs.map((pv) => (this.filled.has(pv.id) ? -1 : pv.id));
    const writer = writeStationRows(this.store, rows, ids, counters, (i, last) => {
      const anchor = this.valueAtHistoryEnd(pvs[i]!);
      return anchor === null || last === null ? 0 : anchor - last;
    });
    let done = false;
    const slice = this.store.db.transaction(() => {
      done = writer.next().done === true;
      if (done) for (const id of ids) if (id >= 0) this.store.setHistoryFilled(id);
    });
    // One slice per turn of the loop over every station being written (sliceQueue.ts).
    await this.slices.run(() => {
      if (this.closed) return true;
      this.own(() => slice());
      return done;
    });
    if (this.closed) return;
    for (const id of ids) if (id >= 0) this.filled.add(id);
    this.count({ samples: rows.rows.raw, aggregates: rows.rows });
    this.fillSeconds.inc({}, (performance.now() - started) / 1000);
  }

  /** Values of one PV in [start, end), ascending; for aggregates t is the period start. */
  points(
    pv: ArchivedPv,
    source: DataSourceType,
    type: SeriesMeasurementType,
    start: number,
    end: number,
  ): ChartPoints {
    const table = SOURCE_TABLE[source];
    return table === 'raw'
      ? this.store.readRaw(pv.id, start, end)
      : this.store.readAggregate(table, pv.kind, type, pv.id, start, end);
  }

  /**
   * The PV's archived reading at `t`: the last raw value at or before it, else the reading at
   * the end of the quarter hour (then day) before it; null when the archive has none.
   */
  valueAt(ref: PvRef, t: number): number | null {
    const pv = this.pv(ref);
    if (!pv) return null;
    const last = (points: ChartPoints): number | null => {
      for (let i = points.v.length - 1; i >= 0; i--) {
        const v = points.v[i];
        if (typeof v === 'number' && Number.isFinite(v)) return v;
      }
      return null;
    };
    return (
      last(this.store.readRaw(pv.id, t - 86_400_000, t + 1)) ??
      last(this.points(pv, 'QuarterHourValues', 'Aktuell', t - 2 * 86_400_000, t - 900_000 + 1)) ??
      last(this.points(pv, 'DayValues', 'Aktuell', t - 40 * 86_400_000, t - 86_400_000 + 1))
    );
  }

  /** Earliest (first) or latest (last) timestamp over the PVs; 0 when none has data. */
  edgeDate(refs: readonly PvRef[], source: DataSourceType, which: 'first' | 'last'): number {
    let best: number | null = null;
    for (const ref of refs) {
      const pv = this.pv(ref);
      if (!pv) continue;
      const t = this.store.edge(SOURCE_TABLE[source], which, pv.id);
      if (t === null) continue;
      if (best === null || (which === 'first' ? t < best : t > best)) best = t;
    }
    return best ?? 0;
  }

  /** Fills the history of every archived PV now (first start, timing script). */
  fillAll(): FillResult {
    const started = performance.now();
    const rows: RowCounts = { raw: 0, quarterHour: 0, day: 0, month: 0 };
    let pvs = 0;
    for (const ref of this.plant.pvRefs()) {
      const pv = this.lookup(ref);
      if (!pv || this.filled.has(pv.id)) continue;
      const r = this.fill(pv, true);
      pvs++;
      for (const k of Object.keys(rows) as ArchiveTable[]) rows[k] += r[k];
    }
    return { pvs, rows, ms: performance.now() - started };
  }

  /** Writes queued live values (also called by the flush timer). */
  flush(): void {
    const started = performance.now();
    this.count(this.own(() => this.live.flush()));
    this.appendedValues.inc({}, this.live.acceptedValues - this.reported.accepted);
    this.deferredSamples.inc({}, this.live.deferredSamples - this.reported.deferred);
    this.reported = { accepted: this.live.acceptedValues, deferred: this.live.deferredSamples };
    this.appendSeconds.inc({}, (performance.now() - started) / 1000);
  }

  /** Drops raw values and quarter hours older than their retention. Returns rows deleted. */
  prune(): number {
    const now = this.ctx.now();
    return this.own(
      () =>
        this.store.prune('raw', now - RAW_RETENTION_DAYS * 86_400_000) +
        this.store.prune('quarterHour', now - QUARTER_HOUR_RETENTION_DAYS * 86_400_000),
    );
  }

  /** Stops listening and timers and writes every pending aggregate. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const stop of this.stops.splice(0)) stop();
    void this.thread.close();
    this.count(this.live.flushAll());
  }

  private count(r: FlushResult): void {
    const rows: RowCounts = { raw: r.samples, ...r.aggregates };
    for (const table of Object.keys(rows) as ArchiveTable[]) {
      if (rows[table]) this.rowsWritten.inc({ table: TABLE_NAMES[table] }, rows[table]);
    }
  }

  private lookup(ref: PvRef): ArchivedPv | null {
    const key = pvKey(ref);
    let pv = this.known.get(key);
    if (pv === undefined) {
      const config = this.plant.config(ref);
      if (config?.hasArchiveData) {
        const kind = archiveKindOf(config);
        const row = this.own(() => this.store.pv(key, kind));
        if (row.historyFilled) this.filled.add(row.id);
        pv = { ref: config.pvRef, config, id: row.id, kind: row.kind };
      } else {
        pv = null;
      }
      this.known.set(key, pv);
    }
    return pv;
  }

  /**
   * Writes a PV's history. A simulated station's PV comes from a run of the station's model:
   * for it alone (a lazy read: a run is cheap, writing every PV of the station is not) or,
   * `wholeStation`, for every archived PV of the station in the same run (eager, background).
   */
  private fill(pv: ArchivedPv, wholeStation = false): RowCounts {
    const station = this.modelledStation(pv);
    if (station) return this.fillStation(station, wholeStation ? null : new Set([pvKey(pv.ref)]));
    const started = performance.now();
    const generated = historySignal(pv.config, pv.kind, this.ctx.config.seed);
    const anchor = this.valueAtHistoryEnd(pv);
    const signal =
      anchor === null
        ? generated
        : pv.kind === 'counter'
          ? anchoredCounter(generated, this.plan, anchor)
          : anchoredSignal(generated, pv.config, this.historyEnd, anchor);
    let rows: RowCounts = { raw: 0, quarterHour: 0, day: 0, month: 0 };
    this.own(() =>
      this.store.db.transaction(() => {
        rows = fillHistory(
          this.store,
          pv.id,
          signal,
          this.plan,
          this.measuredUntil.get(pv.config.stationNumber) ?? Infinity,
        );
        this.store.setHistoryFilled(pv.id);
      })(),
    );
    this.filled.add(pv.id);
    this.count({ samples: rows.raw, aggregates: rows });
    this.fillSeconds.inc({}, (performance.now() - started) / 1000);
    return rows;
  }

  /**
   * A new run of the station's process model, when the plant's PVs of the station are the
   * model's (the simulated plant); null for any other plant (a test's, the load mode's).
   */
  private modelledStation(pv: ArchivedPv): StationHistoryRun | null {
    const nr = pv.config.stationNumber;
    const known = this.modelled.get(nr);
    if (known === false) return null;
    const def = STATION_CATALOG.find((s) => s.nr === nr);
    if (!def) {
      this.modelled.set(nr, false);
      return null;
    }
    // The findings of the alert history (incidents.ts) happen in the station's model too:
    // pumps off and no flow while the mains are away. Same seed and end as the alert seed.
    this.incidents ??= plantIncidents({
      seed: this.ctx.config.seed,
      anchorMs: this.historyEnd,
      days: this.ctx.config.historyDays,
      findings: this.ctx.config.historyFindings,
    }).stations;
    const run = new StationHistoryRun(
      def,
      this.ctx.config.seed,
      this.plan.days[0] ?? this.historyEnd,
      this.ctx.config.plantFailuresPerPumpHour ?? DEFAULT_FAILURES_PER_PUMP_HOUR,
      this.incidents,
    );
    if (known === undefined) {
      const same =
        run.pvs.some((h) => h.key === pvKey(pv.ref)) &&
        run.pvs.every((h) => {
          const c = this.plant.config(h.ref);
          return c?.hasArchiveData === true && c.name === h.name;
        });
      this.modelled.set(nr, same);
      if (!same) return null;
    }
    return run;
  }

  /** Writes the history of a modelled station's PVs (`only`, else all) in one run of its model. */
  private fillStation(run: StationHistoryRun, only: ReadonlySet<string> | null): RowCounts {
    const started = performance.now();
    // A PV filled before (an older database) keeps its history.
    const pvs = run.pvs
      .filter((h) => only === null || only.has(h.key))
      .map((h) => ({ h, pv: this.lookup(h.ref)! }))
      .filter(({ pv }) => !this.filled.has(pv.id))
      .map(({ h, pv }) => ({ id: pv.id, counter: pv.kind === 'counter', read: h.read, pv }));
    let rows: RowCounts = { raw: 0, quarterHour: 0, day: 0, month: 0 };
    this.own(() =>
      this.store.db.transaction(() => {
        rows = fillModelHistory(
          this.store,
          pvs,
          run,
          this.plan,
          (p, lastReading) => {
            // The counter's history ends at the plant's reading; its increments stay the model's.
            const anchor = this.valueAtHistoryEnd((p as (typeof pvs)[number]).pv);
            return anchor === null || lastReading === null ? 0 : anchor - lastReading;
          },
          this.measuredUntil.get(run.model.def.nr) ?? Infinity,
        );
        for (const p of pvs) this.store.setHistoryFilled(p.id);
      })(),
    );
    for (const p of pvs) this.filled.add(p.id);
    this.count({ samples: rows.raw, aggregates: rows });
    this.fillSeconds.inc({}, (performance.now() - started) / 1000);
    return rows;
  }

  /**
   * Where the history must end so a trend runs on into the live archive without a jump: the
   * first live sample after the history's end, or (none recorded yet) the plant's value now.
   */
  private valueAtHistoryEnd(pv: ArchivedPv): number | null {
    const first = this.store.readRaw(pv.id, this.historyEnd, this.historyEnd + 86_400_000);
    for (let i = 0; i < first.v.length; i++) {
      const v = first.v[i];
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
    const live = this.plant.valueByKey(pvKey(pv.ref));
    if (!live) return null;
    return live.doubleValue ?? live.counterValue?.value ?? live.runtimeValue?.value ?? null;
  }

  /** Whether the PV's generated history is written (reads of it cost no fill). */
  hasHistory(ref: PvRef): boolean {
    const pv = this.lookup(ref);
    return pv !== null && this.filled.has(pv.id);
  }

  /**
   * Rows of SQLite the archive changed itself, in the background or for a read: a refused
   * request's own writes are SQLite's changes less these (tests/integration/hostile).
   */
  ownWrites(): number {
    return this.writes;
  }

  /** Runs `write` and counts the rows of SQLite it changed as the archive's own. */
  private own<T>(write: () => T): T {
    if (!this.totalChanges) {
      const statement = this.store.db.prepare('SELECT total_changes()').pluck();
      this.totalChanges = () => statement.get() as number;
    }
    const before = this.totalChanges();
    try {
      return write();
    } finally {
      this.writes += this.totalChanges() - before;
    }
  }

  /** Whether histories queued by fillSoon are still being written. */
  fillsPending(): boolean {
    return this.queued.size > 0;
  }

  /**
   * Fills the history of these PVs soon, a station a slice of the archive's slice queue, so a
   * request that needs many of them does not stop the server for seconds (a view asks again
   * later). A simulated station's model runs in the history thread, as for a read.
   */
  fillSoon(refs: readonly PvRef[]): void {
    const pending = refs.filter((ref) => !this.hasHistory(ref) && !this.queued.has(pvKey(ref)));
    if (pending.length === 0 || this.closed) return;
    for (const ref of pending) this.queued.add(pvKey(ref));
    this.soon.push(...pending);
    if (this.soonRunning) return;
    this.soonRunning = true;
    void this.sliced(async () => {
      try {
        while (this.soon.length > 0 && !this.closed) await this.slices.run(this.soonSlice);
      } finally {
        this.soonRunning = false;
      }
    });
  }

  /**
   * One station of fillSoon's queue: the PVs queued for it (a maintenance overview asks for each
   * machine's runtimes one by one) share one run of its model, as prepare() does for a read.
   * Each slice is a job of its own at the queue's end: reads' rows queued meanwhile go first.
   */
  private readonly soonSlice = (): boolean => {
    const first = this.soon.shift();
    if (!first || this.closed) return true;
    const station = this.lookup(first)?.config.stationNumber;
    const group = [first];
    for (let i = this.soon.length - 1; i >= 0; i--) {
      const ref = this.soon[i]!;
      if (this.lookup(ref)?.config.stationNumber === station) group.push(...this.soon.splice(i, 1));
    }
    const done = () => {
      for (const ref of group) this.queued.delete(pvKey(ref));
    };
    const pv = this.lookup(first);
    if (pv && this.isModelled(pv))
      void this.sliced(() => this.prepareOffThread(group).finally(done));
    else {
      done();
      this.prepare(group);
    }
    return true;
  };

  /**
   * The background fill: one PV's history a slice, a job of its own at the queue's end each, so
   * it only ever waits behind reads; a simulated station's PVs all at once in the history thread.
   */
  private fillInBackground(): void {
    const pending = this.plant.pvRefs().filter((ref) => {
      const pv = this.lookup(ref);
      return pv !== null && !this.filled.has(pv.id);
    });
    if (pending.length > BACKGROUND_FILL_MAX_PVS) return;
    let i = 0;
    let offThread: Promise<void> | null = null;
    const slice = (): boolean => {
      while (i < pending.length && !this.closed) {
        const pv = this.lookup(pending[i++]!);
        if (!pv || this.filled.has(pv.id)) continue;
        if (this.isModelled(pv)) {
          const nr = pv.config.stationNumber;
          offThread = this.prepareOffThread(
            pending.filter((ref) => this.lookup(ref)?.config.stationNumber === nr),
          );
        } else this.fill(pv, true);
        break;
      }
      return true;
    };
    void this.sliced(async () => {
      while (i < pending.length && !this.closed) {
        await this.slices.run(slice);
        if (offThread) await offThread;
        offThread = null;
      }
    });
  }

  /** Runs sliced work whose failure nobody awaits: a write that failed is logged. */
  private async sliced(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!this.closed) console.warn(`archive history fill: ${String(error)}`);
    }
  }

  /** Whether the PV's station runs the catalogue's process model (asked once per station). */
  private isModelled(pv: ArchivedPv): boolean {
    return this.modelled.get(pv.config.stationNumber) ?? this.modelledStation(pv) !== null;
  }
}

/** Builds the archive over the server's database and starts appending the plant's values. */
export function createArchive(
  ctx: ServerContext,
  plant: Plant,
  options: ArchiveOptions = {},
): Archive {
  // A larger page cache keeps the archive's B-tree pages hot for fills and range reads.
  ctx.db.pragma('cache_size = -32768');
  const archive = new Archive(ctx, plant, new ArchiveStore(ctx.db), options);
  archive.start();
  return archive;
}
