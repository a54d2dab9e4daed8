/**
 * The alarm rate per 10 minutes or per hour as a uPlot step area, with the benchmark lines
 * (1 per 10 minutes or 6 per hour, and the flood threshold of 10 per 10 minutes) and the
 * flood periods shaded and edged, so a flood reads without colour too. Times on the axis in the
 * plant's zone. Loaded with the page's chart only (React.lazy), never with the first screen.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { hourCycleOf } from '../../../domain/format.ts';
import { chartTzDate } from '../../../domain/chartTzDate.ts';
import { afterNextFrame } from './afterNextFrame.ts';
import type { FloodSpan, RateSeries } from '../../../domain/alarmPerformance.ts';

export interface BenchmarkLine {
  value: number;
  label: string;
  /** The flood threshold is drawn dashed and darker than the acceptable rate. */
  kind: 'acceptable' | 'flood';
}

export interface AlarmRateChartProps {
  series: RateSeries;
  /** Width of one window, ms (10 minutes or an hour). */
  stepMs: number;
  lines: readonly BenchmarkLine[];
  floods: readonly FloodSpan[];
  start: number;
  end: number;
  timeZone: string | undefined;
  locale: string;
  /** Legend and cursor label of the counts ('Alarme je 10 min'). */
  seriesLabel: string;
  timeLabel: string;
  height: number;
  /** Shown in the chart's place until it is first drawn. */
  pending: ReactNode;
}

function cssVar(el: Element, name: string, fallback: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim() || fallback;
}

/** What uPlot hands a chart made with a function for its place: sizes, scales and draws it. */
type uPlotInit = Parameters<
  Exclude<ConstructorParameters<typeof uPlot>[2], HTMLElement | undefined>
>[1];

