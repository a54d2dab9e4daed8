/**
 * The archive's history before the server's first start: raw values for the last days at the
 * archive interval, quarter hours for the last weeks, day and month values for the last
 * months. Quarter-hour cells are the base: the days are merged from them and the months from
 * the days, so every level agrees with the one below; cells inside the raw window are sampled
 * at the archive interval, so they agree with the raw values too.
 */
import { addUnits, startOfUnit } from '../../src/domain/clock.ts';
import {
  addSample,
  counterIncrement,
  emptyAggregate,
  mergeAggregate,
  quarterHourStart,
  type Aggregate,
  type AggregateLevel,
} from './aggregate.ts';
import type { ArchiveStore, ArchiveTable } from './ArchiveStore.ts';
import type { HistorySignal } from './historySignal.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
/** Cells older than the quarter-hour window are only rolled into days: 3 samples suffice. */
const SPARSE_SAMPLE_MS = 5 * MINUTE_MS;

export interface HistorySpans {
  /** Month values (and day values) reach this many months back, from the month's start. */
  months: number;
  quarterHourDays: number;
  rawDays: number;
  /** The archive interval of raw values. */
  rawIntervalMs: number;
}

export const DEFAULT_HISTORY_SPANS: HistorySpans = {
  months: 13,
  quarterHourDays: 35,
  rawDays: 3,
  rawIntervalMs: MINUTE_MS,
};

/** The instants of the history, computed once for every PV. */
export interface HistoryPlan {
  /** History covers [start, end); live values follow from end. */
  end: number;
  rawStart: number;
  quarterHourStart: number;
  rawIntervalMs: number;
  /** Day starts from the history's start, ascending; the last day may end after `end`. */
  days: number[];
  /** The month start of each day. */
  monthOfDay: number[];
}

export function historyPlan(end: number, spans: HistorySpans, zone: string): HistoryPlan {
  const start = startOfUnit(addUnits(end, 'Months', -spans.months, zone), 'Months', zone);
  const days: number[] = [];
  const monthOfDay: number[] = [];
  let month = start;
  let nextMonth = addUnits(month, 'Months', 1, zone);
  for (let d = start; d < end; d = addUnits(d, 'Days', 1, zone)) {
    if (d >= nextMonth) {
      month = nextMonth;
      nextMonth = addUnits(month, 'Months', 1, zone);
    }
    days.push(d);
    monthOfDay.push(month);
  }
  const interval = spans.rawIntervalMs;
  return {
    end,
    rawStart: Math.ceil((end - spans.rawDays * 86_400_000) / interval) * interval,
    quarterHourStart: quarterHourStart(end - spans.quarterHourDays * 86_400_000),
    rawIntervalMs: interval,
    days,
    monthOfDay,
  };
}

export type RowCounts = Record<ArchiveTable, number>;

/**
 * Writes the history of one PV; the caller wraps it in a transaction. Returns rows written.
 * Nothing from `until` on: a dial-up station's archive ends at its last connection, for it
 * measured nothing the server received since (an archive holds only what was measured).
 */
