// @vitest-environment happy-dom
/**
 * Data drawn on its arrival (earlyPlot.ts) stays drawn until the render that brings it: a
 * theme switch, a new height, new annotations or a new range committed in between must not
 * put the older data of the props back into the plot (UPlotChart's `earlyAhead`).
 * uPlot is replaced by a recorder of what was set into it; happy-dom has no canvas.
 */
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataAnswer } from '../../../src/live/charts.ts';
import type { TimeRange } from '../../../src/domain/timeUnits.ts';
import { defaultSeriesConfig } from '../../../src/domain/seriesDefaults.ts';
import {
  useEarlyPlot,
  usePlotOf,
  type PlotInputs,
} from '../../../src/features/charts/earlyPlot.ts';
import { UPlotChart, type AnnotationMark } from '../../../src/features/charts/UPlotChart.tsx';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

const plots = vi.hoisted(() => {
  /** What the chart set into one uPlot instance. */
  class RecordingPlot {
    static pxRatio = 1;
    static made: RecordingPlot[] = [];
    data: unknown[];
    built: unknown[];
    width: number;
    height: number;
    root = document.createElement('div');
    over = document.createElement('div');
    ctx = { canvas: document.createElement('canvas') };
    bbox = { left: 0, top: 0, width: 400, height: 200 };
    scales: Record<string, { min?: number; max?: number }> = { x: {} };
    select = { left: 0, top: 0, width: 0, height: 0 };
    cursor: { idx: number | null } = { idx: null };
    redraws = 0;
    destroyed = false;
    constructor(opts: { width: number; height: number }, data: unknown[], el: HTMLElement) {
      this.data = data;
      this.built = data;
      this.width = opts.width;
      this.height = opts.height;
      el.appendChild(this.root);
      RecordingPlot.made.push(this);
    }
    batch(f: () => void) {
      f();
    }
    sets = 0;
    setData(data: unknown[]) {
      this.data = data;
      this.sets++;
    }
    setScale(key: string, s: { min: number; max: number }) {
      this.scales[key] = s;
    }
    setSize(s: { width: number; height: number }) {
      this.width = s.width;
      this.height = s.height;
    }
    redraw() {
      this.redraws++;
    }
    setSelect() {}
    setLegend() {}
    posToVal() {
      return 0;
    }
    valToPos() {
      return 0;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return RecordingPlot;
});
vi.mock('uplot', () => ({ default: plots }));

const HOUR = 3_600_000;
const series = [
  defaultSeriesConfig({
    id: 's0',
    index: 0,
    pv: { type: 'AnaIn', nr: 100001 },
    pvSubtype: 'Aktuell',
    seriesViewType: 'Line',
  }),
];
const inputs: PlotInputs = {
  series,
  pvConfigs: new Map(),
  limitNames: { Bottom: 'U', BottomMiddle: 'UM', TopMiddle: 'OM', Top: 'O' },
  formatValue: (v, d) => v.toFixed(d),
};

function answerOf(values: number[]): ChartDataAnswer {
  return {
    state: 'done',
    error: null,
    series: [
      {
        seriesId: 's0',
        dimension: 'bar',
        times: new Float64Array(values.map((_, i) => i * 60_000)),
        values: new Float64Array(values),
      } as ChartDataAnswer['series'][number],
    ],
    fetched: values.length,
    rawPoints: values.length,
  };
}

interface ViewProps {
  answer: ChartDataAnswer;
  range: TimeRange;
  annotations: readonly AnnotationMark[];
  height: number;
}

/** The chart as ChartView wires it: drawn on arrival, rendered from the answer in state. */
let drawOnArrival: (a: ChartDataAnswer) => boolean = () => false;
function View(props: ViewProps) {
  const { drawer, onAnswer } = useEarlyPlot(inputs, () => undefined);
  drawOnArrival = onAnswer;
  const { model, data } = usePlotOf(props.answer, inputs);
  return createElement(UPlotChart, {
    model,
    data,
    range: props.range,
    annotations: props.annotations,
    height: props.height,
    formatTime: String,
    formatAxisTime: String,
    formatValue: inputs.formatValue,
    formatTick: String,
    timeLabel: 'Zeit',
    onRangeChange: () => undefined,
    drawer,
  });
}

/** The values column the plot shows now (uPlot data: [times, ...series]). */
const shown = () => Array.from((plots.made.at(-1)!.data[1] ?? []) as ArrayLike<number>);

describe('UPlotChart: data drawn on arrival survives commits before its render', () => {
  let view: TestRoot;
  const older = answerOf([1, 2, 3]);
  const newer = answerOf([7, 8, 9]);
  const base: ViewProps = {
    answer: older,
    range: { start: 0, end: HOUR },
    annotations: [],
    height: 300,
  };
  const render = (props: ViewProps) => view.render(createElement(View, props));

  beforeEach(async () => {
    plots.made = [];
    delete document.documentElement.dataset.theme;
    view = mountRoot();
    await render(base);
    expect(shown()).toEqual([1, 2, 3]);
    // The newer answer arrives and is drawn in its task; its render has not come yet.
    await act(() => {
      expect(drawOnArrival(newer)).toBe(true);
    });
    expect(shown()).toEqual([7, 8, 9]);
  });
  afterEach(() => view.unmount());

  it('EP1: new annotations redraw the overlays over the newer data', async () => {
    const redraws = plots.made.at(-1)!.redraws;
    await render({ ...base, annotations: [{ key: 'a', timestamp: 60_000, text: 'Spülung' }] });
    expect(shown()).toEqual([7, 8, 9]);
    expect(plots.made.at(-1)!.redraws).toBe(redraws + 1);
  });

  it('EP2: a new height keeps the newer data', async () => {
    await render({ ...base, height: 420 });
    expect(plots.made.at(-1)!.height).toBe(420);
    expect(shown()).toEqual([7, 8, 9]);
  });

  it('EP3: a new range is applied to the newer data', async () => {
    await render({ ...base, range: { start: HOUR, end: 2 * HOUR } });
    expect(shown()).toEqual([7, 8, 9]);
    expect(plots.made.at(-1)!.scales.x).toEqual({ min: HOUR, max: 2 * HOUR });
  });

  it('EP4: a theme switch rebuilds the plot with the newer data', async () => {
    const before = plots.made.length;
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      // The MutationObserver's record is delivered in a microtask.
      await Promise.resolve();
    });
    expect(plots.made.length).toBe(before + 1);
    expect(plots.made[before - 1]!.destroyed).toBe(true);
    expect(Array.from(plots.made.at(-1)!.built[1] as ArrayLike<number>)).toEqual([7, 8, 9]);
    expect(shown()).toEqual([7, 8, 9]);
  });

  it('EP5: the render that brings the newer answer leaves the plot as drawn', async () => {
    const sets = plots.made.at(-1)!.sets;
    await render({ ...base, answer: newer });
    expect(shown()).toEqual([7, 8, 9]);
    // Nothing is set again: the data drawn on arrival is what this render brings.
    expect(plots.made.at(-1)!.sets).toBe(sets);
    // And from then on the props lead again: an even newer answer in the props is drawn.
    await render({ ...base, answer: answerOf([4, 5, 6]) });
    expect(shown()).toEqual([4, 5, 6]);
  });
});
