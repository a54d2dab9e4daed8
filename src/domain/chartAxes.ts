/**
 * Y axes of a chart (SPEC §5 "Chart axes", §9 tolerance 0.01 and log base 10).
 *
 * AX1 Both fixed limits given: the domain is [min, max] ordered so min <= max, not padded.
 * AX2 Otherwise the data range (a single fixed limit replaces its side) is padded on the
 *     data sides by 10 % of the span, or by 1 when the data is flat, then widened to nice
 *     values (1, 2, 2.5, 5 × 10^k steps).
 * AX3 No data and no limits: 0..1.
 * AX4 Stacked digital series: each lane's data range (0..1 without data) padded by 0.1, or
 *     by 0.5 when flat (only 0s or only 1s), and not rounded, so lanes line up exactly.
 *     Digital series that are not stacked follow AX2.
 * AX5 Log axes (base default 10): only positive data counts; the domain is widened to whole
 *     powers of the base; no positive data gives [1, base]; a fixed limit <= 0 is ignored.
 * AX6 Reverse flips the direction only; the domain stays min <= max.
 * AX7 Axes merge when stacking, scale (log/linear), reverse and base match and both the
 *     minima and the maxima differ by at most 0.01 (absolute); the merged domain is the union.
 *     Before the data is known (`merge: false`) nothing merges: every series has the 0..1 of
 *     AX3 then, and a merge would give way to separate axes as soon as the data differs.
 */

export const AXIS_MERGE_TOLERANCE = 0.01;
export const DEFAULT_LOG_BASE = 10;
export const AXIS_PADDING_RATIO = 0.1;
export const FLAT_PADDING = 1;
export const STACKED_DIGITAL_PADDING = 0.1;
export const STACKED_DIGITAL_FLAT_PADDING = 0.5;
/** Aim for about this many ticks when choosing a nice step. */
const NICE_DIVISIONS = 20;

export interface DataExtent {
  min: number;
  max: number;
  /** Smallest value > 0, or null when there is none (for log axes). */
  minPositive: number | null;
}

/** What the axis rules need of one series; build it with `axisInputOf`. */
export interface AxisSeriesInput {
  seriesId: string;
  fixedMin: number | null;
  fixedMax: number | null;
  log: boolean;
  logBase: number;
  reverse: boolean;
  /** A digital PV (DigiIn, DigiOut) drawn in a stacked lane. */
  stackedDigital: boolean;
  /** Extent of the data in view; null without data. */
  extent: DataExtent | null;
}

export interface AxisSpec {
  seriesIds: string[];
  min: number;
  max: number;
  log: boolean;
  /** Meaningful only when log is true; kept for the merge rule. */
  logBase: number;
  reverse: boolean;
  stackedDigital: boolean;
}

/** Min, max and smallest positive of the finite values; null when there are none. */
export function extentOf(values: ArrayLike<number>): DataExtent | null {
  let min = Infinity;
  let max = -Infinity;
  let minPositive = Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v > 0 && v < minPositive) minPositive = v;
  }
  if (min > max) return null;
  return { min, max, minPositive: minPositive === Infinity ? null : minPositive };
}

/** Series config fields as axis input (SPEC §3 "Series config"). */
export function axisInputOf(
  series: {
    id: string;
    axisYMinMaxChoices: readonly string[];
    axisYMin: number | null;
    axisYMax: number | null;
    axisYIsLogarithmic: boolean;
    axisYLogarithmicBase: number;
    axisYReverse: boolean;
  },
  extent: DataExtent | null,
  stackedDigital = false,
): AxisSeriesInput {
  const useMin = series.axisYMinMaxChoices.includes('AxisYMin');
  const useMax = series.axisYMinMaxChoices.includes('AxisYMax');
  const base = series.axisYLogarithmicBase;
  return {
    seriesId: series.id,
    fixedMin: useMin && Number.isFinite(series.axisYMin) ? series.axisYMin : null,
    fixedMax: useMax && Number.isFinite(series.axisYMax) ? series.axisYMax : null,
    log: series.axisYIsLogarithmic,
    logBase: Number.isFinite(base) && base > 1 ? base : DEFAULT_LOG_BASE,
    reverse: series.axisYReverse,
    stackedDigital,
    extent,
  };
}

const DIGITAL_PV_TYPES: ReadonlySet<string> = new Set(['DigiIn', 'DigiOut']);

/**
 * The axes of a chart straight from its series configs: series in sortIndex order, extents by
 * series id; with `stackDigital` the DigiIn and DigiOut series get stacked lanes (AX4).
 */
export function axesForSeries(
  series: readonly (Parameters<typeof axisInputOf>[0] & {
    sortIndex: number;
    pv: { type: string };
  })[],
  extents: ReadonlyMap<string, DataExtent | null>,
  options: { stackDigital?: boolean; merge?: boolean } = {},
): AxisSpec[] {
  const ordered = [...series].sort((a, b) => a.sortIndex - b.sortIndex);
  return buildAxes(
    ordered.map((s) =>
      axisInputOf(
        s,
        extents.get(s.id) ?? null,
        (options.stackDigital ?? false) && DIGITAL_PV_TYPES.has(s.pv.type),
      ),
    ),
    { merge: options.merge ?? true },
  );
}

