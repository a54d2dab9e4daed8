/**
 * The chart's scales and axes (SPEC §5 "Chart axes"): the time axis, one scale per merged Y
 * axis with its log base, direction and drawn range (the domain widened for the digital lanes,
 * PM6), ticks over the axis' own domain only (PM7), one axis per side on a phone, and tick
 * labels in the user's language (SO9), each axis as wide as its longest label.
 */
import uPlot from 'uplot';
import { axisTicks, type PlotModel } from './plotModel.ts';

/** Below this plot width only the first value axis of each side is drawn. */
export const NARROW_PX = 560;

function valueAxisIndex(model: PlotModel, scale: string): number {
  return model.axes.filter((a) => a.lane === null).findIndex((a) => a.scale === scale);
}

/** Wide enough for the longest tick label (uPlot's documented auto-size recipe). */
function axisSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx] as uPlot.Axis & { _size?: number };
  if (cycleNum > 1 && axis._size) return axis._size;
  const ticks = (axis.ticks as { size?: number } | undefined)?.size ?? 10;
  let size = ticks + (axis.gap ?? 5) + 4;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  if (longest) {
    u.ctx.font = (axis.font as unknown as [string] | undefined)?.[0] ?? '12px sans-serif';
    size += u.ctx.measureText(longest).width / uPlot.pxRatio;
  }
  return Math.ceil(size);
}

/** What the axes read when drawn, not when built. */
export interface AxisReaders {
  /** The model the plot draws now (the axes' drawn ranges). */
  model: () => PlotModel;
  formatAxisTime: (ms: number, spanMs: number) => string;
  formatTick: (value: number) => string;
}

/** The time scale and one scale per Y axis of the model, ranged as the model draws them. */
export function plotScales(model: PlotModel, read: AxisReaders): uPlot.Scales {
  const scales: uPlot.Scales = { x: { time: true, auto: false } };
  for (const a of model.axes) {
    scales[a.scale] = {
      auto: false,
      distr: a.log ? 3 : 1,
      // uPlot draws log ticks for bases 10 and 2; other bases keep their domain, ticks of 10.
      log: a.log ? (a.logBase === 2 ? 2 : 10) : undefined,
      dir: a.reverse ? -1 : 1,
      range: () => {
        const axis = read.model().axes.find((x) => x.scale === a.scale) ?? a;
        return [axis.displayMin, axis.displayMax];
      },
    };
  }
  return scales;
}

export interface AxisStyle {
  text: string;
  grid: string;
  font: string;
}

/**
 * The time axis and the model's value axes. The drawn tick labels are written to the host's
 * `data-x-ticks` / `data-y-ticks`, the time ticks' instants (ms) to `data-x-times` (readable
 * outside the canvas: tests, diagnostics).
 */
export function plotAxes(
  el: HTMLElement,
  model: PlotModel,
  read: AxisReaders,
  style: AxisStyle,
): uPlot.Axis[] {
  const { text, grid, font } = style;
  const wide = el.clientWidth >= NARROW_PX;
  return [
    {
      scale: 'x',
      stroke: text,
      font,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid },
      values: (u, splits) => {
        const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
        const labels = splits.map((v) => (v == null ? '' : read.formatAxisTime(v, span)));
        // The drawn tick labels and their times, readable outside the canvas (tests,
        // diagnostics).
        el.dataset.xTicks = labels.join('|');
        el.dataset.xTimes = splits.join('|');
        return labels;
      },
      space: 95,
    },
    ...model.axes.map((a, i): uPlot.Axis => ({
      scale: a.scale,
      // Phones keep one axis per side; the legend names every dimension.
      show: a.lane === null && (wide || valueAxisIndex(model, a.scale) < 2),
      // Ticks only over the axis' own domain, not over the lanes' band.
      splits: (u) => {
        const axis = read.model().axes.find((x) => x.scale === a.scale) ?? a;
        return axisTicks(axis, u.bbox.height / uPlot.pxRatio);
      },
      side: a.side === 'left' ? 3 : 1,
      stroke: a.color ?? text,
      font,
      labelFont: font,
      label: a.label || undefined,
      labelSize: a.label ? 18 : 0,
      grid: { show: i === 0, stroke: grid, width: 1 },
      ticks: { stroke: grid },
      // Splits the filter dropped arrive as null.
      values: (_u, splits) => {
        const labels = splits.map((v) => (v == null ? '' : read.formatTick(v)));
        if (i === 0) el.dataset.yTicks = labels.join('|');
        return labels;
      },
      size: axisSize,
    })),
  ];
}
