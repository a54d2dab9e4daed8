/**
 * A live chart series (SPEC §4 "Live series") as growable Float64Array columns: appended from
 * the value store, trimmed at the front by binary search, handed out only as copies.
 *
 * LS1 Points append in time order; a point older than the last is dropped, one at the same
 *     time replaces the last value.
 * LS2 When no update came for over 5 time units, the last value is repeated as a new point
 *     at now, so the line reaches the present; the time unit is the chart's sampling unit.
 * LS3 Trimming removes the points before a cut-off but keeps the one just before it, so the
 *     line still starts at the left edge.
 * LS4 Snapshots are copies; the live buffers never leave this object.
 * LS5 Growth doubles the capacity and trimming only moves a head index, compacting when the
 *     dead prefix outgrows the live part: append and trim are amortised O(1) / O(log n).
 */
import { lowerBound, type SeriesColumns } from './columns.ts';

/** SPEC §4: repeat after more than this many time units without an update. */
export const REPEAT_AFTER_UNITS = 5;
const INITIAL_CAPACITY = 256;

export interface LiveSeriesOptions {
  /** The chart's sampling unit in ms (e.g. 1000 for a live chart sampled per second). */
  timeUnitMs: number;
  initialCapacity?: number;
}

export class LiveSeries {
  private times: Float64Array;
  private values: Float64Array;
  private head = 0;
  private tail = 0;
  private readonly timeUnitMs: number;

  constructor(options: LiveSeriesOptions) {
    if (!(options.timeUnitMs > 0)) throw new RangeError('LiveSeries: timeUnitMs must be > 0');
    this.timeUnitMs = options.timeUnitMs;
    const capacity = Math.max(4, options.initialCapacity ?? INITIAL_CAPACITY);
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  get length(): number {
    return this.tail - this.head;
  }

  get firstTime(): number | null {
    return this.length > 0 ? (this.times[this.head] as number) : null;
  }

  get lastTime(): number | null {
    return this.length > 0 ? (this.times[this.tail - 1] as number) : null;
  }

  get lastValue(): number | null {
    return this.length > 0 ? (this.values[this.tail - 1] as number) : null;
  }

  /** LS1. Returns whether the series changed. NaN values are gaps. */
  append(time: number, value: number): boolean {
    const last = this.lastTime;
    if (last !== null && time < last) return false;
    if (last !== null && time === last) {
      this.values[this.tail - 1] = value;
      return true;
    }
    this.push(time, value);
    return true;
  }

  /** LS2: call on every tick of the chart's clock. Returns whether a point was added. */
  repeatIfStale(now: number): boolean {
    const last = this.lastTime;
    const value = this.lastValue;
    if (last === null || value === null) return false;
    if (now - last <= REPEAT_AFTER_UNITS * this.timeUnitMs) return false;
    this.push(now, value);
    return true;
  }

  /** LS3: drops points before `cutoff`, keeping the last one before it. Returns how many. */
  trimBefore(cutoff: number): number {
    const firstKept = lowerBound(this.times, cutoff, this.head, this.tail) - 1;
    const removed = Math.max(0, firstKept - this.head);
    this.head += removed;
    if (this.head === this.tail) this.head = this.tail = 0;
    return removed;
  }

  /** LS4: a copy of all points. */
  snapshot(): SeriesColumns {
    return {
      times: this.times.slice(this.head, this.tail),
      values: this.values.slice(this.head, this.tail),
    };
  }

  /** LS4: a copy of the points in [start, end), with one beyond each edge. */
  snapshotRange(start: number, end: number): SeriesColumns {
    const a = Math.max(this.head, lowerBound(this.times, start, this.head, this.tail) - 1);
    const z = Math.min(this.tail, lowerBound(this.times, end, this.head, this.tail) + 1);
    return { times: this.times.slice(a, z), values: this.values.slice(a, z) };
  }

  clear(): void {
    this.head = this.tail = 0;
  }

  private push(time: number, value: number): void {
    if (this.tail === this.times.length) this.makeRoom();
    this.times[this.tail] = time;
    this.values[this.tail] = value;
    this.tail++;
  }

  /** LS5: compact when at least half the buffer is dead, otherwise double. */
  private makeRoom(): void {
    const live = this.tail - this.head;
    if (this.head >= live) {
      this.times.copyWithin(0, this.head, this.tail);
      this.values.copyWithin(0, this.head, this.tail);
    } else {
      const times = new Float64Array(this.times.length * 2);
      const values = new Float64Array(times.length);
      times.set(this.times.subarray(this.head, this.tail));
      values.set(this.values.subarray(this.head, this.tail));
      this.times = times;
      this.values = values;
    }
    this.head = 0;
    this.tail = live;
  }
}
