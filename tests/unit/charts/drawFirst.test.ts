// @vitest-environment happy-dom
/**
 * Chart data is drawn in the task it arrives in; the React state update (legend, spinner,
 * facts) follows after the frame that shows it, or after a fallback when no frame comes
 * (hidden tab), and never out of order with later states (src/features/charts/useChartData.ts).
 */
import { act, createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartDataAnswer } from '../../../src/live/charts.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { useChartData, type ChartDataState } from '../../../src/features/charts/useChartData.ts';
import { AFTER_PAINT_FALLBACK_MS, afterPaint } from '../../../src/ui/afterPaint.ts';
import { afterDrawnFrame } from '../../../src/features/charts/drawnFrame.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

/** Animation frames run only when the test says a frame comes. */
let frames: FrameRequestCallback[] = [];
function nextFrame(): void {
  const due = frames;
  frames = [];
  for (const f of due) f(performance.now());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames = frames.map((f, i) => (i === id - 1 ? () => undefined : f));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('DF1: runs in a task after the next frame, once', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('DF2: without frames (hidden tab) it runs after the fallback; cancelled it never runs', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    const never = vi.fn();
    afterPaint(never)();
    nextFrame();
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS);
    expect(never).not.toHaveBeenCalled();
  });

  it('DF3: a measurement of what is on screen (no fallback) waits for the frame however long', () => {
    const run = vi.fn();
    afterPaint(run, null);
    vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS * 10);
    expect(run).not.toHaveBeenCalled();
    nextFrame();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

function answerOf(n: number): ChartDataAnswer {
  return {
    state: 'done',
    error: null,
    series: [
      {
        seriesId: 's0',
        dimension: '',
        times: new Float64Array([n]),
        values: new Float64Array([n]),
      } as ChartDataAnswer['series'][number],
    ],
    fetched: 1,
    rawPoints: 1,
  };
}

describe('useChartData: drawn first, state after', () => {
  let view: TestRoot;
  const states: ChartDataState[] = [];
  let resolveNext: ((a: ChartDataAnswer) => void)[] = [];
  let drawnInTask: ChartDataAnswer[] = [];
  let drawOnArrival = true;
  const client = {
    chartData: () => new Promise<ChartDataAnswer>((resolve) => resolveNext.push(resolve)),
    watchLiveChart: () => () => undefined,
  } as unknown as LiveClient;

  function View({ start }: { start: number }) {
    const { state } = useChartData({
      target: { kind: 'chart', chartId: 1 },
      targetKey: 'chart:1',
      source: 'MeasurementArchive',
      range: { start, end: start + 3_600_000 },
      width: 400,
      live: null,
      onAnswer: (a) => {
        drawnInTask.push(a);
        return drawOnArrival;
      },
    });
    states.push(state);
    return null;
  }
  const render = (start: number) =>
    view.render(
      createElement(LiveContext.Provider, { value: client }, createElement(View, { start })),
    );
  const last = () => states[states.length - 1]!;
  /** Lets the chart-data request go out (it waits for further view changes first). */
  const request = () => act(() => vi.advanceTimersByTime(100));
  const arrive = (a: ChartDataAnswer) =>
    act(async () => {
      resolveNext.shift()!(a);
      await Promise.resolve();
    });
  /** The view from 0 asks for its data and the first answer arrives; returns that answer. */
  const firstAnswer = async () => {
    await render(0);
    await request();
    const a = answerOf(1);
    await arrive(a);
    return a;
  };

  beforeEach(() => {
    view = mountRoot();
    states.length = 0;
    resolveNext = [];
    drawnInTask = [];
    drawOnArrival = true;
  });
  afterEach(() => view.unmount());

  it('DF3: an answer drawn on arrival reaches the state only after the next frame', async () => {
    const a = await firstAnswer();
    expect(drawnInTask).toEqual([a]);
    expect(last()).toMatchObject({ status: 'loading', answer: null });
    await act(() => nextFrame());
    expect(last().answer).toBeNull();
    await act(() => vi.advanceTimersByTime(0));
    expect(last()).toMatchObject({ status: 'ready', answer: a });
  });

  it('DF4: an answer that could not be drawn on arrival is rendered at once', async () => {
    drawOnArrival = false;
    const a = await firstAnswer();
    expect(last()).toMatchObject({ status: 'ready', answer: a });
  });

  it('DF5: a hidden tab gets the state after the fallback', async () => {
    const a = await firstAnswer();
    await act(() => vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS));
    expect(last()).toMatchObject({ status: 'ready', answer: a });
  });

  it('DF6: a new request applies the pending state first, so the answer stays in view', async () => {
    const a = await firstAnswer();
    await render(1_000_000);
    await request();
    expect(last()).toMatchObject({ status: 'loading', answer: a });
    const b = answerOf(2);
    await arrive(b);
    await act(() => vi.advanceTimersByTime(AFTER_PAINT_FALLBACK_MS));
    expect(last()).toMatchObject({ status: 'ready', answer: b });
  });

  it('DF7: page data that comes while a drawn answer waits for its frame follows that frame', async () => {
    const before = vi.fn();
    afterDrawnFrame(before);
    expect(before).toHaveBeenCalledTimes(1);
    const a = await firstAnswer();
    const configs = vi.fn();
    const annotations = vi.fn();
    afterDrawnFrame(configs);
    afterDrawnFrame(annotations);
    expect(configs).not.toHaveBeenCalled();
    await act(() => nextFrame());
    expect(configs).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTime(0));
    expect(configs).toHaveBeenCalledTimes(1);
    expect(annotations.mock.invocationCallOrder[0]).toBeGreaterThan(
      configs.mock.invocationCallOrder[0]!,
    );
    expect(last()).toMatchObject({ status: 'ready', answer: a });
    const after = vi.fn();
    afterDrawnFrame(after);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('DF8: an answer not drawn on arrival holds nothing; a view left releases what waits', async () => {
    drawOnArrival = false;
    await firstAnswer();
    const now = vi.fn();
    afterDrawnFrame(now);
    expect(now).toHaveBeenCalledTimes(1);
    drawOnArrival = true;
    await render(1_000_000);
    await request();
    await arrive(answerOf(2));
    const held = vi.fn();
    afterDrawnFrame(held);
    expect(held).not.toHaveBeenCalled();
    view.unmount();
    expect(held).toHaveBeenCalledTimes(1);
    view = mountRoot();
  });
});
