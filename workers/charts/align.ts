/**
 * Series with their own timestamps joined on one x column, the shape uPlot draws
 * (`[xs, ...ys]`, STYLE.md). Like uPlot.join with NULL_RETAIN: a NaN (gap) becomes null so the
 * line breaks; a time another series has but this one lacks becomes undefined, which uPlot
 * bridges, so series sampled at different times still draw as continuous lines.
 */
import type { SeriesColumns } from './columns.ts';

export type AlignedYs = (number | null | undefined)[];
export type AlignedData = [xs: Float64Array, ...ys: AlignedYs[]];

/** Whether every series has exactly the timestamps of the first (one shared time column). */
function sameTimes(series: readonly SeriesColumns[]): boolean {
  const first = series[0]?.times;
  if (!first) return false;
  for (let k = 1; k < series.length; k++) {
    const times = series[k]!.times;
    if (times === first) continue;
    if (times.length !== first.length) return false;
    for (let i = 0; i < times.length; i++) if (times[i] !== first[i]) return false;
  }
  // Ascending without repeats, as the merge below would make it.
  for (let i = 1; i < first.length; i++)
    if (!((first[i] as number) > (first[i - 1] as number))) return false;
  return true;
}

export function alignSeries(series: readonly SeriesColumns[]): AlignedData {
  // Series read on one clock (archive values of the same interval) share their time column:
  // it is checked and taken as it is, without the sort and merge (AL4).
  if (sameTimes(series)) {
    const xs = Float64Array.from(series[0]!.times);
    const ys = series.map((s) => {
      const y: AlignedYs = new Array<number | null | undefined>(xs.length);
      for (let i = 0; i < xs.length; i++) {
        const v = s.values[i] as number;
        y[i] = Number.isNaN(v) ? null : v;
      }
      return y;
    });
    return [xs, ...ys];
  }
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
