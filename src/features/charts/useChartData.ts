/**
 * Chart data of the view range from the engine (only missing ranges are fetched there),
 * reduced to the plot width, and the live series of a live chart: the engine tells the tab
 * when they grew, and the view asks again.
 */
import { useEffect, useRef, useState } from 'react';
import type { DataSourceType } from '../../contract/charts.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvRef } from '../../contract/pv.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { useLiveClient } from '../../live/index.ts';
import type { ChartDataAnswer, ChartTarget } from '../../live/charts.ts';
import { failureText } from '../../app/failureText.ts';
import { afterPaint } from '../../ui/afterPaint.ts';
import { holdForDrawnFrame } from './drawnFrame.ts';

/** Requests wait this long for the next view change (wheel, keys) before going out. */
const SETTLE_MS = 60;

export type ChartDataState =
  | { status: 'loading'; answer: ChartDataAnswer | null }
  /** `range`: the range this answer is for (the view may have moved on meanwhile). */
  | { status: 'ready'; answer: ChartDataAnswer; range: TimeRange }
  | { status: 'error'; answer: ChartDataAnswer | null; error: string };

export interface ChartDataParams {
  target: ChartTarget;
  targetKey: string;
  source: DataSourceType;
  range: TimeRange;
  width: number;
  /** Live chart: PVs by series id whose live series follow the archive. */
  live: readonly { seriesId: string; pv: PvRef }[] | null;
  onLive?: () => void;
  /**
   * Called with each answer as it arrives, before the state update renders it; true when it
   * drew the answer already.
   */
  onAnswer?: (answer: ChartDataAnswer) => boolean;
}

/** When each answer reached the tab, for the bench's data-to-drawn time. */
export const answerArrivedAt = new WeakMap<ChartDataAnswer, number>();

export function useChartData(params: ChartDataParams): {
  state: ChartDataState;
  retry: () => void;
  /** Ranges the engine fetched from the server for this view (0 for cache hits). */
  fetched: number;
} {
  const client = useLiveClient();
  const [state, setState] = useState<ChartDataState>({ status: 'loading', answer: null });
  const [attempt, setAttempt] = useState(0);
  const [liveTick, setLiveTick] = useState(0);
  const fetched = useRef(0);
  const seq = useRef(0);
  /**
   * The state of an answer drawn on its arrival, set after the frame that shows it: the
   * render around the plot (legend, facts, toolbar) does not delay that frame. Every other
   * state change applies it first, so the states stay in order. Page data arriving meanwhile
   * waits for the same frame (drawnFrame.ts).
   */
  const pending = useRef<{ state: ChartDataState; cancel: () => void } | null>(null);
  const flushPending = useRef(() => {
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    p.cancel();
    setState(p.state);
  });
  useEffect(
    () => () => {
      pending.current?.cancel();
      pending.current = null;
    },
    [],
  );
  const onLive = useRef(params.onLive);
  onLive.current = params.onLive;
  const onAnswer = useRef(params.onAnswer);
  onAnswer.current = params.onAnswer;
  const { target, targetKey, source, range, width, live } = params;
  const liveKey = live ? live.map((l) => `${l.seriesId}=${pvKey(l.pv)}`).join(',') : '';

  useEffect(() => {
    if (!live || live.length === 0) return;
    // A hidden tab draws nothing (DESIGN.md "Frames, not messages"): it catches up when shown.
    let missed = false;
    const update = () => {
      onLive.current?.();
      setLiveTick((n) => n + 1);
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !missed) return;
      missed = false;
      update();
    };
    document.addEventListener('visibilitychange', onVisible);
    const release = client.watchLiveChart(
      live.map((l) => l.pv),
      () => {
        if (document.visibilityState === 'hidden') missed = true;
        else update();
      },
    );
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      release();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by liveKey
  }, [client, liveKey]);

  useEffect(() => {
    if (!(width > 0)) return;
    const id = ++seq.current;
    const timer = window.setTimeout(() => {
      flushPending.current();
      setState((s) => ({ status: 'loading', answer: s.answer }));
      void client
        .chartData({
          target,
          source,
          start: range.start,
          end: range.end,
          width: Math.round(width),
          live: live?.map((l) => ({ seriesId: l.seriesId, key: pvKey(l.pv) })),
        })
        .then(
          (answer) => {
            if (id !== seq.current) return;
            answerArrivedAt.set(answer, performance.now());
            fetched.current += answer.fetched;
            const next: ChartDataState =
              answer.state === 'error'
                ? { status: 'error', answer: null, error: answer.error ?? '' }
                : { status: 'ready', answer, range: { start: range.start, end: range.end } };
            flushPending.current();
            // Drawn already: the render around the plot waits for the frame that shows it.
            if (onAnswer.current?.(answer)) {
              const release = holdForDrawnFrame();
              const cancel = afterPaint(() => flushPending.current());
              pending.current = {
                state: next,
                cancel: () => {
                  cancel();
                  release();
                },
              };
            } else setState(next);
          },
          (error: unknown) => {
            if (id !== seq.current) return;
            flushPending.current();
            setState({
              status: 'error',
              answer: null,
              error: failureText(error),
            });
          },
        );
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is keyed by targetKey
  }, [client, targetKey, source, range.start, range.end, width, liveKey, liveTick, attempt]);

  return { state, retry: () => setAttempt((a) => a + 1), fetched: fetched.current };
}