export function fillHistory(
  store: ArchiveStore,
  id: number,
  signal: HistorySignal,
  plan: HistoryPlan,
  until = Infinity,
): RowCounts {
  const { end, rawStart, days, monthOfDay } = plan;
  const counter = signal.kind === 'counter';
  const rows: RowCounts = { raw: 0, quarterHour: 0, day: 0, month: 0 };
  let reading = signal.counterBase;
  let month: Aggregate | null = null;
  let monthStart = 0;

  for (let i = 0; i < days.length; i++) {
    const dayStart = days[i]!;
    const dayEnd = Math.min(days[i + 1] ?? end, end);
    if (monthOfDay[i] !== monthStart) {
      if (month && month.lastT !== -Infinity) {
        store.upsertAggregate('month', id, monthStart, month);
        rows.month++;
      }
      month = emptyAggregate();
      monthStart = monthOfDay[i]!;
    }
    const day = emptyAggregate();
    for (let qh = dayStart; qh < dayEnd && qh < until; qh += QUARTER_HOUR_MS) {
      const cellEnd = Math.min(qh + QUARTER_HOUR_MS, dayEnd, until);
      const dense = qh >= plan.quarterHourStart;
      const step = dense ? plan.rawIntervalMs : SPARSE_SAMPLE_MS;
      const cell = emptyAggregate();
      const rate = counter ? signal.at(qh + QUARTER_HOUR_MS / 2) : 0;
      for (let t = qh; t < cellEnd; t += step) {
        const v = counter
          ? round(reading + (rate * (t - qh)) / HOUR_MS, signal.decimals)
          : signal.at(t);
        addSample(cell, t, v);
        if (t >= rawStart) {
          store.insertRaw(id, t, v);
          rows.raw++;
        }
      }
      if (counter) {
        const increase = (rate * (cellEnd - qh)) / HOUR_MS;
        cell.total = increase;
        reading += increase;
      }
      if (dense) {
        store.upsertAggregate('quarterHour', id, qh, cell);
        rows.quarterHour++;
      }
      mergeAggregate(day, cell);
    }
    if (day.lastT === -Infinity) continue;
    store.upsertAggregate('day', id, dayStart, day);
    rows.day++;
    mergeAggregate(month!, day);
  }
  if (month && month.lastT !== -Infinity) {
    store.upsertAggregate('month', id, monthStart, month);
    rows.month++;
  }
  return rows;
}

/** A counter's increase over the whole history, added up as fillHistory does. */
export function counterIncrease(signal: HistorySignal, plan: HistoryPlan): number {
  let total = 0;
  for (let i = 0; i < plan.days.length; i++) {
    const dayEnd = Math.min(plan.days[i + 1] ?? plan.end, plan.end);
    for (let qh = plan.days[i]!; qh < dayEnd; qh += QUARTER_HOUR_MS) {
      const cellEnd = Math.min(qh + QUARTER_HOUR_MS, dayEnd);
      total += (signal.at(qh + QUARTER_HOUR_MS / 2) * (cellEnd - qh)) / HOUR_MS;
    }
  }
  return total;
}

/**
 * The counter signal whose history ends at `reading`, the plant's counter at the end: the
 * base is lowered to meet it, or, for a reading below the history's whole increase (a
 * counter reset not long ago), the flow is scaled down so the count climbs from 0 to it.
 */
export function anchoredCounter(
  signal: HistorySignal,
  plan: HistoryPlan,
  reading: number,
): HistorySignal {
  if (signal.kind !== 'counter' || !Number.isFinite(reading) || reading < 0) return signal;
  const increase = counterIncrease(signal, plan);
  if (reading >= increase) return { ...signal, counterBase: reading - increase };
  const scale = increase > 0 ? reading / increase : 0;
  return { ...signal, counterBase: 0, at: (t) => signal.at(t) * scale };
}

function round(v: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(v * scale) / scale;
}

/** Older than the quarter-hour window the model takes quarter-hour steps: days need no more. */
const MODEL_SPARSE_STEP_MS = QUARTER_HOUR_MS;

/** One archived PV of a station whose history a process model runs. */
export interface ModelHistoryPv {
  id: number;
  counter: boolean;
  read(): number | null;
}

/** A process model stepped over the history: `step` advances it to `t` by `dtMs`. */
export interface ModelHistoryRun {
  step(t: number, dtMs: number): void;
}

/**
 * Writes the history of every archived PV of one station from a run of its process model:
 * the model is stepped to each sample time (the archive interval inside the raw window, 5
 * minutes in the rest of the quarter-hour window, a quarter hour before it, where only days
 * and months are kept) and every PV is read after the step, so a quarter hour's mean
 * flow × 0.25 h and its counter's total cover the same steps. Counters are shifted by
 * `counterOffset(pv, lastReading)` so their history ends at the plant's reading; their
 * increments do not change. Nothing is written from `until` on (a dial-up station not
 * connected since then, see fillHistory). The caller wraps it in a transaction. Returns rows
 * written.
 */
