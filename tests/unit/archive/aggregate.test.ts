/**
 * Aggregation of archived values (SPEC §3 "Series measurement type", §9 "Aggregations"):
 * quarter-hour, day and month min, max, mean, last; counters as period totals.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { PvRef, PvValue } from '../../../src/contract/pv.ts';
import {
  addSample,
  aggregateValue,
  counterIncrement,
  emptyAggregate,
  mergeAggregate,
  PeriodStarts,
  quarterHourStart,
} from '../../../server/archive/aggregate.ts';
import { ArchiveStore } from '../../../server/archive/ArchiveStore.ts';
import { LiveArchive } from '../../../server/archive/LiveArchive.ts';
import { migrate } from '../../../server/store/db.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 22, 9, 0);

function sampled(values: [number, number | null][]) {
  const a = emptyAggregate();
  for (const [t, v] of values) addSample(a, t, v);
  return a;
}

describe('aggregates', () => {
  it('AG1: min, max, mean over the samples, last by time; gaps count towards nothing', () => {
    const a = sampled([
      [T0, 4],
      [T0 + 2 * MINUTE, 1],
      [T0 + MINUTE, null],
      [T0 + 3 * MINUTE, 7],
    ]);
    expect(aggregateValue(a, 'analog', 'Minwert')).toBe(1);
    expect(aggregateValue(a, 'analog', 'Maxwert')).toBe(7);
    expect(aggregateValue(a, 'analog', 'Mittelwert')).toBe(4);
    expect(aggregateValue(a, 'analog', 'Aktuell')).toBe(7);
    expect(aggregateValue(emptyAggregate(), 'analog', 'Mittelwert')).toBeNull();
    expect(aggregateValue(sampled([[T0, null]]), 'analog', 'Aktuell')).toBeNull();
  });

  it('AG2: merging partial aggregates in any order gives the aggregate of all samples', () => {
    const early = sampled([
      [T0, 2],
      [T0 + MINUTE, 9],
    ]);
    const late = sampled([[T0 + 5 * MINUTE, 3]]);
    const ab = emptyAggregate();
    mergeAggregate(ab, early);
    mergeAggregate(ab, late);
    const ba = emptyAggregate();
    mergeAggregate(ba, late);
    mergeAggregate(ba, early);
    for (const m of [ab, ba]) {
      expect(m).toMatchObject({ n: 3, sum: 14, min: 2, max: 9, last: 3, lastT: T0 + 5 * MINUTE });
    }
  });

  it('AG3: counters: Aktuell is the reading, every other type the period total; resets count from 0', () => {
    expect(counterIncrement(null, 100)).toBe(0);
    expect(counterIncrement(100, 130)).toBe(30);
    expect(counterIncrement(130, 5)).toBe(5);
    const a = emptyAggregate();
    addSample(a, T0, 100, 0);
    addSample(a, T0 + MINUTE, 130, 30);
    addSample(a, T0 + 2 * MINUTE, 5, 5);
    expect(aggregateValue(a, 'counter', 'Aktuell')).toBe(5);
    for (const type of ['Mittelwert', 'Minwert', 'Maxwert'] as const) {
      expect(aggregateValue(a, 'counter', type)).toBe(35);
    }
  });

  it('AG4: periods: quarter hours in UTC, days and months on the Berlin wall clock across DST', () => {
    const p = new PeriodStarts('Europe/Berlin');
    expect(quarterHourStart(T0 + 14 * MINUTE + 59_999)).toBe(T0);
    expect(p.of('quarterHour', T0 + 15 * MINUTE)).toBe(T0 + 15 * MINUTE);
    // 29 March 2026 has 23 hours in Berlin: it starts at 23:00 UTC the day before.
    const springDay = Date.UTC(2026, 2, 28, 23);
    expect(p.of('day', springDay + 22 * 3_600_000)).toBe(springDay);
    expect(p.of('day', springDay + 23 * 3_600_000)).toBe(springDay + 23 * 3_600_000);
    expect(p.of('month', Date.UTC(2026, 9, 31, 23, 30))).toBe(Date.UTC(2026, 9, 31, 23));
    expect(p.of('month', Date.UTC(2026, 9, 31, 22, 30))).toBe(Date.UTC(2026, 8, 30, 22));
  });
});

function liveArchive(maxSamplesPerFlush = 1000, holdTickMs: number | null = null) {
  const db = new Database(':memory:');
  migrate(db);
  const store = new ArchiveStore(db);
  const level = store.pv('ai100001', 'analog');
  const counter = store.pv('count1001', 'counter');
  const isLevel = (ref: PvRef) => ref.type === 'AnaIn' && ref.nr === 100001;
  const live = new LiveArchive(
    store,
    {
      kindOf: (ref) => (isLevel(ref) ? 'analog' : ref.type === 'ZaehlWert' ? 'counter' : null),
      idOf: (ref) => (isLevel(ref) ? level.id : counter.id),
    },
    {
      historyEnd: T0,
      rawIntervalMs: MINUTE,
      maxSamplesPerFlush,
      holdTickMs,
      zone: 'Europe/Berlin',
    },
  );
  return { db, store, live, level: level.id, counter: counter.id };
}

const ana = (t: number, v: number, nr = 100001): PvValue => ({
  pvRef: { type: 'AnaIn', nr },
  typeOfValue: 'DoubleValue',
  doubleValue: v,
  quality: 'Good',
  timestamp: t,
});
const count = (t: number, v: number): PvValue => ({
  pvRef: { type: 'ZaehlWert', nr: 1001 },
  typeOfValue: 'CounterValue',
  counterValue: { value: v, resetable: true, day: 0, month: 0, year: 0 },
  quality: 'Good',
  timestamp: t,
});

describe('live append', () => {
  it('AG5: every value counts towards its quarter hour, day and month; raw once per interval', () => {
    const { store, live, level } = liveArchive();
    live.onValues([ana(T0, 3), ana(T0 + 20_000, 8), ana(T0 + 40_000, 1)]);
    live.onValues([ana(T0 + MINUTE, 5), ana(T0 + 16 * MINUTE, 6), ana(T0 - MINUTE, 99)]);
    live.flushAll();
    expect(store.readRaw(level, T0 - MINUTE, T0 + 20 * MINUTE)).toEqual({
      t: [T0, T0 + MINUTE, T0 + 16 * MINUTE],
      v: [3, 5, 6],
    });
    const read = (type: 'Minwert' | 'Maxwert' | 'Mittelwert' | 'Aktuell') =>
      store.readAggregate('quarterHour', 'analog', type, level, T0, T0 + 30 * MINUTE).v;
    expect(read('Minwert')).toEqual([1, 6]);
    expect(read('Maxwert')).toEqual([8, 6]);
    expect(read('Mittelwert')).toEqual([(3 + 8 + 1 + 5) / 4, 6]);
    expect(read('Aktuell')).toEqual([5, 6]);
    const day = store.readAggregate(
      'day',
      'analog',
      'Mittelwert',
      level,
      T0 - 86_400_000,
      T0 + 86_400_000,
    );
    expect(day.v).toEqual([(3 + 8 + 1 + 5 + 6) / 5]);
    const month = store.readAggregate('month', 'analog', 'Maxwert', level, 0, T0 + 86_400_000);
    expect(month).toEqual({ t: [Date.UTC(2026, 9, 31, 23)], v: [8] });
  });

  it('AG6: counters: period totals from consecutive readings, the reading as Aktuell', () => {
    const { store, live, counter } = liveArchive();
    live.onValues([count(T0, 1000), count(T0 + MINUTE, 1010), count(T0 + 14 * MINUTE, 1030)]);
    live.onValues([count(T0 + 15 * MINUTE, 1031), count(T0 + 16 * MINUTE, 2)]);
    live.flushAll();
    const total = store.readAggregate(
      'quarterHour',
      'counter',
      'Mittelwert',
      counter,
      T0,
      T0 + 30 * MINUTE,
    );
    expect(total.v).toEqual([30, 3]);
    const reading = store.readAggregate(
      'quarterHour',
      'counter',
      'Aktuell',
      counter,
      T0,
      T0 + 30 * MINUTE,
    );
    expect(reading.v).toEqual([1030, 2]);
    expect(store.readAggregate('day', 'counter', 'Maxwert', counter, 0, T0 + 86_400_000).v).toEqual(
      [33],
    );
  });

  it('AG7: beyond the sample budget raw samples wait, aggregates keep every value', () => {
    const { store, live, level } = liveArchive(1);
    live.onValues([ana(T0, 1), ana(T0 + MINUTE, 2), ana(T0 + 2 * MINUTE, 3)]);
    expect(live.deferredSamples).toBe(2);
    live.flush();
    live.onValues([ana(T0 + 3 * MINUTE, 4)]);
    live.flushAll();
    expect(store.readRaw(level, T0, T0 + 10 * MINUTE).t).toEqual([T0, T0 + 3 * MINUTE]);
    const mean = store.readAggregate('quarterHour', 'analog', 'Mittelwert', level, T0, T0 + MINUTE);
    expect(mean.v).toEqual([2.5]);
  });

  it('AG10: a held value counts until its station hangs up (re-sent Uncertain, same time); the time not connected stays empty', () => {
    const { store, live, level } = liveArchive(1000, MINUTE);
    // Connected: 2.5 m at 09:00, unchanged for the next ticks (the plant sends on change only).
    live.onValues([ana(T0, 2.5)]);
    live.onValues([ana(T0 + 2 * MINUTE, 2.5, 100002)]);
    // 09:03 the station hangs up: its level is sent again, Uncertain, with its old time.
    live.onValues([ana(T0 + 3 * MINUTE, 1, 100002), { ...ana(T0, 2.5), quality: 'Uncertain' }]);
    // It calls again at 10:00 and measures 1.78 m.
    live.onValues([ana(T0 + 60 * MINUTE, 1.78)]);
    live.flushAll();
    const quarters = store.readAggregate(
      'quarterHour',
      'analog',
      'Mittelwert',
      level,
      T0,
      T0 + 75 * MINUTE,
    );
    // 09:00 (held to 09:03) and 10:00; 09:15, 09:30 and 09:45 were not measured.
    expect(quarters.t).toEqual([T0, T0 + 60 * MINUTE]);
    expect(quarters.v).toEqual([2.5, 1.78]);
    expect(store.readRaw(level, T0, T0 + 75 * MINUTE).t).toEqual([T0, T0 + 60 * MINUTE]);
  });

  it('AG8: values of PVs without archive data are ignored', () => {
    const { db, live } = liveArchive();
    live.onValues([ana(T0, 1, 100090)]);
    live.flushAll();
    expect((db.prepare('SELECT count(*) AS n FROM archive_raw').get() as { n: number }).n).toBe(0);
    expect(live.acceptedValues).toBe(0);
  });
});

describe('retention', () => {
  it('AG9: pruning drops only the rows older than the cut-off', () => {
    const { store, level, counter } = liveArchive();
    for (const id of [level, counter]) {
      for (let i = 0; i < 5; i++) store.insertRaw(id, T0 + i * MINUTE, i);
    }
    expect(store.prune('raw', T0 + 2 * MINUTE)).toBe(4);
    expect(store.readRaw(level, 0, T0 + DAY).t).toEqual([
      T0 + 2 * MINUTE,
      T0 + 3 * MINUTE,
      T0 + 4 * MINUTE,
    ]);
  });
});
