/**
 * What a chart draws, derived from its series configs, the PV configs and the data in view
 * (SPEC §3 "Series config", §5 "Chart axes"): one entry per series (legend text with EKS and
 * dimension, colour, view type, Y scale), the Y axes after the merge rules, and the limit
 * lines of the four show-limit flags. Pure, so the rules are tested without a canvas.
 */
import type { SeriesConfig, SeriesViewType } from '../../contract/charts.ts';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { AnaLimitConfig, DigiDisplayConfig, PvConfig } from '../../contract/pv.ts';
import { axesForSeries, extentOf, niceStep, type DataExtent } from '../../domain/chartAxes.ts';

export const LIMIT_KINDS = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

const LIMIT_FIELD: Record<LimitKind, keyof AnaLimitConfig> = {
  Bottom: 'lower',
  BottomMiddle: 'lowerMid',
  TopMiddle: 'upperMid',
  Top: 'upper',
};

/** A series config, optionally with the display data of a generated trend-line series. */
export type PlotSeriesConfig = SeriesConfig & {
  staticLegendText?: string;
  staticDimension?: string;
};

export interface PlotSeries {
  id: string;
  /** Legend text: station and PV name, the EKS number when configured. */
  label: string;
  dimension: string;
  decimals: number;
  color: string;
  viewType: SeriesViewType;
  scale: string;
  /** A digital PV's state texts: its 0/1 reads as these words in the legend (issue 41). */
  stateTexts: DigiDisplayConfig | null;
}

export interface PlotAxis {
  scale: string;
  min: number;
  max: number;
  log: boolean;
  logBase: number;
  reverse: boolean;
  side: 'left' | 'right';
  /** The series colour when the axis serves one series, else null (neutral). */
  color: string | null;
  /** Dimensions of its series, e.g. "m³/h"; for a digital lane the names of its series. */
  label: string;
  /** The scale's drawn range: the domain widened so that lanes and values do not overlap. */
  displayMin: number;
  displayMax: number;
  /** A stacked digital lane (§5): no axis of its own, drawn in a band at the foot. */
  lane: { index: number; count: number } | null;
}

export interface LimitLine {
  seriesId: string;
  kind: LimitKind;
  scale: string;
  value: number;
  color: string;
  text: string;
}

export interface PlotModel {
  series: PlotSeries[];
  axes: PlotAxis[];
  limits: LimitLine[];
  /** Changes when uPlot must be built anew (scales, series, styles), not for new ranges. */
  layoutKey: string;
}

export interface PlotModelInput {
  series: readonly PlotSeriesConfig[];
  pvConfigs: ReadonlyMap<string, PvConfig>;
  /** Dimensions the data answer named, by series id. */
  dimensions: ReadonlyMap<string, string>;
  /** Values in view by series id (NaN = gap). */
  values: ReadonlyMap<string, ArrayLike<number>>;
  /**
   * No data answer yet: each series gets an axis of its own (0..1 without limits), the layout
   * its data most likely brings, so that the data's arrival only sets data into the plot
   * instead of building it anew (AX7 merges once the values are known).
   */
  awaitingData?: boolean;
  /** Default texts of the limit lines (translated). */
  limitNames: Record<LimitKind, string>;
  formatValue: (value: number, decimals: number) => string;
}

function limitShown(s: SeriesConfig, kind: LimitKind): boolean {
  return s[`showLimit${kind}`];
}

export function legendText(s: PlotSeriesConfig, pv: PvConfig | undefined): string {
  const base = s.staticLegendText || (pv ? `${pv.stationName} ${pv.name}`.trim() : pvUrlId(s.pv));
  return s.showEksInLegend && pv?.eksNr ? `${base} (${pv.eksNr})` : base;
}

