/**
 * One chart (SPEC §2 charts, §4 auto-refresh and data states, §9 defaults): the range
 * toolbar (presets, custom range, zoom and pan), data source Auto or explicit within the
 * archive limits, auto-refresh, the uPlot canvas with legend and cursor read-out, annotations,
 * and export (CSV from the server, PNG of the canvas).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import {
  DATA_SOURCE_TYPES,
  type ChartConfig,
  type DataSourcePreset,
} from '../../contract/charts.ts';
import { pvKey } from '../../contract/keys.ts';
import type { PvConfig } from '../../contract/pv.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { timeUnitOfSpan } from '../../domain/timeUnits.ts';
import { useFormat } from '../../app/useFormat.ts';
import { LIMIT_SUFFIX } from '../../domain/pvAlarm.ts';
import { hourCycleOf } from '../../domain/format.ts';
import { useLiveClient } from '../../live/index.ts';
import { useLiveItems } from '../../live/useLiveItems.ts';
import { usePvStandings } from '../../live/usePvStandings.ts';
import { useAlarmLabel } from '../alerts/PvAlarmMark.tsx';
import { usePriorityStyles } from '../alerts/usePriorities.ts';
import type { AlarmMarkProps } from '../../ui/index.ts';
import {
  AutoRefresh,
  runAutoRefresh,
  type ChartDataAnswer,
  type ChartTarget,
} from '../../live/charts.ts';
import { Button, EmptyState, Spinner, Toolbar } from '../../ui/index.ts';
import { useSession } from '../auth/sessionStore.ts';
import { AnnotationPanel } from './AnnotationPanel.tsx';
import {
  allowedSources,
  defaultRange,
  MIN_SPAN_MS,
  PAN_STEP,
  panRange,
  rangeAtEdge,
  resolveSource,
  zoomRange,
} from './chartRange.ts';
import { exportChartData, fetchDataEdge, saveBlob, type DataEdge } from './chartsApi.ts';
import { useDataExtent } from './useDataExtent.ts';
import { composeExport, exportCaption } from './pngExport.ts';
import { useResource } from '../../app/resource.ts';
import { systemSettings } from '../../app/systemSettings.ts';
import { LIMIT_KINDS, type LimitKind, type PlotSeriesConfig } from './plotModel.ts';
import { useEarlyPlot, usePlotOf, type PlotInputs } from './earlyPlot.ts';
import { RangeBar, type RangeChoice } from './RangeBar.tsx';
import { UPlotChart, type AnnotationMark, type LegendStale } from './UPlotChart.tsx';
import { useAnnotations } from './useAnnotations.ts';
import { useChartData } from './useChartData.ts';
import { useChartBenchProbe } from './useChartBenchProbe.ts';
import { failureText } from '../../app/failureText.ts';
import { chartEditAccess } from './chartEditAccess.ts';

export interface ChartViewProps {
  config: ChartConfig;
  series: readonly PlotSeriesConfig[];
  target: ChartTarget;
  /** A range from the address (start/end); the chart's default otherwise. */
  initialRange?: TimeRange | null;
  /** The source chosen at first; the chart's dataSourcePreset otherwise. */
  initialSource?: DataSourcePreset;
  /** The plant's time zone: default spans, presets and archive limits are on its clock. */
  zone: string;
}

const intervalTimers = {
  setInterval: (callback: () => void, ms: number): unknown => window.setInterval(callback, ms),
  clearInterval: (handle: unknown) => window.clearInterval(handle as number),
};

function targetKeyOf(target: ChartTarget): string {
  return target.kind === 'chart'
    ? `chart:${target.chartId}`
    : target.series.map((s) => `${s.seriesId}:${s.pvSubtype}`).join(',');
}

