/**
 * How each series is drawn and read (SPEC §3 "Series config": the five view types): line,
 * step line, area, points and period bars, dots on a sparse line, and the legend read-out that
 * holds a sampled value until the next sample and shows a digital PV's 0/1 as its state texts
 * (CA16). Gaps break the line (LINE_GAPS, GP7–GP9).
 */
import uPlot from 'uplot';
import { digitalStateText } from '../../domain/pvFormat.ts';
import type { FormatLocale } from '../../domain/format.ts';
import type { PlotModel, PlotSeries } from './plotModel.ts';
import { LINE_GAPS, SERIES_LINE_WIDTH } from '../shared/lineGaps.ts';

/**
 * Bars for period values (quarter hour, day, month carry their period start): each bar
 * starts at its timestamp and is 60 % of the narrowest period wide, from 0 (or the axis
 * edge) to the value, filled only: stroking hundreds of thin rectangles (as uPlot's own bar
 * builder does) cost some hundred ms per draw in software rendering.
 */
function periodBars(domain: () => [number, number]): uPlot.Series.PathBuilder {
  return (u, sidx, i0, i1) => {
    const xs = u.data[0];
    const ys = u.data[sidx] as (number | null | undefined)[];
    const scale = u.series[sidx]?.scale ?? 'y';
    // From 0, or from the edge of the axis' own domain (never into the lanes below it).
    const [lo, hi] = domain();
    const base = u.valToPos(Math.min(hi, Math.max(lo, 0)), scale, true);
    let narrowest = Infinity;
    let prev: number | null = null;
    for (let i = i0; i <= i1; i++) {
      if (ys[i] == null) continue;
      const x = u.valToPos(xs[i] as number, 'x', true);
      if (prev !== null && x - prev > 0) narrowest = Math.min(narrowest, x - prev);
      prev = x;
    }
    const width = Math.max(1, (Number.isFinite(narrowest) ? narrowest : 8 * uPlot.pxRatio) * 0.6);
    const path = new Path2D();
    for (let i = i0; i <= i1; i++) {
      const v = ys[i];
      if (v == null) continue;
      const x = u.valToPos(xs[i] as number, 'x', true);
      const y = u.valToPos(v, scale, true);
      path.rect(x, Math.min(y, base), width, Math.max(1, Math.abs(base - y)));
    }
    return { fill: path };
  };
}

/** Fewer points than one per this many CSS pixels are drawn as dots too. */
const SPARSE_POINT_PX = 12;

/**
 * Whether a line's points are few enough to mark each one: a line through one day value or a
 * handful of month values would otherwise be invisible or hide where the values are.
 */
function sparse(u: uPlot, seriesIdx: number): boolean {
  const idxs = u.series[seriesIdx]?.idxs;
  if (!idxs) return false;
  const [i0, i1] = idxs;
  return (i1 - i0 + 1) * SPARSE_POINT_PX <= u.bbox.width / uPlot.pxRatio;
}

function pathsOf(s: PlotSeries, domain: () => [number, number]): Partial<uPlot.Series> {
  switch (s.viewType) {
    case 'StepLine':
      return { paths: uPlot.paths.stepped!({ align: 1 }), points: { show: false } };
    case 'Bar':
      return {
        paths: periodBars(domain),
        fill: `${s.color}66`,
        points: { show: false },
      };
    case 'Area':
      return { fill: `${s.color}33`, points: { show: sparse, size: 6, fill: s.color } };
    case 'Point':
      return { paths: () => null, points: { show: true, size: 5, fill: s.color } };
    case 'Line':
      return { points: { show: sparse, size: 6, fill: s.color } };
    default:
      throw new Error(`Unknown series view type: ${String(s.viewType satisfies never)}`);
  }
}

/**
 * Series sampled at other times have no point at every x: the read-out holds the series'
 * previous value (up to a gap), as a sampled value holds until the next sample.
 */
function heldValue(u: uPlot, sidx: number, idx: number | null): number | null {
  if (idx == null) return null;
  const ys = u.data[sidx] as (number | null | undefined)[] | undefined;
  if (!ys || ys[idx] !== undefined) return null;
  for (let j = idx - 1; j >= 0; j--) {
    const y = ys[j];
    if (y === null) return null;
    if (y !== undefined) return y;
  }
  return null;
}

/** What the series options read when drawn, not when built. */
export interface SeriesReaders {
  formatValue: (value: number, decimals: number) => string;
  locale: () => FormatLocale | undefined;
  /** The model the plot draws now (the axes' drawn ranges). */
  model: () => PlotModel;
}

/** uPlot's options of the model's series (after the time column). */
export function seriesOptions(model: PlotModel, read: SeriesReaders): uPlot.Series[] {
  return model.series.map((s): uPlot.Series => ({
    label: s.dimension ? `${s.label} [${s.dimension}]` : s.label,
    scale: s.scale,
    stroke: s.color,
    width: SERIES_LINE_WIDTH,
    ...LINE_GAPS,
    value: (u, v, sidx, idx) => {
      const shown = v ?? heldValue(u, sidx, idx);
      if (shown === null) return '–';
      // A digital PV's 0/1 reads as its state texts, as on the station page.
      return (
        digitalStateText(shown, { digiDisplayConfig: s.stateTexts }, read.locale()) ??
        read.formatValue(shown, s.decimals)
      );
    },
    ...pathsOf(s, () => {
      const axis = read.model().axes.find((a) => a.scale === s.scale);
      return axis ? [axis.min, axis.max] : [0, 1];
    }),
  }));
}
