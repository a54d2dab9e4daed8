/**
 * The canvas of a chart: uPlot with one scale per merged Y axis, the five series view types,
 * limit lines and annotation markers drawn on top, the legend as cursor read-out (time and
 * values), and zoom and pan by mouse (drag to zoom, wheel) and touch (drag, pinch). It is
 * built anew only when the layout changes; new data and ranges only update it.
 */
import { alarmMarkElement, type AlarmMarkProps } from '../../ui/index.ts';
import { watchAge } from '../../ui/ageClock.ts';
import { digitalStateText } from '../../domain/pvFormat.ts';
import type { FormatLocale } from '../../domain/format.ts';
import { staleGlyph, type StaleMark, type StaleReason } from '../../domain/valueStanding.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AlignedData } from '../../live/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { axisTicks, type PlotModel, type PlotSeries } from './plotModel.ts';
import { madeBefore, type PlotDrawer } from './earlyPlot.ts';
import { LINE_GAPS } from '../shared/lineGaps.ts';

export interface AnnotationMark {
  key: string;
  timestamp: number;
  text: string;
}

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
}

export interface LegendStale {
  reason: StaleReason;
  mark: StaleMark;
  /** The reason in words. */
  label: string;
  timestamp: number | null;
}

const MIN_SPAN_MS = 60_000;
/** Below this plot width only the first value axis of each side is drawn. */
const NARROW_PX = 560;

