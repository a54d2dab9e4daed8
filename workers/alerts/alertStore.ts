/**
 * The sorted, filtered views of an alert list (`alertRows.ts`), for all tabs. Tabs ask for a
 * window (sort, filter, first row, count, margin) and receive only those rows and the total.
 * Each (sort, filter) view keeps its rows sorted; single inserts, acks and deletes are placed
 * by binary search (one memmove, no re-sort), bulk changes mark views stale and they re-sort
 * on next use. The engine loads this module with the first alert list a tab opens.
 *
 * Hot path: the alert row window. Each tab's scroll, filter and every new alert ends here, for
 * 100,000 rows and more, and a view's frame carries only its window plus a margin
 * (ALERT_WINDOW_MARGIN_ROWS). It keeps a change at one binary search and one splice per view
 * and a window at a slice: at 100,000 rows a filter costs the engine 4-9 ms on a core and the
 * page 25-35 ms (`npx tsx bench/alert-filter-trace.ts`, bench/README.md), a new alarm is on
 * screen at the top in 42 ms p95 at 10 alerts/s (full run 2026-11-27, bench/RESULTS.md; the
 * targets are ≤ 50 ms and ≤ 250 ms). Taken with `npm run bench -- --only alerts` and
 * `--only alertFlood`; `npx tsx bench/alert-row-trace.ts` for one new alert's frame. Do not
 * add here: a sort or filter over every row per change (only bulk changes re-sort, on next
 * use), a copy of the whole list per frame, or rows beyond the window in a frame.
 */
import type { Alert } from '../../src/contract/alerts.ts';
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
  type FilterFields,
  type FilterNode,
  type RowPredicate,
} from '../../src/domain/filters.ts';
import { AlertRows, type AlertEntry, type AlertRowsObserver } from './alertRows.ts';
import { rowRange } from './rowWindow.ts';

export { BULK_THRESHOLD_ROWS } from './alertRows.ts';

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

/** Views kept sorted at the same time (each tab may sort and filter differently). */
export const MAX_CACHED_VIEWS = 8;
/**
 * Distinct alert texts a list names by number (AlertEntry.textId). Texts repeat (a station, a
 * source, a kind of alarm): 100,000 archive rows hold a few thousand. Past this many, a new
 * text gets no number and a filter tests it by its text (a list whose texts carry values
 * could otherwise grow the names for weeks on a wall monitor).
 */
export const MAX_TEXT_IDS = 65_536;

type Entry = AlertEntry;

/** The alert columns read from a list's entries; the text by its number (AlertEntry.textId). */
const ENTRY_FILTER_FIELDS: FilterFields<Entry> = Object.fromEntries(
  Object.entries(ALERT_FILTER_FIELDS).map(([name, { kind, get }]) => [
    name,
    {
      kind,
      get: (e: Entry) => get(e.alert),
      ...(name === 'text' ? { textId: (e: Entry) => e.textId } : {}),
    },
  ]),
);

type EntryCompare = (a: Entry, b: Entry) => number;

interface View {
  compare: EntryCompare;
  predicate: RowPredicate<Entry>;
  /** Sorted entries that pass the predicate; null when stale. */
  rows: Entry[] | null;
  lastUsed: number;
  sort: AlertSort;
  /** False for the whole list in this order. */
  filtered: boolean;
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

/** The sorted views of one list of rows; it follows every change of the rows. */
export class AlertViews implements AlertRowsObserver {
  private readonly views = new Map<string, View>();
  private useCounter = 0;
  /**
   * The list's texts by number: a text filter over 100,000 rows tests each distinct text once
   * (FilterField.textId). A number never names another text while the views live, so a
   * compiled filter's answers per number stay true.
   */
  private readonly textIds = new Map<string, number>();

  constructor(private readonly store: AlertRows) {
    store.observe(this);
    this.numberTexts();
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
      storeSize: this.store.size,
      version: this.store.version,
    };
  }

