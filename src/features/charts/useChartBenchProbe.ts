/**
 * With `?bench=1` in the address, the chart view reports to the bench suite
 * (bench/scenarios/charts.ts, window.__pegelBench.chart): the time from the data's arrival in
 * the tab to the drawn frame, the ranges the engine fetched, and pan/zoom steps that resolve when drawn.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { TimeRange } from '../../domain/timeUnits.ts';
import type { ChartDataAnswer } from '../../live/charts.ts';
import { panRange, zoomRange } from './chartRange.ts';
import { answerArrivedAt } from './useChartData.ts';

const benchOn = () => new URLSearchParams(window.location.search).has('bench');

/** Returns `drawn`, to be called when an answer was drawn outside a render (earlyPlot.ts). */
export function useChartBenchProbe(
  answer: ChartDataAnswer | null,
  fetched: number,
  changeView: (range: TimeRange) => void,
  view: TimeRange,
): (answer: ChartDataAnswer) => void {
  const lastRender = useRef(0);
  const waiting = useRef<(() => void)[]>([]);
  const noted = useRef(new WeakSet<ChartDataAnswer>());
  const latest = useRef({ fetched, changeView, view });
  latest.current = { fetched, changeView, view };

  // From the answer's arrival in the tab to the next frame after it was drawn, the one that
  // paints the canvas. With `?bench=1` the three moments are user timing marks, for a trace
  // (bench/chart-frame-profile.ts).
  const drawn = useCallback((drawnAnswer: ChartDataAnswer) => {
    if (noted.current.has(drawnAnswer)) return;
    noted.current.add(drawnAnswer);
    const arrived = answerArrivedAt.get(drawnAnswer) ?? performance.now();
    const marks = benchOn();
    if (marks) {
      performance.mark('pegel:chart-arrived', { startTime: arrived });
      performance.mark('pegel:chart-drawn');
    }
    requestAnimationFrame(() => {
      if (marks) performance.mark('pegel:chart-frame');
      lastRender.current = performance.now() - arrived;
      for (const resolve of waiting.current.splice(0)) resolve();
    });
  }, []);

  // Drawn in the commit (a layout effect, as the plot's own data update in UPlotChart) when
  // it was not drawn on arrival.
  useLayoutEffect(() => {
    if (answer) drawn(answer);
  }, [answer, drawn]);

  useEffect(() => {
    if (!benchOn()) return;
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
  return drawn;
}
