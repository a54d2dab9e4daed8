/**
 * The data window of a chart (SPEC §4 auto-refresh, §9 defaults): the range in view and how it
 * was chosen (default, preset, custom, zoom), auto-refresh moving it when the minute changes
 * (polled every 2 s), a live chart following its newest value (CH1), the span lock, and the
 * keys that pan and zoom it (CH2). No range under a minute.
 */
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { ChartConfig } from '../../contract/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { timeUnitOfSpan } from '../../domain/timeUnits.ts';
import { AutoRefresh, runAutoRefresh } from '../../live/charts.ts';
import { defaultRange, MIN_SPAN_MS, PAN_STEP, panRange, zoomRange } from './chartRange.ts';
import type { RangeChoice } from './RangeBar.tsx';

const intervalTimers = {
  setInterval: (callback: () => void, ms: number): unknown => window.setInterval(callback, ms),
  clearInterval: (handle: unknown) => window.clearInterval(handle as number),
};

export interface ChartWindow {
  view: TimeRange;
  choice: RangeChoice;
  setChoice: (choice: RangeChoice) => void;
  /** A range the user chose (zoom, pan, preset, custom). */
  changeView: (next: TimeRange, kind?: RangeChoice['kind']) => void;
  /** Back to the chart's default range. */
  reset: () => void;
  refreshOn: boolean;
  setRefreshOn: (on: boolean) => void;
  dateLocked: boolean;
  setDateLocked: (locked: boolean) => void;
  /** For the chart data: a live value arrived. */
  onLive: () => void;
  /** Arrows pan, + and - zoom, Home goes back to the default range. */
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
}

export function useChartWindow(
  config: ChartConfig,
  initialRange: TimeRange | null | undefined,
  /** The plant's time zone: default spans and auto-refresh steps are on its clock. */
  zone: string,
): ChartWindow {
  const isLive = config.type === 'LiveMeasurement';
  const [view, setView] = useState<TimeRange>(
    () => initialRange ?? defaultRange(config, Date.now(), zone),
  );
  const [choice, setChoice] = useState<RangeChoice>(
    initialRange ? { kind: 'custom' } : { kind: 'default' },
  );
  const refresh = useMemo(
    () =>
      new AutoRefresh({
        clock: () => Date.now(),
        chartType: config.type,
        timeSpan:
          config.timeSpanFactor && config.timeSpanUnit
            ? { factor: config.timeSpanFactor, unit: timeUnitOfSpan(config.timeSpanUnit) }
            : null,
        view,
        enabled: isLive && !initialRange,
        custom: Boolean(initialRange),
        zone,
      }),
    // One state machine per chart; the view is only its start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [config.id, config.type],
  );
  const [refreshOn, setRefreshOn] = useState(refresh.state.enabled);
  const [dateLocked, setDateLockedState] = useState(false);

  // Auto-refresh (SPEC §4): the window moves when the minute changes, polled every 2 s.
  useEffect(() => {
    refresh.setEnabled(refreshOn);
    if (!refreshOn) return;
    return runAutoRefresh(refresh, intervalTimers, (moved) => setView(moved));
  }, [refresh, refreshOn]);

  const changeView = useCallback(
    (next: TimeRange, kind: RangeChoice['kind'] = 'zoom') => {
      if (!(next.end - next.start >= MIN_SPAN_MS)) return;
      refresh.setViewRange(next, { custom: kind !== 'preset' && kind !== 'default' });
      setChoice((c) => (kind === 'preset' || kind === 'default' ? c : { kind }));
      setView(next);
    },
    [refresh],
  );

  const onLive = useCallback(() => {
    // A live chart in its own window follows the newest value (SPEC §4 live series).
    if (!refresh.state.enabled || refresh.state.custom) return;
    const now = Date.now();
    setView((v) => {
      const next = { start: now - (v.end - v.start), end: now };
      refresh.setViewRange(next);
      return next;
    });
  }, [refresh]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => changeView(panRange(view, -PAN_STEP)),
      ArrowRight: () => changeView(panRange(view, PAN_STEP)),
      '+': () => changeView(zoomRange(view, 0.5)),
      '=': () => changeView(zoomRange(view, 0.5)),
      '-': () => changeView(zoomRange(view, 2)),
      Home: () => changeView(defaultRange(config, Date.now(), zone), 'default'),
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return {
    view,
    choice,
    setChoice,
    changeView,
    reset: () => {
      changeView(defaultRange(config, Date.now(), zone), 'default');
      setChoice({ kind: 'default' });
    },
    refreshOn,
    setRefreshOn,
    dateLocked,
    setDateLocked: (locked) => {
      refresh.setDateLocked(locked);
      setDateLockedState(locked);
    },
    onLive,
    onKeyDown,
  };
}
