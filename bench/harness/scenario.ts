/**
 * The scenario contract. A scenario is one file in bench/scenarios/ whose default export
 * is `defineScenario({...})`: an id, a title, the figures it reports, quick and full
 * parameters and a `run(ctx, params)` that returns samples per figure. The harness turns
 * samples into medians with spread, ratios against the baseline and fractions of the
 * machine limits, and writes the report.
 */
import type { BenchContext } from './context.ts';
import type { Summary } from './stats.ts';

export type Better = 'higher' | 'lower';

export interface Target {
  op: '<=' | '>=';
  value: number;
}

/** A figure a scenario reports, declared up front so unmeasured ones still appear. */
export interface FigureSpec {
  id: string;
  label: string;
  unit: string;
  better: Better;
  /** Absolute target from the issue, on the figure's own unit. */
  target?: Target;
  /** True when the naive baseline is measured too and the report shows the ratio. */
  compare?: boolean;
  /** `scenarioId.figureId` of a machine limit; the report shows value / limit. */
  limit?: string;
  /**
   * How far over its floor Pegel may be (issue 58: 1.25 means ≤ 1.25 × the floor). The floor
   * is a page (bench/baseline/floor/) that writes the same texts with plain DOM calls; a
   * figure whose floor is measured (FigureSamples.floor) shows it with or without a target.
   */
  floorTarget?: number;
  /**
   * Issue 58: no view slower or heavier than the naive client in the same run. The ratio to the
   * baseline (> 1: Pegel better) is checked against ×1 and the report marks it.
   */
  naiveTarget?: boolean;
  /**
   * Under this, on both Pegel's side and the floor's, a figure is the noise of a page that does
   * next to nothing (an idle tab: the browser's own work, a collection, no script of the
   * page's), and their ratio says nothing: the report says so instead of computing one.
   */
  floorNoise?: number;
}

/**
 * Samples of one figure: one number per run, for Pegel (or the machine), the naive baseline
 * and the floor page.
 */
export interface FigureSamples {
  value?: number[];
  baseline?: number[];
  floor?: number[];
  note?: string;
}

/** One sample of one run: Pegel's (or the machine's), the baseline's or the floor's. */
export function addSample(
  figures: Record<string, FigureSamples>,
  side: 'pegel' | 'baseline' | 'floor',
  id: string,
  value: number,
): void {
  const f = (figures[id] ??= {});
  const key = side === 'pegel' ? 'value' : side;
  (f[key] ??= []).push(value);
}

export interface Plot {
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  x: number[];
  series: { label: string; y: (number | null)[] }[];
  logX?: boolean;
  logY?: boolean;
}

/** Heaps over simulated hours (the soak runs): each series' bytes shown in MB. */
export function heapPlot(
  id: string,
  title: string,
  hours: number[],
  heaps: readonly (readonly [label: string, bytes: readonly number[]])[],
): Plot {
  return {
    id,
    title,
    xLabel: 'simulated h',
    yLabel: 'MB',
    x: hours,
    series: heaps.map(([label, bytes]) => ({ label, y: bytes.map((b) => b / 1e6) })),
  };
}

export interface ScenarioOutput {
  /** Samples per figure id; figures without an entry are reported as not measured. */
  figures: Record<string, FigureSamples>;
  plots?: Plot[];
  /** Why some figures are missing, shown in the report. */
  notes?: string[];
}

export interface Scenario<P extends object = object> {
  id: string;
  title: string;
  /** Run order; machine limits first, because other scenarios are expressed as fractions of them. */
  order: number;
  figures: FigureSpec[];
  quick: P;
  full: P;
  run(ctx: BenchContext, params: P): Promise<ScenarioOutput>;
}

/** Identity helper that checks a scenario's parameter type against its run function. */
export function defineScenario<P extends object>(scenario: Scenario<P>): Scenario<P> {
  return scenario;
}

/**
 * Thrown by a scenario whose prerequisites are missing (no hub, no load mode, no engine
 * chunk). The run goes on; the report lists the scenario as not measured with this reason.
 */
export class NotReady extends Error {
  override readonly name = 'NotReady';
}

export interface Measurement {
  samples: number[];
  summary: Summary;
}

export interface FigureResult extends FigureSpec {
  value?: Measurement;
  baseline?: Measurement;
  /** > 1 means Pegel is better than the baseline by that factor (either direction of better). */
  ratio?: number;
  floor?: Measurement;
  /** Pegel over the floor page: 1.3 means 1.3 times the floor's cost (or a 1.3th of its rate). */
  overFloor?: number;
  /** `overFloor` within `floorTarget`. */
  meetsFloorTarget?: boolean;
  /** Pegel no worse than the naive baseline (`ratio` >= 1), for a figure with `naiveTarget`. */
  meetsNaiveTarget?: boolean;
  /** Pegel's median and the floor's both under `floorNoise`: no ratio, the report says why. */
  withinFloorNoise?: boolean;
  /** Median value divided by the median of the referenced machine limit. */
  fractionOfLimit?: number;
  meetsTarget?: boolean;
  note?: string;
}

export type ScenarioStatus = 'measured' | 'partial' | 'not-measured' | 'failed';

export interface ScenarioResult {
  id: string;
  title: string;
  status: ScenarioStatus;
  reason?: string;
  params: object;
  durationMs: number;
  figures: FigureResult[];
  plots: Plot[];
  notes: string[];
}
