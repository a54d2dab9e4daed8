import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import {
  ALERT_COLUMNS,
  ALERT_FILTER_FIELDS,
  ALERT_SORT_VALUES,
  ALERT_TEXT_COLUMNS,
  type SortValue,
} from '../../../src/domain/alertFields.ts';
import { compileFilter, type FilterNode } from '../../../src/domain/filters.ts';
import {
  AlertStore,
  type AlertSort,
  BULK_THRESHOLD_ROWS,
  AlertViews,
  MAX_CACHED_VIEWS,
  MAX_TEXT_IDS,
} from '../../../workers/alerts/alertStore.ts';
import { AlertRows } from '../../../workers/alerts/alertRows.ts';
import { lcg, makeAlert, makeAlerts, T0 } from './alertFixtures.ts';
import { testSize } from '../../support/testSize.ts';

/** Rows of the heavy view tests: the gate's size, and the full 100,000 in `npm run test:long`. */
const ROWS = testSize(10_000, 100_000);

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The naive reference: filter, then a full stable sort by the column (nulls last) with ties
 * in first-insertion order.
 */
function reference(
  alerts: readonly Alert[],
  order: ReadonlyMap<number, number>,
  sort: AlertSort,
  filter: FilterNode | null = null,
): number[] {
  const get = ALERT_SORT_VALUES[sort.column];
  const text = ALERT_TEXT_COLUMNS.has(sort.column);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const cmp = (a: SortValue, b: SortValue): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const c = text ? collator.compare(String(a), String(b)) : a < b ? -1 : a > b ? 1 : 0;
    return sign * c;
  };
  const p = compileFilter(filter, ALERT_FILTER_FIELDS);
  return alerts
    .filter(p)
    .sort((x, y) => cmp(get(x), get(y)) || order.get(x.id)! - order.get(y.id)!)
    .map((a) => a.id);
}

/** The store's content in the reference model: current rows and first-insertion order. */
class Model {
  readonly rows = new Map<number, Alert>();
  readonly order = new Map<number, number>();
  private seq = 0;
  upsert(a: Alert): void {
    if (!this.order.has(a.id)) this.order.set(a.id, this.seq++);
    this.rows.set(a.id, a);
  }
  remove(id: number): void {
    this.rows.delete(id);
  }
  ids(sort: AlertSort, filter: FilterNode | null = null): number[] {
    return reference([...this.rows.values()], this.order, sort, filter);
  }
}

const ids = (rows: readonly Alert[]): number[] => rows.map((a) => a.id);
const BY_TIME_DESC: AlertSort = { column: 'timestamp', direction: 'desc' };
/** A text filter (AS13, AS14: texts by number). */
const pumpe: FilterNode = {
  logic: 'and',
  filters: [{ field: 'text', operator: 'contains', value: 'pumpe' }],
};

/** A store and the reference model, both holding `alerts`. */
function storeAndModel(alerts: Alert[]) {
  const store = new AlertStore();
  const model = new Model();
  store.upsertMany(alerts);
  alerts.forEach((a) => model.upsert(a));
  return { store, model };
}

