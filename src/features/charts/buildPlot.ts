/**
 * Builds the uPlot of a chart from its model and puts new data and ranges into it (SPEC §2
 * charts): scales and axes (plotAxes.ts), series (plotSeries.ts), the legend as cursor
 * read-out (plotLegend.ts), overlays (plotOverlays.ts), zoom and pan (plotGestures.ts), and the
 * canvas's size following its box. Built anew only when the layout changes (PM5); new data and
 * ranges only update it (EP1–EP5). Time ticks fall on the plant's midnights and hours (issue 57,
 * ZT1–ZT3 in tests/e2e/zone/chartTicks.spec.ts).
 */
import uPlot from 'uplot';
import type { AlarmMarkProps } from '../../ui/index.ts';
import type { FormatLocale } from '../../domain/format.ts';
import type { AlignedData } from '../../live/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import type { PlotModel } from './plotModel.ts';
import type { PlotDrawer } from './earlyPlot.ts';
import { plotAxes, plotScales } from './plotAxes.ts';
import { seriesOptions } from './plotSeries.ts';
import { showNewest, type LegendStale } from './plotLegend.ts';
import { drawOverlays, type AnnotationMark } from './plotOverlays.ts';
import { attachGestures, MIN_SPAN_MS } from './plotGestures.ts';
import { chartTzDate } from '../../domain/chartTzDate.ts';

export interface UPlotChartProps {
  model: PlotModel;
  data: AlignedData;
  range: TimeRange;
  annotations: readonly AnnotationMark[];
  height: number;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number, spanMs: number) => string;
  formatValue: (value: number, decimals: number) => string;
  /** Y axis tick labels in the user's language. */
  formatTick: (value: number) => string;
  /** Legend label of the time column. */
  timeLabel: string;
  onRangeChange: (range: TimeRange) => void;
  /** Plot width in CSS pixels once drawn. */
  onWidth?: (width: number) => void;
  onDoubleClick?: (timestamp: number) => void;
  /** The canvas element, for the PNG export. */
  onCanvas?: (canvas: HTMLCanvasElement | null) => void;
  /** Alarm marks for the legend rows of series in alarm, by series id. */
  legendAlarms?: ReadonlyMap<string, AlarmMarkProps>;
  /** The stale mark of series whose PV's live value is stale, by series id (issue 41). */
  legendStale?: ReadonlyMap<string, LegendStale>;
  /** The language of the state texts' share ('25 % Störung'). */
  locale?: FormatLocale;
  /** A data age in words ('vor 2 Stunden'). */
  formatAge?: (ageMs: number) => string;
  /** Filled with a way to draw data outside a render, as it arrives (earlyPlot.ts). */
  drawer?: { current: PlotDrawer | null };
  /**
   * The plant's time zone (system settings): time ticks fall on its midnights and hours
   * (chartTzDate). Undefined while unknown: the browser's.
   */
  timeZone?: string;
}

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/**
 * Makes the uPlot of `model` in `el` with `data`. What changes without a new layout is read
 * when drawn: props from `latest`, the model (the axes' drawn ranges) from `modelNow`.
 */
export function buildPlot(
  el: HTMLElement,
  model: PlotModel,
  data: AlignedData,
  latest: { readonly current: UPlotChartProps },
  modelNow: { readonly current: PlotModel },
): { u: uPlot; dispose: () => void } {
  const text = cssVar(el, '--text-muted', '#555');
  const grid = cssVar(el, '--border', '#ddd');
  const surfaceFill = `${cssVar(el, '--surface', '#ffffff')}`;
  const font = `12px ${cssVar(el, '--font', 'sans-serif')}`;
  const readModel = () => modelNow.current;
  const scales = plotScales(model, { model: readModel, ...axisFormats(latest) });
  const axes = plotAxes(
    el,
    model,
    { model: readModel, ...axisFormats(latest) },
    { text, grid, font },
  );
  // The legend's read-out formats (the time, each series' decimals) are used first with the
  // plot, before data: a locale's first number and date formats build their Intl objects
  // (cached in domain/format.ts), which would otherwise fall into the data's arrival.
  latest.current.formatTime(latest.current.range.end);
  for (const decimals of new Set(model.series.map((s) => s.decimals)))
    latest.current.formatValue(0, decimals);
  const series: uPlot.Series[] = [
    {
      label: latest.current.timeLabel,
      value: (_u, v) => (v === null ? '–' : latest.current.formatTime(v)),
    },
    ...seriesOptions(model, {
      formatValue: (value, decimals) => latest.current.formatValue(value, decimals),
      locale: () => latest.current.locale,
      model: readModel,
    }),
  ];
  const width = Math.max(200, el.clientWidth);
  // Ticks on the plant's midnights and hours, as the labels and the legend read them. Its
  // zone's offset formatter is made here too, not on the data's arrival.
  const tzDate = chartTzDate(latest.current.timeZone);
  tzDate?.(latest.current.range.end);
  const opts: uPlot.Options = {
    width,
    height: latest.current.height,
    ms: 1,
    ...(tzDate ? { tzDate } : {}),
    scales,
    axes,
    series,
    legend: { show: true, live: true },
    cursor: {
      drag: { x: true, y: false, setScale: false },
      bind: { dblclick: () => () => null },
    },
    hooks: {
      // Away from the cursor the legend reads the newest values of the range.
      setCursor: [(u) => showNewest(u)],
      setSelect: [
        (u) => {
          if (u.select.width > 4) {
            const start = u.posToVal(u.select.left, 'x');
            const end = u.posToVal(u.select.left + u.select.width, 'x');
            if (end - start >= MIN_SPAN_MS) latest.current.onRangeChange({ start, end });
          }
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
      draw: [
        (u) => drawOverlays(u, { ...latest.current, model: modelNow.current }, text, surfaceFill),
      ],
    },
  };
  const u = new uPlot(opts, data as uPlot.AlignedData, el);
  u.setScale('x', { min: latest.current.range.start, max: latest.current.range.end });
  latest.current.onCanvas?.(u.ctx.canvas);
  const detach = attachGestures(u, () => latest.current);
  const resize = new ResizeObserver(() => {
    const w = Math.max(200, el.clientWidth);
    if (w !== u.width) u.setSize({ width: w, height: latest.current.height });
    latest.current.onWidth?.(Math.round(u.bbox.width / uPlot.pxRatio));
  });
  resize.observe(el);
  latest.current.onWidth?.(Math.round(u.bbox.width / uPlot.pxRatio));
  return {
    u,
    dispose: () => {
      resize.disconnect();
      detach();
      latest.current.onCanvas?.(null);
      u.destroy();
    },
  };
}

/** The axes' label formats, read from the props as they are when drawn. */
function axisFormats(latest: { readonly current: UPlotChartProps }) {
  return {
    formatAxisTime: (ms: number, span: number) => latest.current.formatAxisTime(ms, span),
    formatTick: (value: number) => latest.current.formatTick(value),
  };
}

/** Data and scales into the plot, drawn once. */
export function setPlot(u: uPlot, model: PlotModel, data: AlignedData, range: TimeRange): void {
  u.batch(() => {
    u.setData(data as uPlot.AlignedData, false);
    u.setScale('x', { min: range.start, max: range.end });
    for (const a of model.axes) u.setScale(a.scale, { min: a.displayMin, max: a.displayMax });
  });
  showNewest(u);
}
