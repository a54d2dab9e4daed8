/**
 * One store of alert rows for all tabs. Tabs ask for a window (sort, filter, first row,
 * count, margin) and receive only those rows and the total. Each (sort, filter) view keeps
 * its rows sorted; single inserts, acks and deletes are placed by binary search (one
 * memmove, no re-sort), bulk changes mark views stale and they re-sort on next use.
 */
import type { AckedAlert, Alert } from '../../src/contract/alerts.ts';
import {
  ALERT_FILTER_FIELDS,
  ALERT_SORT_VALUES,
  ALERT_TEXT_COLUMNS,
  type AlertSortColumn,
  type SortValue,
} from '../../src/domain/alertFields.ts';
import {
  compileFilter,
  filterKey,
  type FilterNode,
  type RowPredicate,
} from '../../src/domain/filters.ts';
import { rowRange } from './rowWindow.ts';

export type SortDirection = 'asc' | 'desc';

export interface AlertSort {
  column: AlertSortColumn;
  direction: SortDirection;
}

/** Newest first (SPEC §3 "alerts are listed by date range"). */
export const DEFAULT_ALERT_SORT: AlertSort = { column: 'timestamp', direction: 'desc' };

export interface AlertWindowRequest {
  sort?: AlertSort;
  filter?: FilterNode | null;
  /** First visible row. */
  start: number;
  /** Visible rows. */
  count: number;
  /** Extra rows on each side, so short scrolls need no new window. */
  margin?: number;
}

export interface AlertWindow {
  /** Index of rows[0] in the sorted, filtered list. */
  from: number;
  rows: Alert[];
  /** Rows that pass the filter. */
  total: number;
  /** Rows in the store. */
  storeSize: number;
  /** Store version the window was cut from. */
  version: number;
}

/** Above this many rows changed at once, views re-sort instead of placing each row. */
export const BULK_THRESHOLD_ROWS = 256;
/** Views kept sorted at the same time (each tab may sort and filter differently). */
export const MAX_CACHED_VIEWS = 8;

interface Entry {
  alert: Alert;
  /** Insertion sequence: the stable tie-break. */
  seq: number;
}

type EntryCompare = (a: Entry, b: Entry) => number;