  /** Position of an alert in a sorted, filtered list; -1 when it is filtered out or unknown. */
  indexOf(id: number, sort: AlertSort = DEFAULT_ALERT_SORT, filter?: FilterNode | null): number {
    const entry = this.store.entry(id);
    if (!entry) return -1;
    const view = this.viewFor(sort, filter);
    const rows = this.rowsOf(view);
    if (!view.predicate(entry)) return -1;
    const i = lowerBound(rows, entry, view.compare);
    return rows[i] === entry ? i : -1;
  }

  /** All rows of a sorted, filtered list (for export); prefer window() for display. */
  rows(sort: AlertSort = DEFAULT_ALERT_SORT, filter?: FilterNode | null): Alert[] {
    return this.sortedRows(sort, filter).map((e) => e.alert);
  }

  reset(): void {
    for (const v of this.views.values()) v.rows = null;
    this.numberTexts();
  }

  put(entry: Entry, old: Entry | undefined): void {
    // An update that keeps its text (an ack, a clear) keeps its number: no lookup per put.
    entry.textId =
      old && old.textId >= 0 && old.alert.text === entry.alert.text
        ? old.textId
        : this.textIdOf(entry.alert.text);
    for (const view of this.views.values()) {
      if (!view.rows) continue;
      if (old && this.replaceInPlace(view, old, entry)) continue;
      if (old) this.removeFromView(view, old);
      if (view.rows && view.predicate(entry)) {
        view.rows.splice(lowerBound(view.rows, entry, view.compare), 0, entry);
      }
    }
  }

  removed(entries: readonly Entry[], bulk: boolean): void {
    for (const view of this.views.values()) {
      if (!view.rows) continue;
      if (bulk) {
        view.rows = view.rows.filter((e) => this.store.entry(e.alert.id) === e);
        continue;
      }
      for (const e of entries) this.removeFromView(view, e);
    }
  }

  /** Gives the rows without a number theirs (new rows; past MAX_TEXT_IDS they stay without). */
  private numberTexts(): void {
    for (const e of this.store.allEntries())
      if (e.textId < 0) e.textId = this.textIdOf(e.alert.text);
  }

  private textIdOf(text: string): number {
    let id = this.textIds.get(text);
    if (id === undefined) {
      if (this.textIds.size >= MAX_TEXT_IDS) return -1;
      id = this.textIds.size;
      this.textIds.set(text, id);
    }
    return id;
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
        predicate: compileFilter(filter, ENTRY_FILTER_FIELDS),
        rows: null,
        lastUsed: 0,
        sort,
        filtered: filterKey(filter) !== '',
      };
      this.views.set(key, view);
      this.evictViews();
    }
    view.lastUsed = ++this.useCounter;
    return view;
  }

  private rowsOf(view: View): Entry[] {
    if (!view.rows) {
      // AS9: a filter over a list already sorted the same way keeps that order; no sort.
      const sorted = view.filtered ? this.views.get(viewKey(view.sort, null))?.rows : null;
      if (sorted) {
        view.rows = sorted.filter(view.predicate);
        return view.rows;
      }
      const rows: Entry[] = [];
      for (const e of this.store.allEntries()) if (view.predicate(e)) rows.push(e);
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

  /** An update that keeps its place (an ack in a list sorted by time) costs no memmove. */
  private replaceInPlace(view: View, old: Entry, next: Entry): boolean {
    const rows = view.rows!;
    if (!view.predicate(old) || !view.predicate(next)) return false;
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
    if (!rows || !view.predicate(entry)) return;
    const i = lowerBound(rows, entry, view.compare);
    if (rows[i] === entry) rows.splice(i, 1);
    else view.rows = null; // Should not happen; re-sort rather than show a wrong list.
  }
}

/** Rows and their views in one object (tests, the alert views' own checks). */
export class AlertStore extends AlertRows {
  private readonly views = new AlertViews(this);

  window(request: AlertWindowRequest): AlertWindow {
    return this.views.window(request);
  }

  indexOf(id: number, sort?: AlertSort, filter?: FilterNode | null): number {
    return this.views.indexOf(id, sort, filter);
  }

  rows(sort?: AlertSort, filter?: FilterNode | null): Alert[] {
    return this.views.rows(sort, filter);
  }
}