export function buildPlotModel(input: PlotModelInput): PlotModel {
  const ordered = [...input.series].sort((a, b) => a.sortIndex - b.sortIndex);
  const limits: Omit<LimitLine, 'scale'>[] = [];
  const extents = new Map<string, DataExtent | null>();
  for (const s of ordered) {
    const pv = input.pvConfigs.get(pvKey(s.pv));
    const decimals = pv?.decimalPlaces ?? 2;
    const own: number[] = [];
    for (const kind of LIMIT_KINDS) {
      const value = pv?.anaLimitConfig?.[LIMIT_FIELD[kind]];
      if (!limitShown(s, kind) || value === null || value === undefined) continue;
      own.push(value);
      const text = s[`limitText${kind}`] || input.limitNames[kind];
      limits.push({
        seriesId: s.id,
        kind,
        value,
        color: s.color,
        text: `${text}: ${input.formatValue(value, decimals)}`,
      });
    }
    // Limit lines count as data, so a shown limit is always inside the axis.
    const data = extentOf(input.values.get(s.id) ?? []);
    const limitExtent = extentOf(own);
    extents.set(s.id, mergeExtents(data, limitExtent));
  }
  // Stacked digital series merge by §5 into one scale, but each keeps a lane of its own:
  // two 0/1 step lines drawn over each other could not be told apart.
  const specs = axesForSeries(ordered, extents, {
    stackDigital: true,
    merge: !input.awaitingData,
  }).flatMap((spec) =>
    spec.stackedDigital && spec.seriesIds.length > 1
      ? spec.seriesIds.map((id) => ({ ...spec, seriesIds: [id] }))
      : [spec],
  );
  const laneCount = specs.filter((s) => s.stackedDigital).length;
  const share = laneCount === 0 ? 0 : Math.min(MAX_LANES_SHARE, LANE_SHARE * laneCount);
  const scaleOf = new Map<string, string>();
  let laneIndex = 0;
  let side = 0;
  const axes: PlotAxis[] = specs.map((spec, i) => {
    const scale = `y${i}`;
    for (const id of spec.seriesIds) scaleOf.set(id, scale);
    const members = ordered.filter((s) => spec.seriesIds.includes(s.id));
    const dims = [
      ...new Set(members.map((s) => dimensionOf(s, input.pvConfigs, input.dimensions))),
    ].filter(Boolean);
    const lane = spec.stackedDigital ? { index: laneIndex++, count: laneCount } : null;
    const [displayMin, displayMax] = lane
      ? laneRange(spec.min, spec.max, lane.index, lane.count, share)
      : valueRange(spec.min, spec.max, spec.log, spec.reverse, share);
    return {
      scale,
      min: spec.min,
      max: spec.max,
      log: spec.log,
      logBase: spec.logBase,
      reverse: spec.reverse,
      side: lane ? 'left' : side++ % 2 === 0 ? 'left' : 'right',
      color: members.length === 1 ? (members[0]?.color ?? null) : null,
      // A lane is named inside the plot: the PV name is enough there (the legend has more).
      label: lane
        ? members
            .map((m) => input.pvConfigs.get(pvKey(m.pv))?.name ?? legendText(m, undefined))
            .join(', ')
        : dims.join(', '),
      displayMin,
      displayMax,
      lane,
    };
  });
  const series: PlotSeries[] = ordered.map((s) => {
    const pv = input.pvConfigs.get(pvKey(s.pv));
    return {
      id: s.id,
      label: legendText(s, pv),
      dimension: dimensionOf(s, input.pvConfigs, input.dimensions),
      decimals: pv?.decimalPlaces ?? 2,
      color: s.color,
      viewType: s.seriesViewType,
      scale: scaleOf.get(s.id) ?? 'y0',
      stateTexts: pv?.digiDisplayConfig ?? null,
    };
  });
  // Bars and areas are drawn first, so lines and lanes stay visible on top of them.
  const behind = (s: PlotSeries) => (s.viewType === 'Bar' || s.viewType === 'Area' ? 0 : 1);
  series.sort((a, b) => behind(a) - behind(b));
  const layoutKey = JSON.stringify([
    series.map((s) => [s.id, s.label, s.dimension, s.color, s.viewType, s.scale, s.stateTexts]),
    axes.map((a) => [a.scale, a.log, a.logBase, a.reverse, a.side, a.color, a.label, a.lane]),
  ]);
  return {
    series,
    axes,
    limits: limits.map((l) => ({ ...l, scale: scaleOf.get(l.seriesId) ?? 'y0' })),
    layoutKey,
  };
}

/** Each stacked digital lane takes this share of the plot height, all together at most MAX. */
const LANE_SHARE = 0.1;
const MAX_LANES_SHARE = 0.4;
/** The part of a lane's band kept free above and below its values. */
const LANE_GAP = 0.12;

/**
 * The drawn range of a lane: its domain [min, max] fills band `index` (0 at the foot) of
 * `count` bands that share the lowest `share` of the plot.
 */
export function laneRange(
  min: number,
  max: number,
  index: number,
  count: number,
  share: number,
): [number, number] {
  const band = share / count;
  const p = index * band + band * LANE_GAP;
  const q = (index + 1) * band - band * LANE_GAP;
  const span = max - min || 1;
  const perUnit = span / (q - p);
  return [min - p * perUnit, max + (1 - q) * perUnit];
}

/** Value axes leave the lowest `share` of the plot (the top when reversed) to the lanes. */
function valueRange(
  min: number,
  max: number,
  log: boolean,
  reverse: boolean,
  share: number,
): [number, number] {
  if (share === 0) return [min, max];
  const grow = share / (1 - share);
  if (log) {
    const factor = (max / min) ** grow;
    return reverse ? [min, max * factor] : [min / factor, max];
  }
  const extra = (max - min) * grow;
  return reverse ? [min, max + extra] : [min - extra, max];
}

function dimensionOf(
  s: PlotSeriesConfig,
  pvConfigs: ReadonlyMap<string, PvConfig>,
  dimensions: ReadonlyMap<string, string>,
): string {
  return s.staticDimension || dimensions.get(s.id) || pvConfigs.get(pvKey(s.pv))?.dimension || '';
}

function mergeExtents(a: DataExtent | null, b: DataExtent | null): DataExtent | null {
  if (!a) return b;
  if (!b) return a;
  const positives = [a.minPositive, b.minPositive].filter((v): v is number => v !== null);
  return {
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
    minPositive: positives.length ? Math.min(...positives) : null,
  };
}

/** Nice ticks over the axis' domain (not the widened display range), about 40 px apart. */
export function axisTicks(axis: PlotAxis, plotHeightPx: number): number[] {
  const { min, max } = axis;
  if (!(max > min)) return [min];
  if (axis.log) {
    const base = axis.logBase;
    const ticks: number[] = [];
    for (
      let k = Math.ceil(Math.log(min) / Math.log(base) - 1e-9);
      base ** k <= max * (1 + 1e-9);
      k++
    )
      ticks.push(Number((base ** k).toPrecision(12)));
    return ticks.length >= 2 ? ticks : [min, max];
  }
  const share = (max - min) / (axis.displayMax - axis.displayMin || 1);
  const count = Math.max(2, Math.floor((plotHeightPx * share) / 40));
  const step = niceStep((max - min) / count);
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k++)
    ticks.push(Number((k * step).toPrecision(12)));
  return ticks;
}