interface View {
  compare: EntryCompare;
  predicate: RowPredicate<Alert>;
  /** Sorted entries that pass the predicate; null when stale. */
  rows: Entry[] | null;
  lastUsed: number;
  sort: AlertSort;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareValues(a: SortValue, b: SortValue, text: boolean): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (text) return collator.compare(String(a), String(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

function makeCompare(sort: AlertSort): EntryCompare {
  const get = ALERT_SORT_VALUES[sort.column];
  const text = ALERT_TEXT_COLUMNS.has(sort.column);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return (x, y) => {
    const a = get(x.alert);
    const b = get(y.alert);
    if (a === null || b === null) {
      // Rows without a value go last whatever the direction.
      const c = compareValues(a, b, text);
      if (c !== 0) return c;
    } else {
      const c = compareValues(a, b, text);
      if (c !== 0) return sign * c;
    }
    return x.seq - y.seq;
  };
}

/**
 * Sorts a whole view. Text columns are sorted through ranks: the distinct values (few: station
 * names, sources, users) are ordered once with the collator, then rows compare as numbers.
 * Gives the same order as `makeCompare(sort)`.
 */
function sortEntries(rows: Entry[], sort: AlertSort): void {
  if (!ALERT_TEXT_COLUMNS.has(sort.column)) {
    rows.sort(makeCompare(sort));
    return;
  }
  const get = ALERT_SORT_VALUES[sort.column];
  const distinct = new Set<string>();
  for (const e of rows) {
    const v = get(e.alert);
    if (v !== null) distinct.add(String(v));
  }
  const ordered = [...distinct].sort(collator.compare);
  const rank = new Map<string, number>();
  let r = 0;
  for (let i = 0; i < ordered.length; i++) {
    if (i > 0 && collator.compare(ordered[i - 1]!, ordered[i]!) !== 0) r++;
    rank.set(ordered[i]!, r);
  }
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((e) => {
    const v = get(e.alert);
    return { e, k: v === null ? null : rank.get(String(v))! };
  });
  keyed.sort((x, y) => {
    if (x.k !== y.k) {
      if (x.k === null) return 1;
      if (y.k === null) return -1;
      return sign * (x.k - y.k);
    }
    return x.e.seq - y.e.seq;
  });
  for (let i = 0; i < keyed.length; i++) rows[i] = keyed[i]!.e;
}

/** Index at which `entry` sits or would be inserted in `rows` (sorted by `compare`). */
function lowerBound(rows: readonly Entry[], entry: Entry, compare: EntryCompare): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(rows[mid]!, entry) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function viewKey(sort: AlertSort, filter: FilterNode | null | undefined): string {
  return `${sort.column}:${sort.direction}|${filterKey(filter)}`;
}

/**
 * The store keeps the alert objects it is given and hands the same objects out in windows:
 * callers treat them as immutable (a change is a new object through upsert/patch/ack).
 */
export class AlertStore {
  private readonly entries = new Map<number, Entry>();
  private readonly views = new Map<string, View>();
  private nextSeq = 0;
  private useCounter = 0;
  private versionNumber = 0;

  get size(): number {
    return this.entries.size;
  }

  /** Increases with every change; a tab compares it to know its window is outdated. */
  get version(): number {
    return this.versionNumber;
  }

  get(id: number): Alert | undefined {
    return this.entries.get(id)?.alert;
  }

  /** Inserts a new alert or replaces the row with the same id. */
  upsert(alert: Alert): void {
    this.applyChanges([alert]);
  }

  upsertMany(alerts: readonly Alert[]): void {
    this.applyChanges(alerts);
  }

  /** Replaces the whole content, e.g. after loading a new date range. */
  replaceAll(alerts: readonly Alert[]): void {
    this.entries.clear();
    for (const v of this.views.values()) v.rows = null;
    for (const alert of alerts) this.entries.set(alert.id, { alert, seq: this.nextSeq++ });
    this.versionNumber++;
  }

  /** Changes some fields of one alert (e.g. cleared); false when the id is unknown. */
  patch(id: number, changes: Partial<Omit<Alert, 'id'>>): boolean {
    const current = this.entries.get(id)?.alert;
    if (!current) return false;
    this.applyChanges([{ ...current, ...changes, id }]);
    return true;
  }

  /** Marks alerts acknowledged (ackAlert / ackAlerts / ack result); unknown ids are skipped. */
  ack(acked: readonly AckedAlert[]): number {
    const changed: Alert[] = [];
    for (const a of acked) {
      const current = this.entries.get(a.id)?.alert;
      if (!current) continue;
      changed.push({
        ...current,
        state: 'acknowledged',
        acknowledgedBy: a.acknowledgedBy,
        acknowledgedAt: a.acknowledgedAt,
      });
    }
    this.applyChanges(changed);
    return changed.length;
  }

  /** Removes alerts by id (deletedAlerts / delete result); returns how many existed. */
  remove(ids: readonly number[]): number {
    const removed: Entry[] = [];
    for (const id of ids) {
      const e = this.entries.get(id);
      if (!e) continue;
      this.entries.delete(id);
      removed.push(e);
    }
    if (removed.length === 0) return 0;
    this.versionNumber++;
    const bulk = removed.length > BULK_THRESHOLD_ROWS;
    for (const view of this.views.values()) {
      if (!view.rows) continue;
      if (bulk) {
        view.rows = view.rows.filter((e) => this.entries.get(e.alert.id) === e);
        continue;
      }
      for (const e of removed) this.removeFromView(view, e);
    }
    return removed.length;
  }

  clear(): void {
    this.replaceAll([]);
  }

  /** AS6: the rows of one window of the sorted, filtered list, and its total. */
  window(request: AlertWindowRequest): AlertWindow {
    const rows = this.sortedRows(request.sort ?? DEFAULT_ALERT_SORT, request.filter);
    const range = rowRange(request.start, request.count, request.margin ?? 0, rows.length);
    const out: Alert[] = new Array<Alert>(range.to - range.from);
    for (let i = range.from; i < range.to; i++) out[i - range.from] = rows[i]!.alert;
    return {
      from: range.from,
      rows: out,
      total: rows.length,
      storeSize: this.entries.size,
      version: this.versionNumber,
    };
  }

  /** Position of an alert in a sorted, filtered list; -1 when it is filtered out or unknown. */
  indexOf(id: number, sort: AlertSort = DEFAULT_ALERT_SORT, filter?: FilterNode | null): number {
    const entry = this.entries.get(id);
    if (!entry) return -1;
    const view = this.viewFor(sort, filter);
    const rows = this.rowsOf(view);
    if (!view.predicate(entry.alert)) return -1;
    const i = lowerBound(rows, entry, view.compare);
    return rows[i] === entry ? i : -1;
  }

  /** All rows of a sorted, filtered list (for export); prefer window() for display. */
  rows(sort: AlertSort = DEFAULT_ALERT_SORT, filter?: FilterNode | null): Alert[] {
    return this.sortedRows(sort, filter).map((e) => e.alert);
  }

  private sortedRows(sort: AlertSort, filter: FilterNode | null | undefined): readonly Entry[] {
    return this.rowsOf(this.viewFor(sort, filter));
  }

  private viewFor(sort: AlertSort, filter: FilterNode | null | undefined): View {
    const key = viewKey(sort, filter);
    let view = this.views.get(key);
    if (!view) {
      view = {
        compare: makeCompare(sort),
        predicate: compileFilter(filter, ALERT_FILTER_FIELDS),
        rows: null,
        lastUsed: 0,
        sort,
      };
      this.views.set(key, view);
      this.evictViews();
    }
    view.lastUsed = ++this.useCounter;
    return view;
  }

  private rowsOf(view: View): Entry[] {
    if (!view.rows) {
      const rows: Entry[] = [];
      for (const e of this.entries.values()) if (view.predicate(e.alert)) rows.push(e);
      sortEntries(rows, view.sort);
      view.rows = rows;
    }
    return view.rows;
  }

  private evictViews(): void {
    while (this.views.size > MAX_CACHED_VIEWS) {
      let oldestKey: string | null = null;
      let oldest = Infinity;
      for (const [k, v] of this.views) {
        if (v.lastUsed < oldest) {
          oldest = v.lastUsed;
          oldestKey = k;
        }
      }
      if (oldestKey === null) return;
      this.views.delete(oldestKey);
    }
  }

  private applyChanges(alerts: readonly Alert[]): void {
    if (alerts.length === 0) return;
    this.versionNumber++;
    const bulk = alerts.length > BULK_THRESHOLD_ROWS;
    if (bulk) for (const v of this.views.values()) v.rows = null;
    for (const alert of alerts) {
      const old = this.entries.get(alert.id);
      // An update keeps the row's place among equal sort values (stable).
      const entry: Entry = { alert, seq: old ? old.seq : this.nextSeq++ };
      this.entries.set(alert.id, entry);
      if (bulk) continue;
      for (const view of this.views.values()) {
        if (!view.rows) continue;
        if (old && this.replaceInPlace(view, old, entry)) continue;
        if (old) this.removeFromView(view, old);
        if (view.rows && view.predicate(alert)) {
          view.rows.splice(lowerBound(view.rows, entry, view.compare), 0, entry);
        }
      }
    }
  }

  /** An update that keeps its place (an ack in a list sorted by time) costs no memmove. */
  private replaceInPlace(view: View, old: Entry, next: Entry): boolean {
    const rows = view.rows!;
    if (!view.predicate(old.alert) || !view.predicate(next.alert)) return false;
    const i = lowerBound(rows, old, view.compare);
    if (rows[i] !== old) return false;
    const prev = rows[i - 1];
    const after = rows[i + 1];
    if (prev && view.compare(prev, next) >= 0) return false;
    if (after && view.compare(next, after) >= 0) return false;
    rows[i] = next;
    return true;
  }

  private removeFromView(view: View, entry: Entry): void {
    const rows = view.rows;
    if (!rows || !view.predicate(entry.alert)) return;
    const i = lowerBound(rows, entry, view.compare);
    if (rows[i] === entry) rows.splice(i, 1);
    else view.rows = null; // Should not happen; re-sort rather than show a wrong list.
  }
}
