/**
 * The canvas of a chart as a React component: the uPlot made by buildPlot.ts, built anew only
 * when the layout, the theme or the plant's time zone changes (PM5, EP4); data drawn on its arrival outside a render
 * (earlyPlot.ts) is kept by the commits that follow until the render that brings it (EP1–EP5);
 * new data, ranges and annotations are set into the plot in the commit itself.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AlignedData } from '../../live/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import type { PlotModel } from './plotModel.ts';
import { madeBefore } from './earlyPlot.ts';
import { buildPlot, setPlot, type UPlotChartProps } from './buildPlot.ts';
import { useLegendMarks } from './plotLegend.ts';

export type { UPlotChartProps } from './buildPlot.ts';
export type { LegendStale } from './plotLegend.ts';
export type { AnnotationMark } from './plotOverlays.ts';

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

export function UPlotChart(props: UPlotChartProps) {
  // What the plot is built with besides the layout: the theme's colours and the plant's zone.
  const theme = `${useTheme()}|${props.timeZone ?? ''}`;
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

  useLegendMarks(plot, {
    series: props.model.series,
    layoutKey: props.model.layoutKey,
    theme,
    legendAlarms: props.legendAlarms,
    legendStale: props.legendStale,
    formatAge: props.formatAge,
  });

  useEffect(() => {
    const u = plot.current;
    if (u && u.height !== props.height) u.setSize({ width: u.width, height: props.height });
  }, [props.height]);

  return <div ref={host} className="uplot-host" />;
}
