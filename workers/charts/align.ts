/**
 * Series with their own timestamps joined on one x column, the shape uPlot draws
 * (`[xs, ...ys]`, STYLE.md). Like uPlot.join with NULL_RETAIN: a NaN (gap) becomes null so the
 * line breaks; a time another series has but this one lacks becomes undefined, which uPlot
 * bridges, so series sampled at different times still draw as continuous lines.
 */
import type { SeriesColumns } from './columns.ts';

export type AlignedYs = (number | null | undefined)[];
export type AlignedData = [xs: Float64Array, ...ys: AlignedYs[]];

export function alignSeries(series: readonly SeriesColumns[]): AlignedData {
  let total = 0;
  for (const s of series) total += s.times.length;
  const all = new Float64Array(total);
  let at = 0;
  for (const s of series) {
    all.set(s.times, at);
    at += s.times.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    if (n === 0 || all[i] !== all[n - 1]) all[n++] = all[i] as number;
  }
  const xs = all.slice(0, n);
  const ys = series.map((s) => {
    const y: AlignedYs = new Array<number | null | undefined>(n).fill(undefined);
    let j = 0;
    for (let i = 0; i < s.times.length; i++) {
      const t = s.times[i] as number;
      while ((xs[j] as number) < t) j++;
      const v = s.values[i] as number;
      y[j] = Number.isNaN(v) ? null : v;
    }
    return y;
  });
  return [xs, ...ys];
}
