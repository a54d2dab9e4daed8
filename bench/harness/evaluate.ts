/** Turns a scenario's raw samples into report figures: summaries, ratios, limits, targets. */
import type {
  FigureResult,
  FigureSpec,
  Measurement,
  ScenarioOutput,
  ScenarioResult,
  ScenarioStatus,
} from './scenario.ts';
import { summarize } from './stats.ts';

function measure(samples: number[] | undefined): Measurement | undefined {
  if (!samples || samples.length === 0) return undefined;
  return { samples, summary: summarize(samples) };
}

/** Ratio oriented so that > 1 means Pegel is better than the baseline. */
export function ratioOf(spec: FigureSpec, pegel: number, baseline: number): number | undefined {
  const r = spec.better === 'higher' ? pegel / baseline : baseline / pegel;
  return Number.isFinite(r) ? r : undefined;
}

/**
 * Pegel over the floor page, oriented so that > 1 means Pegel is worse than the floor by that
 * factor (the floor is what no page can beat, so the figure is at least about 1); none when
 * either figure is not above zero.
 */
export function overFloorOf(spec: FigureSpec, pegel: number, floor: number): number | undefined {
  // A fitted figure at or below zero (a fit over noisy windows) has no ratio to speak of.
  if (!(pegel > 0 && floor > 0)) return undefined;
  const r = spec.better === 'higher' ? floor / pegel : pegel / floor;
  return Number.isFinite(r) ? r : undefined;
}

/**
 * Both Pegel's median and the floor's are under the figure's `floorNoise`: what either page
 * does is within the noise of one that does nothing, and a ratio of the two would be noise too
 * (an idle floor at 0.16 ms/s against Pegel at 0.45 reads ×2.8).
 */
export function withinNoise(spec: FigureSpec, pegel: number, floor: number): boolean {
  return spec.floorNoise !== undefined && pegel < spec.floorNoise && floor < spec.floorNoise;
}

/** Looks a measured median up by `scenarioId.figureId` in earlier results of the same run. */
export type LimitLookup = (ref: string) => number | undefined;

export function evaluateFigure(
  spec: FigureSpec,
  output: ScenarioOutput['figures'][string] | undefined,
  limitOf: LimitLookup,
): FigureResult {
  const result: FigureResult = { ...spec };
  const value = measure(output?.value);
  const baseline = measure(output?.baseline);
  const floor = measure(output?.floor);
  if (value) result.value = value;
  if (baseline) result.baseline = baseline;
  if (floor) result.floor = floor;
  if (output?.note) result.note = output.note;
  if (value && baseline) {
    const r = ratioOf(spec, value.summary.median, baseline.summary.median);
    if (r !== undefined) {
      result.ratio = r;
      if (spec.naiveTarget) result.meetsNaiveTarget = r >= 1;
    }
  }
  if (value && floor && withinNoise(spec, value.summary.median, floor.summary.median)) {
    result.withinFloorNoise = true;
  } else if (value && floor) {
    const r = overFloorOf(spec, value.summary.median, floor.summary.median);
    if (r !== undefined) {
      result.overFloor = r;
      if (spec.floorTarget !== undefined) result.meetsFloorTarget = r <= spec.floorTarget;
    }
  }
  if (value && spec.limit) {
    const limit = limitOf(spec.limit);
    if (limit) result.fractionOfLimit = value.summary.median / limit;
  }
  if (value && spec.target) {
    const m = value.summary.median;
    result.meetsTarget = spec.target.op === '<=' ? m <= spec.target.value : m >= spec.target.value;
  }
  return result;
}

export function statusOf(figures: FigureResult[]): ScenarioStatus {
  const measured = figures.filter((f) => f.value || f.baseline || f.floor).length;
  if (measured === 0) return 'not-measured';
  return measured === figures.length ? 'measured' : 'partial';
}

/** Builds a limit lookup over results already produced in this run. */
export function limitLookup(results: readonly ScenarioResult[]): LimitLookup {
  return (ref) => {
    const dot = ref.indexOf('.');
    const scenario = results.find((r) => r.id === ref.slice(0, dot));
    const figure = scenario?.figures.find((f) => f.id === ref.slice(dot + 1));
    return figure?.value?.summary.median;
  };
}

/**
 * A written run's checks again, from the figures' specs of today (a target added after the
 * run) and the samples as they were measured: nothing is measured, only judged. A figure
 * whose scenario no longer declares it keeps its spec from the run.
 */
export function reevaluate(
  scenarios: readonly ScenarioResult[],
  specsOf: (scenarioId: string) => readonly FigureSpec[] | undefined,
): ScenarioResult[] {
  const out: ScenarioResult[] = [];
  for (const s of scenarios) {
    const specs = specsOf(s.id);
    const figures = s.figures.map((f) => {
      const spec: FigureSpec = specs?.find((x) => x.id === f.id) ?? specOf(f);
      const samples = {
        ...(f.value && { value: f.value.samples }),
        ...(f.baseline && { baseline: f.baseline.samples }),
        ...(f.floor && { floor: f.floor.samples }),
        ...(f.note !== undefined && { note: f.note }),
      };
      return evaluateFigure(spec, samples, limitLookup(out));
    });
    out.push({ ...s, figures });
  }
  return out;
}

/** The spec part of a figure's result. */
function specOf(f: FigureResult): FigureSpec {
  const { id, label, unit, better, target, compare, limit, floorTarget, naiveTarget, floorNoise } =
    f;
  return {
    id,
    label,
    unit,
    better,
    ...(target && { target }),
    ...(compare !== undefined && { compare }),
    ...(limit !== undefined && { limit }),
    ...(floorTarget !== undefined && { floorTarget }),
    ...(naiveTarget !== undefined && { naiveTarget }),
    ...(floorNoise !== undefined && { floorNoise }),
  };
}