/** A step of 1, 2, 2.5 or 5 × 10^k at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (m * power >= raw * (1 - 1e-9)) return m * power;
  }
  return 10 * power;
}

/** Multiples of a step without binary noise (0.30000000000000004 → 0.3). */
function multiple(k: number, step: number): number {
  return Number((k * step).toPrecision(12));
}

function linearDomain(s: AxisSeriesInput): [number, number] {
  if (s.fixedMin !== null && s.fixedMax !== null) {
    return [Math.min(s.fixedMin, s.fixedMax), Math.max(s.fixedMin, s.fixedMax)];
  }
  if (s.stackedDigital) {
    const lo = s.extent ? s.extent.min : 0;
    const hi = s.extent ? s.extent.max : 1;
    const pad = hi > lo ? STACKED_DIGITAL_PADDING : STACKED_DIGITAL_FLAT_PADDING;
    return [s.fixedMin ?? lo - pad, s.fixedMax ?? hi + pad];
  }
  if (!s.extent && s.fixedMin === null && s.fixedMax === null) return [0, 1];
  let lo = s.fixedMin ?? s.extent?.min ?? s.fixedMax ?? 0;
  let hi = s.fixedMax ?? s.extent?.max ?? lo;
  if (s.fixedMin !== null && s.fixedMax === null && hi < lo) hi = lo;
  if (s.fixedMax !== null && s.fixedMin === null && lo > hi) lo = hi;
  const span = hi - lo;
  const pad = span > 0 ? span * AXIS_PADDING_RATIO : FLAT_PADDING;
  const padLo = s.fixedMin === null ? lo - pad : lo;
  const padHi = s.fixedMax === null ? hi + pad : hi;
  const step = niceStep((padHi - padLo) / NICE_DIVISIONS);
  return [
    s.fixedMin === null ? multiple(Math.floor(padLo / step + 1e-9), step) : lo,
    s.fixedMax === null ? multiple(Math.ceil(padHi / step - 1e-9), step) : hi,
  ];
}

function logDomain(s: AxisSeriesInput): [number, number] {
  const base = s.logBase;
  const fixedMin = s.fixedMin !== null && s.fixedMin > 0 ? s.fixedMin : null;
  const fixedMax = s.fixedMax !== null && s.fixedMax > 0 ? s.fixedMax : null;
  if (fixedMin !== null && fixedMax !== null) {
    return [Math.min(fixedMin, fixedMax), Math.max(fixedMin, fixedMax)];
  }
  const dataLo = s.extent?.minPositive ?? null;
  const dataHi = s.extent && s.extent.max > 0 ? s.extent.max : null;
  const lo = fixedMin ?? dataLo;
  const hi = fixedMax ?? dataHi;
  if (lo === null || hi === null) {
    if (lo !== null) return [lo, Math.max(lo * base, base ** Math.ceil(logOf(lo, base)))];
    if (hi !== null) return [Math.min(hi / base, base ** Math.floor(logOf(hi, base))), hi];
    return [1, base];
  }
  const a = fixedMin ?? base ** Math.floor(logOf(Math.min(lo, hi), base) + 1e-9);
  let b = fixedMax ?? base ** Math.ceil(logOf(Math.max(lo, hi), base) - 1e-9);
  if (b <= a) b = fixedMax ?? a * base;
  return [Math.min(a, b), Math.max(a, b)];
}

function logOf(x: number, base: number): number {
  return Math.log(x) / Math.log(base);
}

/** The axis of one series alone (AX1-AX6). */
export function seriesAxis(s: AxisSeriesInput): AxisSpec {
  const [min, max] = s.log ? logDomain(s) : linearDomain(s);
  return {
    seriesIds: [s.seriesId],
    min,
    max,
    log: s.log,
    logBase: s.log ? s.logBase : DEFAULT_LOG_BASE,
    reverse: s.reverse,
    stackedDigital: s.stackedDigital,
  };
}

/** AX7: may these two axes be drawn as one? */
export function axesMergeable(a: AxisSpec, b: AxisSpec, tolerance = AXIS_MERGE_TOLERANCE): boolean {
  return (
    a.stackedDigital === b.stackedDigital &&
    a.log === b.log &&
    a.reverse === b.reverse &&
    a.logBase === b.logBase &&
    Math.abs(a.min - b.min) <= tolerance + 1e-12 &&
    Math.abs(a.max - b.max) <= tolerance + 1e-12
  );
}

/**
 * The axes of a chart, in series order: each series joins the first earlier axis it may
 * merge with (AX7), otherwise it opens a new one; with `merge: false` each has its own.
 */
export function buildAxes(
  series: readonly AxisSeriesInput[],
  options: { merge?: boolean } = {},
): AxisSpec[] {
  const merge = options.merge ?? true;
  const axes: AxisSpec[] = [];
  for (const s of series) {
    const own = seriesAxis(s);
    const target = merge ? axes.find((a) => axesMergeable(a, own)) : undefined;
    if (target) {
      target.seriesIds.push(s.seriesId);
      target.min = Math.min(target.min, own.min);
      target.max = Math.max(target.max, own.max);
    } else {
      axes.push(own);
    }
  }
  return axes;
}
