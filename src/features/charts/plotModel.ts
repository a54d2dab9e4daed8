/**
 * What a chart draws, derived from its series configs, the PV configs and the data in view
 * (SPEC §3 "Series config", §5 "Chart axes"): one entry per series (legend text with EKS and
 * dimension, colour, view type, Y scale), the Y axes after the merge rules, and the limit
 * lines of the four show-limit flags. Pure, so the rules are tested without a canvas.
 */
import type { SeriesConfig, SeriesViewType } from '../../contract/charts.ts';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { AnaLimitConfig, PvConfig } from '../../contract/pv.ts';
import { axesForSeries, extentOf, type DataExtent } from '../../domain/chartAxes.ts';

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
  /** Dimensions of its series, e.g. "m³/h". */
  label: string;
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
  const specs = axesForSeries(ordered, extents);
  const scaleOf = new Map<string, string>();
  const axes: PlotAxis[] = specs.map((spec, i) => {
    const scale = `y${i}`;
    for (const id of spec.seriesIds) scaleOf.set(id, scale);
    const members = ordered.filter((s) => spec.seriesIds.includes(s.id));
    const dims = [
      ...new Set(members.map((s) => dimensionOf(s, input.pvConfigs, input.dimensions))),
    ].filter(Boolean);
    return {
      scale,
      min: spec.min,
      max: spec.max,
      log: spec.log,
      logBase: spec.logBase,
      reverse: spec.reverse,
      side: i % 2 === 0 ? 'left' : 'right',
      color: members.length === 1 ? (members[0]?.color ?? null) : null,
      label: dims.join(', '),
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
    };
  });
  const layoutKey = JSON.stringify([
    series.map((s) => [s.id, s.label, s.dimension, s.color, s.viewType, s.scale]),
    axes.map((a) => [a.scale, a.log, a.logBase, a.reverse, a.side, a.color, a.label]),
  ]);
  return {
    series,
    axes,
    limits: limits.map((l) => ({ ...l, scale: scaleOf.get(l.seriesId) ?? 'y0' })),
    layoutKey,
  };
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
