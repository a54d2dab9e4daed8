/**
 * One chart (SPEC §2 charts, §4 auto-refresh and data states, §9 defaults): the toolbar
 * (ChartToolbar.tsx) over the data window (useChartWindow.ts), data source Auto or explicit
 * within the archive limits, the uPlot canvas with legend and cursor read-out (UPlotChart.tsx),
 * the data's loading, empty and failed states, annotations, and export (useChartExport.ts).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { ChartConfig, DataSourcePreset } from '../../contract/charts.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { useFormat } from '../../app/useFormat.ts';
import { LIMIT_SUFFIX } from '../../domain/pvAlarm.ts';
import type { ChartDataAnswer, ChartTarget } from '../../live/charts.ts';
import { Button, EmptyState, Spinner } from '../../ui/index.ts';
import { useSession } from '../shared/sessionStore.ts';
import { AnnotationPanel } from './AnnotationPanel.tsx';
import { rangeAtEdge, resolveSource } from './chartRange.ts';
import { fetchDataEdge, type DataEdge } from './chartsApi.ts';
import { useDataExtent } from './useDataExtent.ts';
import { LIMIT_KINDS, type LimitKind, type PlotSeriesConfig } from './plotModel.ts';
import { useEarlyPlot, usePlotOf, type PlotInputs } from './earlyPlot.ts';
import { UPlotChart, type AnnotationMark } from './UPlotChart.tsx';
import { useAnnotations } from './useAnnotations.ts';
import { useChartData } from './useChartData.ts';
import { useChartBenchProbe } from './useChartBenchProbe.ts';
import { failureText } from '../../app/failureText.ts';
import { chartEditAccess } from './chartEditAccess.ts';
import { ChartToolbar } from './ChartToolbar.tsx';
import { useChartWindow } from './useChartWindow.ts';
import { useChartExport } from './useChartExport.ts';
import { useChartFormats } from './chartFormats.ts';
import { useLegendAlarms, useLegendStale } from './legendStates.ts';
import { usePvConfigs } from './usePvConfigs.ts';
import { usePlotSize } from './usePlotSize.ts';

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
  const session = useSession();
  const isLive = config.type === 'LiveMeasurement';
  const chartWindow = useChartWindow(config, initialRange, zone);
  const { view, changeView } = chartWindow;
  const [sourceChoice, setSourceChoice] = useState<DataSourcePreset>(
    initialSource ?? config.dataSourcePreset,
  );
  const plotBox = useRef<HTMLDivElement>(null);
  const { width, height } = usePlotSize(plotBox);
  const [notice, setNotice] = useState<string | null>(null);
  const [annotationAt, setAnnotationAt] = useState<number | null>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const legendAlarms = useLegendAlarms(series);
  const legendStale = useLegendStale(series);

  const pvs = useMemo(() => series.map((s) => s.pv), [series]);
  const { pvConfigs, configsReady } = usePvConfigs(pvs);

  const { source, fellBack } = resolveSource(sourceChoice, config, view, zone);
  const liveSeries = useMemo(
    () => (isLive ? series.map((s) => ({ seriesId: s.id, pv: s.pv })) : null),
    [isLive, series],
  );
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
      if (edge === 'first') chartWindow.setRefreshOn(false);
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
    onLive: chartWindow.onLive,
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

  const { exportCsv, exportPng } = useChartExport({
    config,
    target,
    view,
    source,
    model,
    format,
    canvas,
    onNotice: setNotice,
  });
  const { formatTick, formatAxisTime } = useChartFormats(format);

  const editAccess = chartEditAccess(session.hasRight('editCharts'), config);
  const canAnnotate = editAccess.may && series.length > 0;
  const dataState =
    state.status === 'error' ? 'error' : state.status === 'ready' ? 'ready' : 'loading';

  return (
    <div className="chart-view">
      <ChartToolbar
        config={config}
        zone={zone}
        chartWindow={chartWindow}
        dataBounds={dataBounds}
        extentText={extentText}
        onJump={(edge) => void jump(edge)}
        sourceChoice={sourceChoice}
        source={source}
        onSourceChoice={setSourceChoice}
        onAnnotate={canAnnotate ? () => setAnnotationAt(view.end) : null}
        onExportCsv={() => void exportCsv()}
        onExportPng={exportPng}
      />
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
        onKeyDown={chartWindow.onKeyDown}
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
                timeZone={format.timeZone}
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
