/**
 * Chart data is drawn the moment it reaches the tab, before React renders the view around
 * it (issue 13, one-year trend data to drawn): the plot model and the aligned columns are
 * made once from the answer and set into the plot that is already there; the render that
 * follows (legend, facts line, toolbar) reuses them and finds the plot up to date. When the
 * plot must be built anew (other series, scales or styles), the render draws as before.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { PvConfig } from '../../contract/pv.ts';
import { alignSeries, type AlignedData, type ChartDataAnswer } from '../../live/charts.ts';
import {
  buildPlotModel,
  type LimitKind,
  type PlotModel,
  type PlotSeriesConfig,
} from './plotModel.ts';

/** What a plot is made of besides the answer; compared by identity. */
export interface PlotInputs {
  series: readonly PlotSeriesConfig[];
  pvConfigs: ReadonlyMap<string, PvConfig>;
  limitNames: Record<LimitKind, string>;
  formatValue: (value: number, decimals: number) => string;
}

/** The plot of a view, as UPlotChart offers it for drawing outside a render. */
export interface PlotDrawer {
  /** Sets model and data into the plot now; false when the plot cannot take this model. */
  draw(model: PlotModel, data: AlignedData): boolean;
}

interface Made {
  inputs: PlotInputs;
  model: PlotModel;
  data: AlignedData;
}

/** Model and columns made for each answer on its arrival, for the render to reuse. */
const made = new WeakMap<ChartDataAnswer, Made>();

function sameInputs(a: PlotInputs, b: PlotInputs): boolean {
  return (
    a.series === b.series &&
    a.pvConfigs === b.pvConfigs &&
    a.limitNames === b.limitNames &&
    a.formatValue === b.formatValue
  );
}

function modelOf(answer: ChartDataAnswer | null, inputs: PlotInputs): PlotModel {
  const values = new Map<string, Float64Array>();
  const dimensions = new Map<string, string>();
  for (const s of answer?.series ?? []) {
    values.set(s.seriesId, s.values);
    dimensions.set(s.seriesId, s.dimension);
  }
  return buildPlotModel({ ...inputs, dimensions, values, awaitingData: answer === null });
}

const EMPTY = { times: new Float64Array(0), values: new Float64Array(0) };

/** The order in which plot data was made: a render may still hold data older than the drawn. */
const madeOrder = new WeakMap<AlignedData, number>();
let madeCount = 0;

function dataOf(answer: ChartDataAnswer | null, model: PlotModel): AlignedData {
  const byId = new Map((answer?.series ?? []).map((s) => [s.seriesId, s]));
  const data = alignSeries(model.series.map((s) => byId.get(s.id) ?? EMPTY));
  madeOrder.set(data, ++madeCount);
  return data;
}

/**
 * Whether `data` was made before `than`: a render that holds it has not yet caught up with
 * the data drawn on its arrival (useChartData sets that state after the frame that shows it).
 * Data not made here (tests, other views) counts as older than any made here.
 */
export function madeBefore(data: AlignedData, than: AlignedData): boolean {
  return (madeOrder.get(data) ?? 0) < (madeOrder.get(than) ?? 0);
}

/**
 * `onAnswer` for useChartData: draws an arriving answer into `drawer` at once and calls
 * `drawn` when it did. The inputs are read as they are at the answer's arrival.
 */
export function useEarlyPlot(
  inputs: PlotInputs,
  drawn: (answer: ChartDataAnswer) => void,
): {
  drawer: { current: PlotDrawer | null };
  onAnswer: (answer: ChartDataAnswer) => boolean;
} {
  const drawer = useRef<PlotDrawer | null>(null);
  const latest = useRef({ inputs, drawn });
  latest.current = { inputs, drawn };
  const onAnswer = useCallback((answer: ChartDataAnswer) => {
    const plot = drawer.current;
    if (!plot || answer.state === 'error') return false;
    const { inputs: now, drawn: done } = latest.current;
    const model = modelOf(answer, now);
    const data = dataOf(answer, model);
    made.set(answer, { inputs: now, model, data });
    if (!plot.draw(model, data)) return false;
    done(answer);
    return true;
  }, []);
  return { drawer, onAnswer };
}

/** The plot model and columns of `answer`: those made on its arrival when still valid. */
export function usePlotOf(
  answer: ChartDataAnswer | null,
  inputs: PlotInputs,
): { model: PlotModel; data: AlignedData } {
  const { series, pvConfigs, limitNames, formatValue } = inputs;
  return useMemo(() => {
    const now = { series, pvConfigs, limitNames, formatValue };
    const early = answer ? made.get(answer) : undefined;
    if (early && sameInputs(early.inputs, now)) return { model: early.model, data: early.data };
    const model = modelOf(answer, now);
    return { model, data: dataOf(answer, model) };
  }, [answer, series, pvConfigs, limitNames, formatValue]);
}