export default function AlarmRateChart(props: AlarmRateChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const [drawn, setDrawn] = useState(false);
  /** Drawn before: a new series or resolution is drawn at once, in the task that asked. */
  const drawnOnce = useRef(false);
  const { series, stepMs, lines, floods, start, end, timeZone, locale, height } = props;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let made: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let cancel = () => {};
    const build = () => {
      const text = cssVar(el, '--text', '#1e2327');
      const muted = cssVar(el, '--text-muted', '#59636b');
      const grid = cssVar(el, '--border', '#cbd0d4');
      const fill = cssVar(el, '--accent', '#2f5f86');
      const floodInk = cssVar(el, '--alarm', '#d45500');
      const surface = cssVar(el, '--surface-raised', '#ffffff');
      const zone = timeZone ? { timeZone } : {};
      const make = (o: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(locale, { ...o, ...(o.hour ? hourCycleOf(locale) : {}), ...zone });
      const span = end - start;
      // The axis's format for this span only; the cursor's full time when it is first asked.
      const axisFormat = make(
        span <= 36 * 3_600_000
          ? { hour: '2-digit', minute: '2-digit' }
          : span <= 8 * 86_400_000
            ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }
            : { day: '2-digit', month: '2-digit' },
      );
      let fullFormat: Intl.DateTimeFormat | null = null;
      const full = (ms: number) =>
        (fullFormat ??= make({
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        })).format(ms);
      // Ticks on the plant's midnights and hours (one cached offset per quarter hour).
      const tzDate = chartTzDate(timeZone);
      const axisTime = (ms: number) => axisFormat.format(ms);
      const font = `12px ${getComputedStyle(el).fontFamily || 'sans-serif'}`;
      // Each count is drawn from its window's start to the next window's (a step to the right).
      const xs = [...series.starts, series.starts.length ? series.starts.at(-1)! + stepMs : end];
      const ys = [...series.counts, series.counts.at(-1) ?? 0];
      const peak = Math.max(0, ...series.counts, ...lines.map((l) => l.value));
      const opts: uPlot.Options = {
        width: Math.max(240, el.clientWidth),
        height,
        ms: 1,
        ...(tzDate ? { tzDate } : {}),
        scales: {
          x: { time: true, range: () => [start, end] },
          // Not ranged by the data (no pass over it): from 0 to above the peak and the lines.
          y: { auto: false, range: () => [0, Math.max(2, Math.ceil(peak * 1.15))] },
        },
        axes: [
          {
            stroke: muted,
            font,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            space: 90,
            values: (_u, splits) => splits.map((v) => (v == null ? '' : axisTime(v))),
          },
          {
            stroke: muted,
            font,
            grid: { stroke: grid, width: 1 },
            ticks: { stroke: grid },
            size: 44,
            values: (_u, splits) =>
              splits.map((v) => (v == null || !Number.isInteger(v) ? '' : String(v))),
          },
        ],
        series: [
          { label: latest.current.timeLabel, value: (_u, v) => (v == null ? '' : full(v)) },
          {
            label: latest.current.seriesLabel,
            stroke: fill,
            fill: `${fill}55`,
            width: 1,
            paths: uPlot.paths.stepped!({ align: 1 }),
            points: { show: false },
            value: (_u, v) => (v == null ? '' : String(v)),
          },
        ],
        legend: { show: true, live: true },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          drawClear: [
            (u) => {
              // Floods under the data: a hatched band edged at both ends.
              const ctx = u.ctx;
              const top = u.bbox.top;
              const h = u.bbox.height;
              ctx.save();
              for (const f of latest.current.floods) {
                const x0 = Math.max(u.bbox.left, u.valToPos(f.start, 'x', true));
                const x1 = Math.min(u.bbox.left + u.bbox.width, u.valToPos(f.end, 'x', true));
                if (x1 <= x0) continue;
                ctx.fillStyle = `${floodInk}22`;
                ctx.fillRect(x0, top, x1 - x0, h);
                ctx.strokeStyle = floodInk;
                ctx.lineWidth = Math.max(1, uPlot.pxRatio);
                ctx.beginPath();
                for (let x = x0 - h; x < x1; x += 8 * uPlot.pxRatio) {
                  const a = Math.max(x, x0);
                  const b = Math.min(x + h, x1);
                  ctx.moveTo(a, top + h - (a - x));
                  ctx.lineTo(b, top + h - (b - x));
                }
                ctx.globalAlpha = 0.35;
                ctx.stroke();
                ctx.globalAlpha = 1;
                ctx.strokeRect(x0, top, x1 - x0, h);
              }
              ctx.restore();
            },
          ],
          draw: [
            (u) => {
              const ctx = u.ctx;
              ctx.save();
              ctx.font = `${11 * uPlot.pxRatio}px ${getComputedStyle(el).fontFamily || 'sans-serif'}`;
              ctx.textBaseline = 'bottom';
              for (const line of latest.current.lines) {
                const y = Math.round(u.valToPos(line.value, 'y', true)) + 0.5;
                ctx.strokeStyle = line.kind === 'flood' ? floodInk : text;
                ctx.lineWidth = Math.max(1, uPlot.pxRatio) * (line.kind === 'flood' ? 1.5 : 1);
                ctx.setLineDash(
                  line.kind === 'flood'
                    ? [6 * uPlot.pxRatio, 4 * uPlot.pxRatio]
                    : [2 * uPlot.pxRatio, 3 * uPlot.pxRatio],
                );
                ctx.beginPath();
                ctx.moveTo(u.bbox.left, y);
                ctx.lineTo(u.bbox.left + u.bbox.width, y);
                ctx.stroke();
                ctx.setLineDash([]);
                const label = line.label;
                const w = ctx.measureText(label).width;
                // On a narrow plot the legend above says it; a label there would hide the data.
                if (w > u.bbox.width * 0.4) continue;
                const pad = 3 * uPlot.pxRatio;
                const x = u.bbox.left + u.bbox.width - w - 4 * uPlot.pxRatio;
                ctx.fillStyle = surface;
                ctx.fillRect(x - pad, y - 15 * uPlot.pxRatio, w + 2 * pad, 13 * uPlot.pxRatio);
                ctx.fillStyle = line.kind === 'flood' ? floodInk : text;
                ctx.fillText(label, x, y - 2 * uPlot.pxRatio);
              }
              ctx.restore();
            },
          ],
        },
      };
      // The chart is made (its elements, series and axes) in one task and sized, scaled and
      // drawn in the next, after the figures and tables had their frames: uPlot's set-up and
      // first draw together were one task of ~13 ms on a core. Later draws run at once.
      const drawIn = (u: uPlot, init: uPlotInit) => {
        made = u;
        el.appendChild(u.root);
        // What the first draw would do cold, done in this task: the axis's first time written
        // and the canvas's font resolved.
        axisTime(start);
        u.ctx.font = font;
        u.ctx.measureText(axisTime(end));
        const draw = () => {
          Reflect.apply(init, undefined, []);
          el.dataset.points = String(series.counts.length);
          drawnOnce.current = true;
          setDrawn(true);
          resize = new ResizeObserver(() => {
            const w = Math.max(240, el.clientWidth);
            if (w !== u.width) u.setSize({ width: w, height });
          });
          resize.observe(el);
        };
        if (drawnOnce.current) draw();
        else cancel = afterNextFrame(draw);
      };
      new uPlot(opts, [xs, ys] as uPlot.AlignedData, drawIn);
    };
    if (drawnOnce.current) build();
    else cancel = afterNextFrame(build);
    return () => {
      cancel();
      resize?.disconnect();
      made?.destroy();
    };
  }, [series, stepMs, lines, floods, start, end, timeZone, locale, height]);
  return (
    <>
      <div ref={host} className="perf-chart-canvas" />
      {!drawn && props.pending}
    </>
  );
}
