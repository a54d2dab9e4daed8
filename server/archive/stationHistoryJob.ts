/**
 * One station's history as a job that runs anywhere (the history thread, or in line): the
 * station's process model stepped over the history, its rows collected instead of written.
 * The caller writes them (`writeStationRows`) in one transaction, counters shifted to the
 * plant's reading then, so the database stays on the thread that owns it.
 */
import type { HistoryFindings } from '../plant/incidents.ts';
import { plantIncidents } from '../plant/incidents.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import { StationHistoryRun } from '../plant/stationHistory.ts';
import { AGGREGATE_LEVELS, type Aggregate, type AggregateLevel } from './aggregate.ts';
import type { ArchiveStore, ArchiveTable } from './ArchiveStore.ts';
import { fillModelHistory, type HistoryPlan, type RowCounts } from './historyFill.ts';

export interface StationHistoryJob {
  station: number;
  seed: number;
  /** The model's start: the history's first day. */
  startTime: number;
  failuresPerPumpHour: number;
  incidents: { seed: number; anchorMs: number; days: number; findings: HistoryFindings };
  plan: HistoryPlan;
  /** The PVs to write, by key, in any order; their counters by key. */
  keys: string[];
  counters: boolean[];
  until: number;
}

/**
 * Rows of a job, flat in two Float64Arrays that the thread hands over without a copy: raw values
 * (`[pv index, t, v]`) and aggregates (AGGREGATE_FIELDS each), NaN for no value. A reply of
 * objects cost the event loop 40-220 ms to deserialise per station.
 */
export interface StationHistoryRows {
  keys: string[];
  raw: Float64Array;
  aggregates: Float64Array;
  /** Each PV's last reading in the run (counters are shifted from it to the plant's). */
  lastReadings: (number | null)[];
  rows: RowCounts;
}

/** An aggregate row: level (index in AGGREGATE_LEVELS), pv index, period start, then the Aggregate. */
const AGGREGATE_FIELDS = 10;
const orNaN = (v: number | null) => v ?? Number.NaN;
const orNull = (v: number) => (Number.isNaN(v) ? null : v);
/** A stored value moved by a counter's shift `o`; NaN (no value) is null. */
const shifted = (v: number, o: number) => orNull(o === 0 ? v : v + o);

/** Runs the station's model over the history and collects every row it would write. */
export function runStationHistory(job: StationHistoryJob): StationHistoryRows {
  const def = STATION_CATALOG.find((s) => s.nr === job.station);
  if (!def) throw new Error(`no station ${job.station} in the catalogue`);
  const run = new StationHistoryRun(
    def,
    job.seed,
    job.startTime,
    job.failuresPerPumpHour,
    plantIncidents(job.incidents).stations,
  );
  const byKey = new Map(run.pvs.map((h) => [h.key, h]));
  const pvs = job.keys.map((key, i) => {
    const h = byKey.get(key);
    if (!h) throw new Error(`station ${job.station} has no archived PV ${key}`);
    return { id: i, counter: job.counters[i]!, read: h.read };
  });
  const raw: number[] = [];
  const aggregates: number[] = [];
  const sink = {
    insertRaw(i: number, t: number, v: number | null) {
      raw.push(i, t, orNaN(v));
    },
    upsertAggregate(table: AggregateLevel, i: number, t: number, a: Aggregate) {
      aggregates.push(
        AGGREGATE_LEVELS.indexOf(table),
        i,
        t,
        a.n,
        a.sum,
        orNaN(a.min),
        orNaN(a.max),
        orNaN(a.last),
        a.lastT,
        a.total,
      );
    },
  } as unknown as ArchiveStore;
  const lastReadings: (number | null)[] = pvs.map(() => null);
  // Counters come out unshifted; their last reading says by how much to shift them later.
  const rows = fillModelHistory(
    sink,
    pvs,
    run,
    job.plan,
    (pv, last) => {
      lastReadings[pv.id] = last;
      return 0;
    },
    job.until,
  );
  return {
    keys: job.keys,
    raw: Float64Array.from(raw),
    aggregates: Float64Array.from(aggregates),
    lastReadings,
    rows,
  };
}

/**
 * A slice of writing ends after this long, and the event loop gets a turn: 4,000 rows at a
 * time held it 150–300 ms on a loaded machine (bench/server-stall.ts).
 */
export const SLICE_MS = 8;

/**
 * Writes a job's rows for the PVs `ids` (in the job's order; -1 leaves a PV out), yielding
 * after `sliceMs` of writing so the caller can give the event loop a turn;
 * `offset(i, lastReading)` is a counter's shift to the plant's reading, asked once per
 * counter before the first row. The caller wraps each slice in a transaction.
 */
export function* writeStationRows(
  store: ArchiveStore,
  rows: StationHistoryRows,
  ids: readonly number[],
  counters: readonly boolean[],
  offset: (i: number, lastReading: number | null) => number,
  sliceMs = SLICE_MS,
): Generator<void, void, void> {
  const offsets = ids.map((id, i) =>
    counters[i] && id >= 0 ? offset(i, rows.lastReadings[i] ?? null) : 0,
  );
  let written = 0;
  let sliceStart = performance.now();
  // The clock is read every 32 rows: a row costs microseconds. (A plain function: a generator
  // delegated to per row made an object per row.)
  const due = (): boolean => (++written & 31) === 0 && performance.now() - sliceStart >= sliceMs;
  const { raw, aggregates } = rows;
  for (let k = 0; k < raw.length; k += 3) {
    const i = raw[k]!;
    const v = raw[k + 2]!;
    if (ids[i]! < 0) continue;
    store.insertRaw(ids[i]!, raw[k + 1]!, Number.isNaN(v) ? null : v + offsets[i]!);
    if (due()) {
      yield;
      sliceStart = performance.now();
    }
  }
  for (let k = 0; k < aggregates.length; k += AGGREGATE_FIELDS) {
    const i = aggregates[k + 1]!;
    if (ids[i]! < 0) continue;
    // A counter's shift moves every value of the period (NaN, no value, stays NaN).
    const o = offsets[i]!;
    const n = aggregates[k + 3]!;
    store.upsertAggregate(AGGREGATE_LEVELS[aggregates[k]!]!, ids[i]!, aggregates[k + 2]!, {
      n,
      sum: o === 0 ? aggregates[k + 4]! : aggregates[k + 4]! + o * n,
      min: shifted(aggregates[k + 5]!, o),
      max: shifted(aggregates[k + 6]!, o),
      last: shifted(aggregates[k + 7]!, o),
      lastT: aggregates[k + 8]!,
      total: aggregates[k + 9]!,
    });
    if (due()) {
      yield;
      sliceStart = performance.now();
    }
  }
}

export type { ArchiveTable };
