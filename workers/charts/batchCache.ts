/**
 * Chart data batches (SPEC §4, DESIGN.md "Charts"): per key, i.e. (chart or series set, data
 * source), time ranges in the states loading, done or error; a range no batch covers is empty.
 *
 * BC1 `missingRanges` returns only the parts of a request no done or loading batch covers and
 *     marks them loading, so a range is never requested twice at once.
 * BC2 `complete` turns a loading batch done; its data is cut to the batch's half-open range.
 * BC3 Adjacent done batches merge into one; series are concatenated in time order and a point
 *     at the seam is kept once.
 * BC4 `fail` marks a loading batch error; the next `missingRanges` over it requests it again.
 * BC5 Memory is bounded: beyond the point budget, the least recently used done batches are
 *     evicted (never loading ones, never the batch just completed).
 * BC6 `read` returns copies, one point beyond each edge included when cached, so lines reach
 *     the plot edges.
 */
import type { DataSourceType } from '../../src/contract/charts.ts';
import type { TimeRange } from '../../src/domain/timeUnits.ts';
import {
  concatAll,
  concatColumns,
  lowerBound,
  sliceColumns,
  type SeriesColumns,
} from './columns.ts';

export type BatchState = 'empty' | 'loading' | 'done' | 'error';
/** Series columns by series id. */
export type BatchData = ReadonlyMap<string, SeriesColumns>;

export interface BatchInfo {
  start: number;
  end: number;
  state: Exclude<BatchState, 'empty'>;
  points: number;
  error: string | null;
}

interface Batch extends BatchInfo {
  data: Map<string, SeriesColumns>;
  lastUsed: number;
}

/** About 32 MB of Float64 time/value pairs. */
export const DEFAULT_BATCH_BUDGET_POINTS = 2_000_000;

/** The cache key of a chart (or an ad-hoc series set) and a data source. */
export function batchKey(chartOrSeriesSet: string | number, source: DataSourceType): string {
  return `${chartOrSeriesSet}|${source}`;
}

function countPoints(data: ReadonlyMap<string, SeriesColumns>): number {
  let n = 0;
  for (const c of data.values()) n += c.times.length;
  return n;
}

export class ChartBatchCache {
  private readonly byKey = new Map<string, Batch[]>();
  private useCounter = 0;
  private total = 0;

  constructor(private readonly budgetPoints = DEFAULT_BATCH_BUDGET_POINTS) {}

  /** Points held over all keys. */
  get totalPoints(): number {
    return this.total;
  }

  /** BC1, BC4: the gaps of `range`, now marked loading. */
  missingRanges(key: string, range: TimeRange): TimeRange[] {
    if (!(range.end > range.start)) return [];
    const batches = this.list(key);
    const gaps: TimeRange[] = [];
    let cursor = range.start;
    for (const b of batches) {
      if (b.state === 'error' || b.end <= cursor || b.start >= range.end) continue;
      if (b.state === 'done') b.lastUsed = ++this.useCounter;
      if (b.start > cursor) gaps.push({ start: cursor, end: b.start });
      cursor = Math.max(cursor, b.end);
    }
    if (cursor < range.end) gaps.push({ start: cursor, end: range.end });
    if (gaps.length === 0) return gaps;
    // Errored batches under a gap are retried: the new loading batch replaces them.
    const kept = batches.filter(
      (b) => b.state !== 'error' || !gaps.some((g) => b.start < g.end && b.end > g.start),
    );
    for (const g of gaps) {
      kept.push({ ...g, state: 'loading', points: 0, error: null, data: new Map(), lastUsed: 0 });
    }
    this.store(key, kept);
    return gaps;
  }

  /** BC2, BC3, BC5. Returns false when no such loading batch exists (cleared meanwhile). */
  complete(key: string, range: TimeRange, data: BatchData): boolean {
    const batch = this.findLoading(key, range);
    if (!batch) return false;
    const cut = new Map<string, SeriesColumns>();
    for (const [id, columns] of data) cut.set(id, sliceColumns(columns, range.start, range.end));
    batch.state = 'done';
    batch.data = cut;
    batch.points = countPoints(cut);
    batch.lastUsed = ++this.useCounter;
    this.total += batch.points;
    const merged = this.merge(key, batch);
    this.evict(merged);
    return true;
  }

  /** BC4. Returns false when no such loading batch exists. */
  fail(key: string, range: TimeRange, message: string): boolean {
    const batch = this.findLoading(key, range);
    if (!batch) return false;
    batch.state = 'error';
    batch.error = message;
    return true;
  }

  /** The state of a range: done when done batches cover it; else loading, error or empty. */
  stateOf(key: string, range: TimeRange): BatchState {
    const over = this.list(key).filter((b) => b.start < range.end && b.end > range.start);
    let cursor = range.start;
    for (const b of over) {
      if (b.state !== 'done' || b.start > cursor) break;
      cursor = Math.max(cursor, b.end);
    }
    if (cursor >= range.end) return 'done';
    if (over.some((b) => b.state === 'loading')) return 'loading';
    if (over.some((b) => b.state === 'error')) return 'error';
    return 'empty';
  }