export function fillModelHistory(
  store: ArchiveStore,
  pvs: readonly ModelHistoryPv[],
  run: ModelHistoryRun,
  plan: HistoryPlan,
  counterOffset: (pv: ModelHistoryPv, lastReading: number | null) => number,
  until = Infinity,
): RowCounts {
  const { end, rawStart, days, monthOfDay } = plan;
  const rows: RowCounts = { raw: 0, quarterHour: 0, day: 0, month: 0 };
  const n = pvs.length;
  const previous: (number | null)[] = pvs.map(() => null);
  const cells = pvs.map(() => emptyAggregate());
  const dayAggs = pvs.map(() => emptyAggregate());
  let monthAggs: Aggregate[] | null = null;
  let monthStart = 0;
  // Counter rows wait for their offset, known once the run has ended.
  const pending: { table: ArchiveTable; i: number; t: number; v: number | null; a?: Aggregate }[] =
    [];
  const write = (table: AggregateLevel, i: number, t: number, a: Aggregate) => {
    // A period after `until` holds nothing: no row, not an empty one.
    if (a.lastT === -Infinity) return;
    if (pvs[i]!.counter) pending.push({ table, i, t, v: null, a: { ...a } });
    else store.upsertAggregate(table, pvs[i]!.id, t, a);
    rows[table]++;
  };
  let last = days[0] ?? end;
  for (let d = 0; d < days.length; d++) {
    const dayStart = days[d]!;
    const dayEnd = Math.min(days[d + 1] ?? end, end);
    if (monthOfDay[d] !== monthStart) {
      if (monthAggs) monthAggs.forEach((a, i) => write('month', i, monthStart, a));
      monthAggs = pvs.map(() => emptyAggregate());
      monthStart = monthOfDay[d]!;
    }
    for (let qh = dayStart; qh < dayEnd; qh += QUARTER_HOUR_MS) {
      const cellEnd = Math.min(qh + QUARTER_HOUR_MS, dayEnd);
      const dense = qh >= plan.quarterHourStart;
      const stepMs =
        cellEnd > rawStart ? plan.rawIntervalMs : dense ? SPARSE_SAMPLE_MS : MODEL_SPARSE_STEP_MS;
      for (let i = 0; i < n; i++) cells[i] = emptyAggregate();
      for (let t = qh; t < cellEnd && t < until; t += stepMs) {
        run.step(t, t - last > 0 ? t - last : stepMs);
        last = t;
        for (let i = 0; i < n; i++) {
          const pv = pvs[i]!;
          const v = pv.read();
          const increment = pv.counter ? counterIncrement(previous[i]!, v) : 0;
          if (pv.counter && v !== null) previous[i] = v;
          addSample(cells[i]!, t, v, increment);
          if (t >= rawStart) {
            if (pv.counter) pending.push({ table: 'raw', i, t, v });
            else store.insertRaw(pv.id, t, v);
            rows.raw++;
          }
        }
      }
      for (let i = 0; i < n; i++) {
        if (dense) write('quarterHour', i, qh, cells[i]!);
        mergeAggregate(dayAggs[i]!, cells[i]!);
      }
    }
    for (let i = 0; i < n; i++) {
      write('day', i, dayStart, dayAggs[i]!);
      mergeAggregate(monthAggs![i]!, dayAggs[i]!);
      dayAggs[i] = emptyAggregate();
    }
  }
  if (monthAggs) monthAggs.forEach((a, i) => write('month', i, monthStart, a));
  const offsets = pvs.map((pv, i) => (pv.counter ? counterOffset(pv, previous[i]!) : 0));
  const shift = (v: number | null, o: number) => (v === null ? null : v + o);
  for (const p of pending) {
    const o = offsets[p.i]!;
    const id = pvs[p.i]!.id;
    if (p.table === 'raw') store.insertRaw(id, p.t, shift(p.v, o));
    else {
      const a = p.a!;
      store.upsertAggregate(p.table, id, p.t, {
        ...a,
        sum: a.sum + o * a.n,
        min: shift(a.min, o),
        max: shift(a.max, o),
        last: shift(a.last, o),
      });
    }
  }
  return rows;
}
