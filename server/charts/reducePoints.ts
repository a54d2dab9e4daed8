/**
 * Server-side point reduction (contract CHART_DATA_LIMITS): beyond maxPoints the range is cut
 * into maxPoints / 5 equal time buckets; each keeps its first, minimum, maximum and last value
 * and its first gap, in time order. So no spike is lost and a gap stays visible.
 */
import type { ChartPoints } from '../../src/contract/charts.ts';

export interface Reduced {
  points: ChartPoints;
  /** Points before reduction, or null when nothing was reduced. */
  reducedFrom: number | null;
}

export function reducePoints(
  points: ChartPoints,
  start: number,
  end: number,
  maxPoints: number,
): Reduced {
  const { t, v } = points;
  const n = t.length;
  if (n <= maxPoints) return { points, reducedFrom: null };
  const buckets = Math.max(1, Math.floor(maxPoints / 5));
  const width = Math.max(1, end - start) / buckets;
  const out: ChartPoints = { t: [], v: [] };
  const keep: number[] = [];
  let bucket = -1;
  let first = -1;
  let last = -1;
  let minI = -1;
  let maxI = -1;
  let gap = -1;
  const emit = (): void => {
    if (first < 0) return;
    keep.length = 0;
    for (const i of [first, minI, maxI, last, gap]) if (i >= 0 && !keep.includes(i)) keep.push(i);
    keep.sort((a, b) => a - b);
    for (const i of keep) {
      out.t.push(t[i]!);
      out.v.push(v[i]!);
    }
  };
  for (let i = 0; i < n; i++) {
    const b = Math.min(buckets - 1, Math.max(0, Math.floor((t[i]! - start) / width)));
    if (b !== bucket) {
      emit();
      bucket = b;
      first = i;
      minI = -1;
      maxI = -1;
      gap = -1;
    }
    last = i;
    const value = v[i]!;
    if (value === null) {
      if (gap < 0) gap = i;
      continue;
    }
    if (minI < 0 || value < v[minI]!) minI = i;
    if (maxI < 0 || value > v[maxI]!) maxI = i;
  }
  emit();
  return { points: out, reducedFrom: n };
}