  /** BC6: cached points of every series in [start, end), plus one beyond each edge. */
  read(key: string, range: TimeRange): Map<string, SeriesColumns> {
    const result = new Map<string, SeriesColumns>();
    const done = this.list(key).filter((b) => b.state === 'done');
    const i0 = done.findIndex((b) => b.end > range.start);
    if (i0 < 0) return result;
    let i1 = done.findIndex((b) => b.start >= range.end);
    if (i1 < 0) i1 = done.length;
    // Views on the batches first, one copy at the end: a short window of a large batch
    // copies only its own points. Neighbours contribute their edge point only.
    const parts = new Map<string, SeriesColumns[]>();
    const from = Math.max(0, i0 - 1);
    const to = Math.min(done.length, i1 + 1);
    for (let i = from; i < to; i++) {
      const b = done[i] as Batch;
      if (i >= i0 && i < i1) b.lastUsed = ++this.useCounter;
      for (const [id, c] of b.data) {
        const n = c.times.length;
        let a = 0;
        let z = n;
        if (i < i0) a = n - 1;
        else if (i >= i1) z = Math.min(n, 1);
        else {
          a = Math.max(0, lowerBound(c.times, range.start) - 1);
          z = Math.min(n, lowerBound(c.times, range.end, a) + 1);
        }
        if (z <= a) continue;
        const list = parts.get(id) ?? [];
        list.push({ times: c.times.subarray(a, z), values: c.values.subarray(a, z) });
        parts.set(id, list);
      }
    }
    for (const [id, list] of parts) {
      const c = concatAll(list);
      const a = Math.max(0, lowerBound(c.times, range.start) - 1);
      const z = Math.min(c.times.length, lowerBound(c.times, range.end) + 1);
      result.set(id, { times: c.times.slice(a, z), values: c.values.slice(a, z) });
    }
    return result;
  }

  /** The batches of a key in time order, for status display and tests. */
  batches(key: string): BatchInfo[] {
    return this.list(key).map(({ start, end, state, points, error }) => ({
      start,
      end,
      state,
      points,
      error,
    }));
  }

  /** Forgets a key; results still loading for it are then ignored. */
  clear(key: string): void {
    for (const b of this.list(key)) this.total -= b.state === 'done' ? b.points : 0;
    this.byKey.delete(key);
  }

  private list(key: string): Batch[] {
    return this.byKey.get(key) ?? [];
  }

  private store(key: string, batches: Batch[]): void {
    batches.sort((a, b) => a.start - b.start);
    if (batches.length === 0) this.byKey.delete(key);
    else this.byKey.set(key, batches);
  }

  private findLoading(key: string, range: TimeRange): Batch | undefined {
    return this.list(key).find(
      (b) => b.state === 'loading' && b.start === range.start && b.end === range.end,
    );
  }

  /** BC3: merges `batch` with done neighbours that touch it; returns the resulting batch. */
  private merge(key: string, batch: Batch): Batch {
    const batches = this.list(key);
    let at = batches.indexOf(batch);
    let current = batch;
    const join = (a: Batch, b: Batch): Batch => {
      const data = new Map<string, SeriesColumns>();
      for (const id of new Set([...a.data.keys(), ...b.data.keys()])) {
        const x = a.data.get(id);
        const y = b.data.get(id);
        data.set(id, x && y ? concatColumns(x, y) : ((x ?? y) as SeriesColumns));
      }
      const points = countPoints(data);
      this.total += points - a.points - b.points;
      return {
        start: a.start,
        end: b.end,
        state: 'done',
        points,
        error: null,
        data,
        lastUsed: Math.max(a.lastUsed, b.lastUsed),
      };
    };
    const prev = batches[at - 1];
    if (prev && prev.state === 'done' && prev.end === current.start) {
      current = join(prev, current);
      batches.splice(at - 1, 2, current);
      at -= 1;
    }
    const next = batches[at + 1];
    if (next && next.state === 'done' && current.end === next.start) {
      current = join(current, next);
      batches.splice(at, 2, current);
    }
    return current;
  }

  /** BC5: least recently used done batches go first. */
  private evict(protect: Batch): void {
    if (this.total <= this.budgetPoints) return;
    const candidates: { key: string; batch: Batch }[] = [];
    for (const [key, batches] of this.byKey) {
      for (const batch of batches) {
        if (batch.state === 'done' && batch !== protect) candidates.push({ key, batch });
      }
    }
    candidates.sort((a, b) => a.batch.lastUsed - b.batch.lastUsed);
    for (const { key, batch } of candidates) {
      if (this.total <= this.budgetPoints) break;
      this.total -= batch.points;
      this.store(
        key,
        this.list(key).filter((b) => b !== batch),
      );
    }
  }
}