describe('SPEC §3/§4 alert store: one store of alert rows for all tabs', () => {
  it('AS1: default order is timestamp descending, ties kept in insertion order (stable)', () => {
    const store = new AlertStore();
    store.upsertMany([
      makeAlert(1, { timestamp: T0 }),
      makeAlert(2, { timestamp: T0 + 5 }),
      makeAlert(3, { timestamp: T0 + 5 }),
      makeAlert(4, { timestamp: T0 + 1 }),
    ]);
    const w = store.window({ start: 0, count: 10 });
    expect(ids(w.rows)).toEqual([2, 3, 4, 1]);
    expect(w.total).toBe(4);
  });

  it('AS2: upsert inserts new rows and replaces a row with the same id', () => {
    const store = new AlertStore();
    store.window({ start: 0, count: 10 }); // keep a sorted view alive during the changes
    store.upsert(makeAlert(1, { timestamp: T0 + 10 }));
    store.upsert(makeAlert(2, { timestamp: T0 + 20 }));
    store.upsert(makeAlert(1, { timestamp: T0 + 30, text: 'neu' }));
    const w = store.window({ start: 0, count: 10 });
    expect(ids(w.rows)).toEqual([1, 2]);
    expect(store.size).toBe(2);
    expect(store.get(1)?.text).toBe('neu');
  });

  it('AS2a: patch changes fields of one row by id and moves it when its sort value changes', () => {
    const store = new AlertStore();
    store.upsertMany([1, 2, 3].map((id) => makeAlert(id)));
    const byPriority: AlertSort = { column: 'priority', direction: 'desc' };
    expect(ids(store.rows(byPriority))).toEqual([3, 2, 1]);
    expect(store.patch(1, { cleared: true, clearedAt: T0, priority: 9 })).toBe(true);
    expect(store.get(1)).toMatchObject({ id: 1, cleared: true, clearedAt: T0, priority: 9 });
    expect(ids(store.rows(byPriority))).toEqual([1, 3, 2]);
    expect(store.patch(99, { cleared: true })).toBe(false);
  });

  it('AS3: ack marks rows acknowledged; unknown ids are skipped; pending views drop them', () => {
    const store = new AlertStore();
    store.upsertMany([1, 2, 3].map((id) => makeAlert(id)));
    const pending: FilterNode = { field: 'state', operator: 'eq', value: 'pending' };
    expect(store.window({ filter: pending, start: 0, count: 10 }).total).toBe(3);
    const v0 = store.version;
    expect(store.ack([{ id: 2, acknowledgedBy: 'operator', acknowledgedAt: T0 + 99 }])).toBe(1);
    expect(store.ack([{ id: 42, acknowledgedBy: 'x', acknowledgedAt: 0 }])).toBe(0);
    expect(store.version).toBeGreaterThan(v0);
    expect(store.get(2)).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'operator',
      acknowledgedAt: T0 + 99,
    });
    expect(ids(store.window({ filter: pending, start: 0, count: 10 }).rows)).toEqual([3, 1]);
    expect(store.window({ start: 0, count: 10 }).total).toBe(3);
  });

  it('AS4: delete by id removes rows from every view and reports how many existed', () => {
    const store = new AlertStore();
    store.upsertMany([1, 2, 3, 4].map((id) => makeAlert(id)));
    store.window({ sort: { column: 'priority', direction: 'asc' }, start: 0, count: 10 });
    expect(store.remove([2, 4, 99])).toBe(2);
    expect(ids(store.window({ start: 0, count: 10 }).rows)).toEqual([3, 1]);
    expect(
      ids(
        store.window({ sort: { column: 'priority', direction: 'asc' }, start: 0, count: 10 }).rows,
      ),
    ).toEqual([1, 3]);
    expect(store.get(2)).toBeUndefined();
  });

  it('AS5: every column sorts ascending and descending like the reference, nulls last', () => {
    const alerts = makeAlerts(3000, 11).map((a, i) =>
      i % 17 === 0 ? { ...a, stationNumber: null, acknowledgedBy: null, pvRef: null } : a,
    );
    const { store, model } = storeAndModel(alerts);
    for (const column of ALERT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = { column, direction };
        expect(ids(store.rows(sort)), `${column} ${direction}`).toEqual(model.ids(sort));
      }
    }
    const desc = store.rows({ column: 'stationNumber', direction: 'desc' });
    expect(desc.at(-1)!.stationNumber).toBeNull();
  });

  it('AS6: the window holds the visible rows plus margin, clamped, with total and store size', () => {
    const store = new AlertStore();
    store.upsertMany(Array.from({ length: 100 }, (_, i) => makeAlert(i + 1)));
    const w = store.window({ start: 10, count: 20, margin: 5 });
    expect(w.from).toBe(5);
    expect(w.rows).toHaveLength(30);
    expect(w.rows[0]!.id).toBe(95); // timestamp = T0 + id*1000, newest first
    expect(w.total).toBe(100);
    expect(w.storeSize).toBe(100);
    const end = store.window({ start: 95, count: 20, margin: 5 });
    expect(end.from).toBe(75);
    expect(end.rows).toHaveLength(25);
    const filtered = store.window({
      filter: { field: 'priority', operator: 'eq', value: 3 },
      start: 0,
      count: 5,
    });
    expect(filtered.total).toBe(10);
    expect(filtered.storeSize).toBe(100);
    expect(filtered.rows.every((a) => a.priority === 3)).toBe(true);
  });

  it('AS7: indexOf gives the position in a sorted, filtered list, -1 when filtered out', () => {
    const store = new AlertStore();
    store.upsertMany(Array.from({ length: 50 }, (_, i) => makeAlert(i + 1)));
    expect(store.indexOf(50)).toBe(0);
    expect(store.indexOf(1)).toBe(49);
    const p3: FilterNode = { field: 'priority', operator: 'eq', value: 3 };
    expect(store.indexOf(43, BY_TIME_DESC, p3)).toBe(0);
    expect(store.indexOf(44, BY_TIME_DESC, p3)).toBe(-1);
    expect(store.indexOf(999)).toBe(-1);
  });

  it('AS8: more sorts than cached views still answer correctly', () => {
    const alerts = makeAlerts(500, 3);
    const { store, model } = storeAndModel(alerts);
    const sorts: AlertSort[] = ALERT_COLUMNS.map((column) => ({ column, direction: 'asc' }));
    expect(sorts.length).toBeGreaterThan(MAX_CACHED_VIEWS);
    for (let round = 0; round < 2; round++) {
      for (const sort of sorts) {
        store.upsert(makeAlert(10_000 + round, { priority: round }));
        model.upsert(makeAlert(10_000 + round, { priority: round }));
        expect(ids(store.rows(sort))).toEqual(model.ids(sort));
      }
    }
  });

  it('AS9: replaceAll swaps the content (a new date range) and clear empties it', () => {
    const store = new AlertStore();
    store.upsertMany([1, 2].map((id) => makeAlert(id)));
    store.window({ start: 0, count: 10 });
    store.replaceAll([makeAlert(7), makeAlert(8)]);
    expect(ids(store.window({ start: 0, count: 10 }).rows)).toEqual([8, 7]);
    store.clear();
    expect(store.window({ start: 0, count: 10 })).toMatchObject({ rows: [], total: 0 });
  });
});

