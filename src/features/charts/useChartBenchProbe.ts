/**
 * With `?bench=1` in the address, the chart view reports to the bench suite
 * (bench/scenarios/charts.ts, window.__pegelBench.chart): the time from the data's arrival in
 * the tab to the drawn frame, the ranges the engine fetched, and pan/zoom steps that resolve when drawn.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TimeRange } from '../../domain/timeUnits.ts';
import type { ChartDataAnswer } from '../../live/charts.ts';
import { panRange, zoomRange } from './chartRange.ts';
import { answerArrivedAt } from './useChartData.ts';

export function useChartBenchProbe(
  answer: ChartDataAnswer | null,
  fetched: number,
  changeView: (range: TimeRange) => void,
  view: TimeRange,
): void {
  const lastRender = useRef(0);
  const arrived = useRef<number | null>(null);
  const waiting = useRef<(() => void)[]>([]);
  const latest = useRef({ fetched, changeView, view });
  latest.current = { fetched, changeView, view };

  // A layout effect, as the plot's own data update (UPlotChart): both run in the commit, before
  // the browser paints it.
  useLayoutEffect(() => {
    if (!answer) return;
    // From the answer's arrival in the tab (before React rendered and uPlot drew it) to the
    // next frame after the commit, the one that paints the canvas.
    arrived.current = answerArrivedAt.get(answer) ?? performance.now();
    requestAnimationFrame(() => {
      if (arrived.current !== null) lastRender.current = performance.now() - arrived.current;
      for (const resolve of waiting.current.splice(0)) resolve();
    });
  }, [answer]);

  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('bench')) return;
    const host = window as Window & { __pegelBench?: object };
    const probe = {
      lastRenderMs: () => lastRender.current,
      requestCount: () => latest.current.fetched,
      panZoom: (kind: 'pan' | 'zoom', fraction: number) =>
        new Promise<void>((resolve) => {
          waiting.current.push(resolve);
          const { view: v, changeView: change } = latest.current;
          change(kind === 'pan' ? panRange(v, fraction) : zoomRange(v, 1 - fraction));
        }),
    };
    host.__pegelBench = Object.assign(host.__pegelBench ?? {}, { chart: probe });
    return () => {
      if (host.__pegelBench) Reflect.deleteProperty(host.__pegelBench, 'chart');
    };
  }, []);
}
