/**
 * Per-pixel-column reduction (M4, as in "M4: A Visualization-Oriented Time Series Data
 * Aggregation", Jugel et al., VLDB 2014): of the points that fall into one pixel column only
 * the first, minimum, maximum and last are kept, in time order. A line drawn through them is
 * pixel-identical to one drawn through all points, so no spike is ever lost.
 *
 * RD1 Each column keeps first, min, max, last (fewer when they coincide).
 * RD2 A NaN (gap) splits its column into runs and is kept once, so the line breaks there.
 * RD3 One point before and one after the range are kept, so lines reach the edges.
 * RD4 One pass, O(n); the input is never changed; the result is new arrays.
 */
import { lowerBound, type SeriesColumns } from './columns.ts';

export interface PixelRange {
  start: number;
  end: number;
  /** Width of the plot in pixel columns (device pixels for a crisp line). */
  width: number;
}

class Output {
  times: Float64Array;
  values: Float64Array;
  length = 0;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  push(t: number, v: number): void {
    if (this.length === this.times.length) {
      const times = new Float64Array(this.times.length * 2 + 16);
      const values = new Float64Array(times.length);
      times.set(this.times);
      values.set(this.values);
      this.times = times;
      this.values = values;
    }
    this.times[this.length] = t;
    this.values[this.length] = v;
    this.length++;
  }

  result(): SeriesColumns {
    return { times: this.times.slice(0, this.length), values: this.values.slice(0, this.length) };
  }
}

export function reduceToPixels(
  times: Float64Array,
  values: Float64Array,
  range: PixelRange,
): SeriesColumns {
  const width = Math.max(1, Math.floor(range.width));
  const from = Math.max(0, lowerBound(times, range.start) - 1);
  const to = Math.min(times.length, lowerBound(times, range.end, from) + 1);
  if (to - from <= 4 * width || !(range.end > range.start)) {
    return { times: times.slice(from, to), values: values.slice(from, to) };
  }
  const scale = width / (range.end - range.start);
  const out = new Output(4 * width + 16);

  let active = false;
  let col = 0;
  let first = 0;
  let last = 0;
  let minI = 0;
  let maxI = 0;
  let lastWasGap = false;

  const emit = (i: number): void => {
    out.push(times[i] as number, values[i] as number);
  };
  const flush = (): void => {
    if (!active) return;
    active = false;
    emit(first);
    const a = Math.min(minI, maxI);
    const b = Math.max(minI, maxI);
    if (a !== first) emit(a);
    if (b !== a && b !== first) emit(b);
    if (last !== b && last !== first) emit(last);
  };

  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) {
      flush();
      if (!lastWasGap) emit(i);
      lastWasGap = true;
      continue;
    }
    lastWasGap = false;
    const t = times[i] as number;
    // Points outside the range land in columns -1 and width: one each (RD3).
    const c =
      t < range.start
        ? -1
        : t >= range.end
          ? width
          : Math.min(width - 1, Math.floor((t - range.start) * scale));
    if (!active || c !== col) {
      flush();
      active = true;
      col = c;
      first = last = minI = maxI = i;
      continue;
    }
    last = i;
    if (v < (values[minI] as number)) minI = i;
    if (v > (values[maxI] as number)) maxI = i;
  }
  flush();
  return out.result();
}
