/** Small helpers that pool per-tab samples into per-run figures. */
import { percentile } from './stats.ts';

export function pooledPercentile(perTab: readonly (readonly number[])[], p: number): number {
  return percentile(perTab.flat(), p);
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

export function mean(values: readonly number[]): number {
  return values.length ? sum(values) / values.length : Number.NaN;
}