describe('alert store on many rows (100,000 in the long run): insert, ack, delete, sort, filter stay correct', () => {
  const SORTS: AlertSort[] = [
    BY_TIME_DESC,
    { column: 'priority', direction: 'desc' },
    { column: 'stationName', direction: 'asc' },
  ];
  const FILTERS: (FilterNode | null)[] = [
    null,
    {
      logic: 'and',
      filters: [
        { field: 'text', operator: 'contains', value: 'PUMPE' },
        { field: 'priority', operator: 'gte', value: 5 },
      ],
    },
    { field: 'state', operator: 'eq', value: 'pending' },
  ];

  it('AS10: incremental single changes match a full re-sort of every live view', () => {
    const alerts = makeAlerts(ROWS, 42);
    const { store, model } = storeAndModel(alerts);
    // Open the views first so the following single changes take the incremental path.
    for (const sort of SORTS)
      for (const filter of FILTERS) store.window({ sort, filter, start: 0, count: 50 });

    const rnd = lcg(99);
    let nextId = 2 * ROWS;
    for (let i = 0; i < 300; i++) {
      const r = rnd();
      if (r < 0.4) {
        const a = makeAlert(nextId++, {
          timestamp: T0 + Math.floor(rnd() * 6000) * 1000,
          priority: Math.floor(rnd() * 10),
        });
        store.upsert(a);
        model.upsert(a);
      } else if (r < 0.7) {
        const id = 1 + Math.floor(rnd() * ROWS);
        const cur = model.rows.get(id);
        const acked = { id, acknowledgedBy: 'operator', acknowledgedAt: T0 + i };
        store.ack([acked]);
        if (cur) model.upsert({ ...cur, state: 'acknowledged', ...acked });
      } else if (r < 0.85) {
        const id = 1 + Math.floor(rnd() * ROWS);
        store.remove([id]);
        model.remove(id);
      } else {
        const id = 1 + Math.floor(rnd() * ROWS);
        const cur = model.rows.get(id);
        if (!cur) continue;
        const changed = {
          ...cur,
          priority: (cur.priority + 3) % 10,
          timestamp: cur.timestamp + 7000,
        };
        store.upsert(changed);
        model.upsert(changed);
      }
    }
    expect(store.size).toBe(model.rows.size);
    for (const sort of SORTS) {
      for (const filter of FILTERS) {
        const want = model.ids(sort, filter);
        const w = store.window({ sort, filter, start: 1000, count: 100, margin: 50 });
        expect(w.total).toBe(want.length);
        expect(ids(w.rows)).toEqual(want.slice(950, 1150));
        expect(ids(store.rows(sort, filter))).toEqual(want);
      }
    }
  });

  it('AS12: a filter opened on a list already sorted that way (after single changes) is cut from it in order', () => {
    const alerts = makeAlerts(20_000, 7);
    const { store, model } = storeAndModel(alerts);
    for (const sort of SORTS) store.window({ sort, start: 0, count: 50 });
    const rnd = lcg(3);
    for (let i = 0; i < 200; i++) {
      const id = 1 + Math.floor(rnd() * 20_000);
      const cur = model.rows.get(id);
      if (!cur) continue;
      const changed = {
        ...cur,
        priority: (cur.priority + 1) % 10,
        timestamp: cur.timestamp - 5000,
      };
      store.upsert(changed);
      model.upsert(changed);
      if (i % 3 === 0) {
        store.remove([id + 1]);
        model.remove(id + 1);
      }
    }
    for (const sort of SORTS) {
      for (const filter of FILTERS.slice(1)) {
        const want = model.ids(sort, filter);
        expect(want.length).toBeGreaterThan(0);
        expect(ids(store.rows(sort, filter))).toEqual(want);
      }
    }
  });

  it('AS11: bulk ack and bulk delete (more than the bulk threshold) re-sort lazily and stay correct', () => {
    const alerts = makeAlerts(ROWS, 5);
    const { store, model } = storeAndModel(alerts);
    for (const filter of FILTERS) store.window({ filter, start: 0, count: 50 });

    const ackIds = Array.from({ length: ROWS / 5 }, (_, i) => i * 5 + 1);
    expect(ackIds.length).toBeGreaterThan(BULK_THRESHOLD_ROWS);
    expect(
      store.ack(ackIds.map((id) => ({ id, acknowledgedBy: 'admin', acknowledgedAt: T0 }))),
    ).toBe(ROWS / 5);
    for (const id of ackIds) {
      const cur = model.rows.get(id)!;
      model.upsert({ ...cur, state: 'acknowledged', acknowledgedBy: 'admin', acknowledgedAt: T0 });
    }
    const delIds = Array.from({ length: ROWS / 10 }, (_, i) => i * 7 + 2);
    expect(store.remove(delIds)).toBe(ROWS / 10);
    delIds.forEach((id) => model.remove(id));

    for (const filter of FILTERS) {
      const want = model.ids(BY_TIME_DESC, filter);
      const w = store.window({ filter, start: 0, count: 200 });
      expect(w.total).toBe(want.length);
      expect(ids(w.rows)).toEqual(want.slice(0, 200));
    }
    const pending = store.window({ filter: FILTERS[2], start: 0, count: 10 }).total;
    expect(pending).toBe([...model.rows.values()].filter((a) => a.state === 'pending').length);
  });

  it('AS13: a text filter follows texts that change, texts first seen after it, and texts past the numbered ones', () => {
    // More distinct texts than a list numbers: the last rows have texts without a number.
    const alerts = Array.from({ length: MAX_TEXT_IDS + 2000 }, (_, i) =>
      makeAlert(i + 1, { text: `Meldung ${i}${i % 3 === 0 ? ' Pumpe' : ''}` }),
    );
    const { store, model } = storeAndModel(alerts);
    const check = (): void => {
      const want = model.ids(BY_TIME_DESC, pumpe);
      expect(ids(store.rows(BY_TIME_DESC, pumpe))).toEqual(want);
    };
    check();
    // Single changes after the filter has answered for every text it has seen.
    const changes: [number, string][] = [
      [1, 'Meldung 0'], // matched, no longer
      [2, 'Meldung 1 Pumpe'], // a text first seen now
      [3, 'Meldung 0'], // a text seen before, with its number
      [MAX_TEXT_IDS + 1500, 'Meldung 3 Pumpe'], // from an unnumbered text to a numbered one
      [4, `Meldung ${MAX_TEXT_IDS + 1} Pumpe`], // a text past the numbered ones
    ];
    for (const [id, text] of changes) {
      expect(store.patch(id, { text })).toBe(true);
      model.upsert({ ...model.rows.get(id)!, text });
      check();
    }
    store.upsert(makeAlert(900_000, { text: 'Neue Pumpe' }));
    model.upsert(makeAlert(900_000, { text: 'Neue Pumpe' }));
    check();
  });

  it('AS14: views opened on a list that already holds rows number its texts; a text filter answers as the reference', () => {
    const alerts = makeAlerts(5_000, 11);
    const rows = new AlertRows();
    rows.upsertMany(alerts);
    const model = new Model();
    alerts.forEach((a) => model.upsert(a));
    const views = new AlertViews(rows);
    expect(ids(views.rows(BY_TIME_DESC, pumpe))).toEqual(model.ids(BY_TIME_DESC, pumpe));
    expect(rows.entry(1)!.textId).toBeGreaterThanOrEqual(0);
    rows.patch(1, { text: 'Pumpe neu' });
    model.upsert({ ...model.rows.get(1)!, text: 'Pumpe neu' });
    expect(ids(views.rows(BY_TIME_DESC, pumpe))).toEqual(model.ids(BY_TIME_DESC, pumpe));
  });
});