function valueAxisIndex(model: PlotModel, scale: string): number {
  return model.axes.filter((a) => a.lane === null).findIndex((a) => a.scale === scale);
}
const WHEEL_ZOOM = 1.25;

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

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/** The theme on <html> (`data-theme`), so the canvas is drawn anew in the theme's colours. */
function useTheme(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? '');
  useEffect(() => {
    const observer = new MutationObserver(() =>
      setTheme(document.documentElement.dataset.theme ?? ''),
    );
    observer.observe(document.documentElement, { attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * Makes the uPlot of `model` in `el` with `data`. What changes without a new layout is read
 * when drawn: props from `latest`, the model (the axes' drawn ranges) from `modelNow`.
 */
function buildPlot(
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
  const wide = el.clientWidth >= NARROW_PX;
  const scales: uPlot.Scales = { x: { time: true, auto: false } };
  for (const a of model.axes) {
    scales[a.scale] = {
      auto: false,
      distr: a.log ? 3 : 1,
      // uPlot draws log ticks for bases 10 and 2; other bases keep their domain, ticks of 10.
      log: a.log ? (a.logBase === 2 ? 2 : 10) : undefined,
      dir: a.reverse ? -1 : 1,
      range: () => {
        const axis = modelNow.current.axes.find((x) => x.scale === a.scale) ?? a;
        return [axis.displayMin, axis.displayMax];
      },
    };
  }
  const axes: uPlot.Axis[] = [
    {
      scale: 'x',
      stroke: text,
      font,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid },
      values: (u, splits) => {
        const span = (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0);
        const labels = splits.map((v) => (v == null ? '' : latest.current.formatAxisTime(v, span)));
        // The drawn tick labels, readable outside the canvas (tests, diagnostics).
        el.dataset.xTicks = labels.join('|');
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
        const axis = modelNow.current.axes.find((x) => x.scale === a.scale) ?? a;
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
        const labels = splits.map((v) => (v == null ? '' : latest.current.formatTick(v)));
        if (i === 0) el.dataset.yTicks = labels.join('|');
        return labels;
      },
      size: axisSize,
    })),
  ];
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
    ...model.series.map((s): uPlot.Series => ({
      label: s.dimension ? `${s.label} [${s.dimension}]` : s.label,
      scale: s.scale,
      stroke: s.color,
      width: 1.5,
      ...LINE_GAPS,
      value: (u, v, sidx, idx) => {
        const shown = v ?? heldValue(u, sidx, idx);
        if (shown === null) return '–';
        // A digital PV's 0/1 reads as its state texts, as on the station page.
        return (
          digitalStateText(shown, { digiDisplayConfig: s.stateTexts }, latest.current.locale) ??
          latest.current.formatValue(shown, s.decimals)
        );
      },
      ...pathsOf(s, () => {
        const axis = modelNow.current.axes.find((a) => a.scale === s.scale);
        return axis ? [axis.min, axis.max] : [0, 1];
      }),
    })),
  ];
  const width = Math.max(200, el.clientWidth);
  const opts: uPlot.Options = {
    width,
    height: latest.current.height,
    ms: 1,
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

export function UPlotChart(props: UPlotChartProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(props);
  latest.current = props;
  /** The model the plot draws now: the props', or a newer one drawn on the data's arrival. */
  const modelNow = useRef(props.model);
  /**
   * What was set into the plot outside a render: the commit that brings it has nothing to do,
   * and commits before it (theme, size, annotations, range) must not draw the older props.
   */
  const drawnEarly = useRef<{ model: PlotModel; data: AlignedData; range: TimeRange } | null>(null);
  /** The early drawing while the props are older than it, else null. */
  const earlyAhead = () => {
    const early = drawnEarly.current;
    return early && madeBefore(latest.current.data, early.data) ? early : null;
  };

  // Build when the layout changes, unless the data's arrival built it already; a layout effect
  // like the data update below, which must find the plot of the current layout (its scales)
  // when both change in one commit.
  const built = useRef<{ key: string; theme: string; dispose: () => void } | null>(null);
  const rebuild = (model: PlotModel, data: AlignedData): uPlot | null => {
    const el = host.current;
    if (!el) return null;
    built.current?.dispose();
    modelNow.current = model;
    const { u, dispose } = buildPlot(el, model, data, latest, modelNow);
    plot.current = u;
    built.current = { key: model.layoutKey, theme, dispose };
    return u;
  };
  const rebuildNow = useRef(rebuild);
  rebuildNow.current = rebuild;
  const earlyAheadNow = useRef(earlyAhead);
  earlyAheadNow.current = earlyAhead;
  useLayoutEffect(() => {
    const { model, data } = earlyAheadNow.current() ?? latest.current;
    const b = built.current;
    if (b && b.key === model.layoutKey && b.theme === theme) return;
    rebuildNow.current(model, data);
  }, [props.model.layoutKey, theme]);
  useLayoutEffect(
    () => () => {
      built.current?.dispose();
      built.current = null;
      plot.current = null;
    },
    [],
  );

  // Data as it arrives, before the render around the plot: only into the plot of this layout.
  const { drawer } = props;
  useLayoutEffect(() => {
    if (!drawer) return;
    drawer.current = {
      draw: (model, data) => {
        const b = built.current;
        const u = b && b.key === model.layoutKey ? plot.current : rebuildNow.current(model, data);
        if (!u) return false;
        const { range } = latest.current;
        modelNow.current = model;
        setPlot(u, model, data, range);
        drawnEarly.current = { model, data, range };
        return true;
      },
    };
    return () => {
      drawer.current = null;
    };
  }, [drawer]);

  // New data, ranges, annotations: update in place, in the commit itself (a layout effect), so
  // the canvas is drawn before the browser paints this commit, not a frame later.
  const annotationsRef = useRef(props.annotations);
  useLayoutEffect(() => {
    const u = plot.current;
    if (!u) return;
    const annotationsChanged = annotationsRef.current !== props.annotations;
    annotationsRef.current = props.annotations;
    const ahead = earlyAheadNow.current();
    if (ahead) {
      // The data drawn on arrival is newer than these props: keep it, follow range and overlays.
      if (ahead.range.start !== props.range.start || ahead.range.end !== props.range.end) {
        drawnEarly.current = { ...ahead, range: props.range };
        setPlot(u, ahead.model, ahead.data, props.range);
      } else if (annotationsChanged) u.redraw(false, false);
      return;
    }
    const early = drawnEarly.current;
    drawnEarly.current = null;
    if (
      early &&
      early.model === props.model &&
      early.data === props.data &&
      early.range.start === props.range.start &&
      early.range.end === props.range.end
    ) {
      // Drawn on arrival; new annotations only need the overlays drawn again.
      if (annotationsChanged) u.redraw(false, false);
      return;
    }
    modelNow.current = props.model;
    setPlot(u, props.model, props.data, props.range);
  }, [props.data, props.range, props.model, props.annotations]);

  // The alarm state of each series' PV beside its legend entry.
  const alarmsKey = [...(props.legendAlarms ?? new Map<string, AlarmMarkProps>())]
    .map(([id, a]) => `${id}:${a.priority}:${a.phase}:${a.fill ?? ''}:${a.label}`)
    .join('|');
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    forEachLegendRow(u, props.model.series, (s, row, cell) => {
      cell.querySelector('.alarm-mark')?.remove();
      const alarm = props.legendAlarms?.get(s.id);
      if (alarm) {
        row.dataset.alarm = alarm.phase;
        cell.prepend(alarmMarkElement(document, { ...alarm, className: 'legend-alarm-mark' }));
      } else delete row.dataset.alarm;
    });
    // alarmsKey stands for legendAlarms; the plot is rebuilt with the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alarmsKey, props.model.layoutKey, theme]);

  // A series whose PV's live value is stale: its mark and age beside its legend entry, its
  // read-out muted (domain/valueStanding.ts, the same rule as every view).
  const staleKey = [...(props.legendStale ?? new Map<string, LegendStale>())]
    .map(([id, s]) => `${id}:${s.reason}:${s.timestamp}:${s.label}`)
    .join('|');
  useEffect(() => {
    const u = plot.current;
    if (!u) return;
    const releases: (() => void)[] = [];
    forEachLegendRow(u, props.model.series, (s, row, cell) => {
      cell.querySelector('.legend-stale')?.remove();
      const stale = props.legendStale?.get(s.id);
      row.querySelector('td')?.classList.toggle('value-stale', Boolean(stale));
      if (!stale) {
        delete row.dataset.stale;
        return;
      }
      row.dataset.stale = stale.reason;
      const note = document.createElement('span');
      note.className = `stale-note legend-stale stale-${stale.mark}`;
      note.dataset.stale = stale.reason;
      const mark = document.createElement('span');
      mark.className = `stale-mark stale-mark-${stale.mark}`;
      mark.setAttribute('role', 'img');
      mark.setAttribute('aria-label', stale.label);
      mark.textContent = staleGlyph(stale.mark);
      note.append(mark);
      note.title = stale.label;
      cell.append(note);
      if (stale.timestamp === null || !props.formatAge) return;
      // The age keeps ticking, written in place by the tab's one age clock (each second
      // under a minute, then each minute…), as every other age the tab shows.
      const text = document.createElement('time');
      text.className = 'stale-age';
      text.dateTime = new Date(stale.timestamp).toISOString();
      note.append(text);
      releases.push(
        watchAge(text, stale.timestamp, props.formatAge, (el, age) => {
          el.textContent = age;
          note.title = `${stale.label} · ${age}`;
        }),
      );
    });
    return () => releases.forEach((release) => release());
    // staleKey stands for legendStale; the plot is rebuilt with the layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [staleKey, props.model.layoutKey, theme]);

  useEffect(() => {
    const u = plot.current;
    if (u && u.height !== props.height) u.setSize({ width: u.width, height: props.height });
  }, [props.height]);

  return <div ref={host} className="uplot-host" />;
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

/** Without a cursor over the plot the legend shows the last point in view. */
/** Data and scales into the plot, drawn once. */
function setPlot(u: uPlot, model: PlotModel, data: AlignedData, range: TimeRange): void {
  u.batch(() => {
    u.setData(data as uPlot.AlignedData, false);
    u.setScale('x', { min: range.start, max: range.end });
    for (const a of model.axes) u.setScale(a.scale, { min: a.displayMin, max: a.displayMax });
  });
  showNewest(u);
}

function showNewest(u: uPlot): void {
  if (u.cursor.idx != null) return;
  const xs = u.data[0];
  const max = u.scales.x?.max ?? Infinity;
  let i = xs.length - 1;
  while (i > 0 && (xs[i] as number) > max) i--;
  if (i >= 0) u.setLegend({ idx: i });
}

/** Limit lines with their texts and annotation markers, on top of the series. */
function drawOverlays(u: uPlot, props: UPlotChartProps, textColor: string, surface: string): void {
  const ctx = u.ctx;
  const { left, top, width, height } = u.bbox;
  const px = uPlot.pxRatio;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  ctx.font = `${Math.round(11 * px)}px sans-serif`;
  // uPlot leaves the alignment of its last axis labels on the context.
  ctx.textAlign = 'left';
  ctx.lineWidth = px;
  for (const line of props.model.limits) {
    const y = u.valToPos(line.value, line.scale, true);
    if (!Number.isFinite(y) || y < top || y > top + height) continue;
    ctx.strokeStyle = line.color;
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
    ctx.fillStyle = line.color;
    ctx.textBaseline = 'bottom';
    ctx.fillText(line.text, left + 4 * px, y - 2 * px);
  }
  ctx.setLineDash([]);
  for (const axis of props.model.axes) {
    if (!axis.lane) continue;
    const y = u.valToPos((axis.min + axis.max) / 2, axis.scale, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const w = ctx.measureText(axis.label).width;
    ctx.fillStyle = surface;
    ctx.fillRect(left + 2 * px, y - 7 * px, w + 6 * px, 14 * px);
    ctx.fillStyle = axis.color ?? textColor;
    ctx.fillText(axis.label, left + 5 * px, y);
  }
  ctx.setLineDash([2 * px, 3 * px]);
  for (const a of props.annotations) {
    const x = u.valToPos(a.timestamp, 'x', true);
    if (!Number.isFinite(x) || x < left || x > left + width) continue;
    ctx.strokeStyle = textColor;
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.fillStyle = textColor;
    ctx.textBaseline = 'top';
    const label = a.text.length > 40 ? `${a.text.slice(0, 39)}…` : a.text;
    ctx.fillText(`▼ ${label}`, x + 3 * px, top + 2 * px);
  }
  ctx.restore();
}

/** Wheel zoom around the pointer, touch pan with one finger and pinch zoom with two. */
function attachGestures(u: uPlot, props: () => UPlotChartProps): () => void {
  const over = u.over;
  const rangeNow = (): TimeRange => props().range;
  const zoomAround = (t: number, factor: number, base = rangeNow()) => {
    const start = t - (t - base.start) * factor;
    const end = t + (base.end - t) * factor;
    if (end - start >= MIN_SPAN_MS) props().onRangeChange({ start, end });
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    zoomAround(u.posToVal(e.offsetX, 'x'), e.deltaY > 0 ? WHEEL_ZOOM : 1 / WHEEL_ZOOM);
  };
  const touches = new Map<number, number>();
  let startRange: TimeRange | null = null;
  let startTouches = new Map<number, number>();
  const onDown = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    over.setPointerCapture(e.pointerId);
    touches.set(e.pointerId, e.offsetX);
    startTouches = new Map(touches);
    startRange = rangeNow();
  };
  const onMove = (e: PointerEvent) => {
    if (e.pointerType !== 'touch' || !touches.has(e.pointerId) || !startRange) return;
    touches.set(e.pointerId, e.offsetX);
    const span = startRange.end - startRange.start;
    const msPerPx = span / Math.max(1, u.bbox.width / uPlot.pxRatio);
    if (touches.size === 1) {
      const x0 = startTouches.get(e.pointerId) ?? e.offsetX;
      const shift = (x0 - e.offsetX) * msPerPx;
      props().onRangeChange({ start: startRange.start + shift, end: startRange.end + shift });
    } else if (touches.size === 2) {
      const [a0, b0] = [...startTouches.values()] as [number, number];
      const [a1, b1] = [...touches.values()] as [number, number];
      const d0 = Math.abs(b0 - a0);
      const d1 = Math.abs(b1 - a1);
      if (d0 > 10 && d1 > 10) {
        const center = startRange.start + ((a0 + b0) / 2) * msPerPx;
        zoomAround(center, d0 / d1, startRange);
      }
    }
  };
  const onUp = (e: PointerEvent) => {
    touches.delete(e.pointerId);
    startTouches = new Map(touches);
    startRange = touches.size > 0 ? rangeNow() : null;
  };
  const onDbl = (e: MouseEvent) => props().onDoubleClick?.(u.posToVal(e.offsetX, 'x'));
  over.addEventListener('wheel', onWheel, { passive: false });
  over.addEventListener('pointerdown', onDown);
  over.addEventListener('pointermove', onMove);
  over.addEventListener('pointerup', onUp);
  over.addEventListener('pointercancel', onUp);
  over.addEventListener('dblclick', onDbl);
  return () => {
    over.removeEventListener('wheel', onWheel);
    over.removeEventListener('pointerdown', onDown);
    over.removeEventListener('pointermove', onMove);
    over.removeEventListener('pointerup', onUp);
    over.removeEventListener('pointercancel', onUp);
    over.removeEventListener('dblclick', onDbl);
  };
}

/** Each series' legend row and its name cell (the first row is the x axis's). */
function forEachLegendRow<S>(
  u: uPlot,
  series: readonly S[],
  visit: (s: S, row: HTMLElement, cell: HTMLTableCellElement) => void,
): void {
  const rows = u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');
  series.forEach((s, i) => {
    const row = rows[i + 1];
    const cell = row?.querySelector('th');
    if (row && cell) visit(s, row, cell);
  });
}