export function ChartView({
  config,
  series,
  target,
  initialRange,
  initialSource,
  zone,
}: ChartViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useLiveClient();
  const session = useSession();
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
  const [dateLocked, setDateLocked] = useState(false);
  const [sourceChoice, setSourceChoice] = useState<DataSourcePreset>(
    initialSource ?? config.dataSourcePreset,
  );
  const [width, setWidth] = useState(0);
  const [height, setHeight] = useState(() => (window.innerWidth < 600 ? 280 : 420));
  const [pvConfigs, setPvConfigs] = useState<ReadonlyMap<string, PvConfig>>(new Map());
  const [configsReady, setConfigsReady] = useState(false);
  const plotBox = useRef<HTMLDivElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [annotationAt, setAnnotationAt] = useState<number | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const legendAlarms = useLegendAlarms(series);
  const legendStale = useLegendStale(series);

  // The plot's pixel columns (the reduction width) follow the container.
  useEffect(() => {
    const el = plotBox.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onResize = () => setHeight(window.innerWidth < 600 ? 280 : 420);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Auto-refresh (SPEC §4): the window moves when the minute changes, polled every 2 s.
  useEffect(() => {
    refresh.setEnabled(refreshOn);
    if (!refreshOn) return;
    return runAutoRefresh(refresh, intervalTimers, (moved) => setView(moved));
  }, [refresh, refreshOn]);

  /** A range the user chose (zoom, pan, preset, custom). */
  const changeView = useCallback(
    (next: TimeRange, kind: RangeChoice['kind'] = 'zoom') => {
      if (!(next.end - next.start >= MIN_SPAN_MS)) return;
      refresh.setViewRange(next, { custom: kind !== 'preset' && kind !== 'default' });
      setChoice((c) => (kind === 'preset' || kind === 'default' ? c : { kind }));
      setView(next);
    },
    [refresh],
  );

  const pvs = useMemo(() => series.map((s) => s.pv), [series]);
  const pvsKey = pvs.map(pvKey).join(',');
  useEffect(() => {
    let live = true;
    void client
      .getPvConfigs(pvs)
      .then((results) => {
        if (!live) return;
        const map = new Map<string, PvConfig>();
        results.forEach((r, i) => {
          const pv = pvs[i];
          if (r.state === 'ready' && pv) map.set(pvKey(pv), r.config);
        });
        setPvConfigs(map);
      })
      // Without configs the chart still draws, named by PV ids.
      .catch(() => undefined)
      .finally(() => {
        if (live) setConfigsReady(true);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by pvsKey
  }, [client, pvsKey]);

  const { source, fellBack } = resolveSource(sourceChoice, config, view, zone);
  const liveSeries = useMemo(
    () => (isLive ? series.map((s) => ({ seriesId: s.id, pv: s.pv })) : null),
    [isLive, series],
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
  const targetKey = targetKeyOf(target);
  const extent = useDataExtent(target, targetKey, source, !isLive && series.length > 0);
  const sourceName = t(`charts.dataSources.${source}`);
  const dataBounds =
    extent.status === 'ready' && extent.first !== null && extent.last !== null
      ? { first: extent.first, last: extent.last }
      : null;
  const extentText =
    extent.status === 'off'
      ? null
      : extent.status === 'loading'
        ? t('charts.range.extentLoading')
        : extent.status === 'error'
          ? t('charts.range.extentFailed', { error: extent.error })
          : dataBounds
            ? t('charts.range.extent', {
                from: format.dateTime(dataBounds.first, { seconds: false }),
                to: format.dateTime(dataBounds.last, { seconds: false }),
                source: sourceName,
              })
            : t('charts.range.noData', { source: sourceName });
  /** Jumps to the first or last archived time of the series (SPEC §7 first/last-date). */
  const jump = async (edge: DataEdge) => {
    setNotice(null);
    try {
      const at = await fetchDataEdge(target, source, edge);
      if (at === null) {
        setNotice(t('charts.edge.none', { source: sourceName }));
        return;
      }
      // Old data does not move with the clock: the jump back ends auto-refresh.
      if (edge === 'first') setRefreshOn(false);
      changeView(rangeAtEdge(view, edge, at));
    } catch (error) {
      setNotice(t('charts.edge.failed', { error: failureText(error) }));
    }
  };
  const limitNames = useMemo(
    () =>
      // Named with the SPEC §3 suffix code too, as the CSV export and the PNG show them.
      Object.fromEntries(
        LIMIT_KINDS.map((k) => [k, `${t(`charts.limits.${k}`)} (${LIMIT_SUFFIX[k]})`]),
      ) as Record<LimitKind, string>,
    [t],
  );
  const plotInputs: PlotInputs = { series, pvConfigs, limitNames, formatValue: format.number };
  const probeDrawn = useRef<(answer: ChartDataAnswer) => void>(() => undefined);
  const { drawer, onAnswer: drawOnArrival } = useEarlyPlot(plotInputs, (a) =>
    probeDrawn.current(a),
  );
  const spinner = useRef<HTMLDivElement>(null);
  /**
   * An answer drawn on arrival hides the loading spinner in the same task: the state update
   * that removes it follows only after the frame that shows the data (useChartData).
   */
  const onAnswer = useCallback(
    (a: ChartDataAnswer) => {
      const drawn = drawOnArrival(a);
      if (drawn && spinner.current) spinner.current.style.display = 'none';
      return drawn;
    },
    [drawOnArrival],
  );
  const { state, retry, fetched } = useChartData({
    target,
    targetKey,
    source,
    range: view,
    width: width * window.devicePixelRatio,
    live: liveSeries,
    onLive,
    onAnswer,
  });
  const answer = state.answer;

  const annotations = useAnnotations(pvs);
  const marks: AnnotationMark[] = useMemo(
    () =>
      annotations.entries
        .filter((e) => e.annotation.visible)
        .map((e) => ({ key: e.key, timestamp: e.annotation.timestamp, text: e.annotation.text })),
    [annotations.entries],
  );

  const { model, data } = usePlotOf(answer, plotInputs);
  const points = answer?.series.reduce((n, s) => n + s.times.length, 0) ?? 0;
  probeDrawn.current = useChartBenchProbe(answer, fetched, changeView, view);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
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

  const exportCsv = async () => {
    setNotice(null);
    try {
      const name = await exportChartData(
        {
          chartConfigId: target.kind === 'chart' ? target.chartId : null,
          series: target.kind === 'series' ? target.series : [],
          startDate: new Date(view.start).toISOString(),
          endDate: new Date(view.end).toISOString(),
          source,
        },
        format.locale !== 'en',
      );
      setNotice(t('charts.export.done', { name }));
    } catch (error) {
      setNotice(
        t('charts.export.failed', {
          error: failureText(error),
        }),
      );
    }
  };

  const settings = useResource(systemSettings);
  const exportPng = () => {
    const c = canvas.current;
    if (!c) return;
    const css = getComputedStyle(document.body);
    const at = (ms: number) => format.dateTime(ms, { seconds: false });
    const out = composeExport(
      c,
      exportCaption({
        title: config.title,
        plant: settings.status === 'ready' ? settings.data.plantName : '',
        range: `${at(view.start)} – ${at(view.end)}`,
        exported: t('safeOps.export.at', { time: format.dateTime(Date.now()) }),
      }),
      {
        background: css.getPropertyValue('--surface').trim() || '#ffffff',
        text: css.getPropertyValue('--text').trim() || '#1e2327',
        muted: css.getPropertyValue('--text-muted').trim() || '#59636b',
      },
      model.series.map((s) => ({
        color: s.color,
        label: s.dimension ? `${s.label} [${s.dimension}]` : s.label,
      })),
    );
    out?.toBlob((blob) => {
      if (blob) saveBlob(blob, `${config.title}.png`);
    }, 'image/png');
  };

  const formatTick = useMemo(() => {
    const f = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 6 });
    return (v: number) => f.format(v);
  }, [format.locale]);

  const formatAxisTime = useMemo(() => {
    // The plant's time zone, 24 h in de/cs/ru (issue 12).
    const make = (o: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(format.locale, {
        ...o,
        ...(o.hour ? hourCycleOf(format.locale) : {}),
        ...(format.timeZone ? { timeZone: format.timeZone } : {}),
      });
    const seconds = make({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
    const minutes = make({ hour: '2-digit', minute: '2-digit' });
    const dayTime = make({ day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
    const day = make({ day: '2-digit', month: '2-digit', year: 'numeric' });
    const month = make({ month: 'short', year: 'numeric' });
    return (ms: number, span: number) =>
      (span < 10 * 60_000
        ? seconds
        : span <= 2 * 86_400_000
          ? minutes
          : span <= 14 * 86_400_000
            ? dayTime
            : span <= 400 * 86_400_000
              ? day
              : month
      ).format(ms);
  }, [format.locale, format.timeZone]);

  const editAccess = chartEditAccess(session.hasRight('editCharts'), config);
  const canAnnotate = editAccess.may && series.length > 0;
  const dataState =
    state.status === 'error' ? 'error' : state.status === 'ready' ? 'ready' : 'loading';

  return (
    <div className="chart-view">
      <Toolbar label={t('charts.toolbar')} className="chart-toolbar">
        <RangeBar
          view={view}
          choice={choice}
          zone={zone}
          onPreset={(range, preset) => {
            changeView(range, 'preset');
            setChoice({ kind: 'preset', preset });
          }}
          onCustom={(range) => changeView(range, 'custom')}
          dataBounds={dataBounds}
          extentText={extentText}
        />
        <div className="chart-nav" role="group" aria-label={t('charts.nav.label')}>
          {!isLive && (
            <Button
              size="small"
              variant="quiet"
              title={t('charts.edge.first')}
              onClick={() => void jump('first')}
            >
              |◀ <span className="visually-hidden">{t('charts.edge.first')}</span>
            </Button>
          )}
          <Button
            size="small"
            variant="quiet"
            onClick={() => changeView(panRange(view, -PAN_STEP))}
          >
            ◀ <span className="visually-hidden">{t('charts.nav.back')}</span>
          </Button>
          <Button size="small" variant="quiet" onClick={() => changeView(zoomRange(view, 0.5))}>
            + <span className="visually-hidden">{t('charts.nav.zoomIn')}</span>
          </Button>
          <Button size="small" variant="quiet" onClick={() => changeView(zoomRange(view, 2))}>
            − <span className="visually-hidden">{t('charts.nav.zoomOut')}</span>
          </Button>
          <Button size="small" variant="quiet" onClick={() => changeView(panRange(view, PAN_STEP))}>
            ▶ <span className="visually-hidden">{t('charts.nav.forward')}</span>
          </Button>
          {!isLive && (
            <Button
              size="small"
              variant="quiet"
              title={t('charts.edge.last')}
              onClick={() => void jump('last')}
            >
              ▶| <span className="visually-hidden">{t('charts.edge.last')}</span>
            </Button>
          )}
          <Button
            size="small"
            variant="quiet"
            onClick={() => {
              changeView(defaultRange(config, Date.now(), zone), 'default');
              setChoice({ kind: 'default' });
            }}
          >
            {t('charts.nav.reset')}
          </Button>
        </div>
        <label className="chart-source">
          <span>{t('charts.source.label')}</span>
          <select
            name="source"
            value={sourceChoice}
            onChange={(e) => setSourceChoice(e.target.value as DataSourcePreset)}
          >
            <option value="Auto">
              {t('charts.dataSources.Auto')} ({t(`charts.dataSources.${source}`)})
            </option>
            {DATA_SOURCE_TYPES.map((s) => (
              <option key={s} value={s} disabled={!allowedSources(config, view, zone).includes(s)}>
                {t(`charts.dataSources.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="chart-refresh">
          <input
            type="checkbox"
            name="autoRefresh"
            checked={refreshOn}
            onChange={(e) => setRefreshOn(e.target.checked)}
          />
          {t('charts.autoRefresh')}
        </label>
        {refreshOn && config.type === 'Measurement' && config.timeSpanFactor !== null && (
          <label className="chart-refresh">
            <input
              type="checkbox"
              name="dateLocked"
              checked={dateLocked}
              onChange={(e) => {
                refresh.setDateLocked(e.target.checked);
                setDateLocked(e.target.checked);
              }}
            />
            {t('charts.dateLocked')}
          </label>
        )}
        <div className="chart-actions">
          {canAnnotate && (
            <Button size="small" onClick={() => setAnnotationAt(view.end)}>
              {t('charts.annotations.create')}
            </Button>
          )}
          <Button size="small" variant="quiet" onClick={() => void exportCsv()}>
            {t('charts.export.csv')}
          </Button>
          <Button size="small" variant="quiet" onClick={exportPng}>
            {t('charts.export.png')}
          </Button>
        </div>
      </Toolbar>
      {fellBack && (
        <p className="chart-note" role="status">
          {t('charts.source.fellBack', {
            chosen: t(`charts.dataSources.${sourceChoice}`),
            used: t(`charts.dataSources.${source}`),
          })}
        </p>
      )}
      {notice && (
        <p className="chart-note" role="status">
          {notice}
        </p>
      )}
      {state.status === 'error' && (
        <div className="chart-error" role="alert">
          <p>{t('charts.data.failed', { error: state.error })}</p>
          <Button size="small" onClick={retry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      <div
        ref={plotBox}
        className="chart-plot"
        tabIndex={0}
        role="group"
        aria-label={t('charts.plot.label', { title: config.title })}
        aria-describedby={`chart-keys-${config.id}`}
        onKeyDown={onKeyDown}
        data-state={dataState}
        data-range-start={view.start}
        data-range-end={view.end}
        data-source={source}
        data-loaded-start={state.status === 'ready' ? state.range.start : ''}
        data-loaded-end={state.status === 'ready' ? state.range.end : ''}
        data-points={points}
        data-series-drawn={answer?.series.filter((s) => s.times.length > 0).length ?? 0}
      >
        {series.length === 0 ? (
          <EmptyState title={t('charts.empty.noSeriesTitle')} reason={t('charts.empty.noSeries')} />
        ) : (
          <>
            {/* The chart is made as soon as its series are known, so its frame shows while
                the data loads and the data, when it comes, is only set into it. */}
            {configsReady ? (
              <UPlotChart
                model={model}
                data={data}
                drawer={drawer}
                range={view}
                annotations={marks}
                height={height}
                formatTime={(ms) => format.dateTime(ms)}
                formatAxisTime={formatAxisTime}
                formatValue={format.number}
                formatTick={formatTick}
                timeLabel={t('charts.legend.time')}
                legendAlarms={legendAlarms}
                legendStale={legendStale}
                locale={format.locale}
                formatAge={format.age}
                onRangeChange={(r) => changeView(r)}
                onDoubleClick={canAnnotate ? (ts) => setAnnotationAt(ts) : undefined}
                onCanvas={(c) => {
                  canvas.current = c;
                }}
              />
            ) : (
              <div className="chart-placeholder" style={{ height }} />
            )}
            {state.status === 'loading' && !answer && (
              <div ref={spinner} className="chart-overlay">
                <Spinner label={t('charts.data.loading')} showLabel />
              </div>
            )}
            {state.status === 'ready' && points === 0 && (
              <div className="chart-overlay">
                <EmptyState
                  title={t('charts.empty.noDataTitle')}
                  reason={t('charts.empty.noData', {
                    source: t(`charts.dataSources.${source}`),
                  })}
                  action={
                    dataBounds && (
                      <Button size="small" onClick={() => void jump('last')}>
                        {t('charts.edge.last')}
                      </Button>
                    )
                  }
                />
              </div>
            )}
          </>
        )}
      </div>
      <p id={`chart-keys-${config.id}`} className="chart-hint">
        {t('charts.plot.keys')}
      </p>
      <AnnotationPanel
        annotations={annotations}
        series={series}
        pvConfigs={pvConfigs}
        range={view}
        source={source}
        canEdit={editAccess.may}
        readOnlyReason={
          editAccess.may
            ? null
            : editAccess.reason === 'noRight'
              ? t('safeOps.readOnly.noRight', { right: t('safeOps.rights.editCharts') })
              : t('charts.annotations.notThisChart')
        }
        createAt={annotationAt}
        onCreateClosed={() => setAnnotationAt(null)}
      />
    </div>
  );
}

/** The alarm state of each series' PV, by series id, for the legend (DESIGN.md "Alarm states"). */
function useLegendAlarms(series: readonly PlotSeriesConfig[]): ReadonlyMap<string, AlarmMarkProps> {
  const keys = useMemo(() => series.map((s) => pvKey(s.pv)), [series]);
  const alarms = useLiveItems('pvAlarm', keys);
  const styles = usePriorityStyles();
  const label = useAlarmLabel();
  const out = new Map<string, AlarmMarkProps>();
  series.forEach((s, i) => {
    const alarm = alarms[i];
    if (!alarm) return;
    const style = styles.get(alarm.priority);
    out.set(String(s.id), {
      priority: alarm.priority,
      phase: alarm.phase,
      fill: style?.fill,
      ink: style?.ink,
      label: label(alarm),
    });
  });
  return out;
}

/** Series whose PV's live value is stale, by series id, for the legend (domain/valueStanding.ts). */
function useLegendStale(series: readonly PlotSeriesConfig[]): ReadonlyMap<string, LegendStale> {
  const { t } = useTranslation();
  const refs = useMemo(() => series.map((s) => s.pv), [series]);
  const standings = usePvStandings(refs);
  return useMemo(() => {
    const out = new Map<string, LegendStale>();
    series.forEach((s, i) => {
      const standing = standings[i];
      if (standing) out.set(String(s.id), { ...standing, label: t(`ui.stale.${standing.reason}`) });
    });
    return out;
  }, [series, standings, t]);
}
