/**
 * Chart tile: a compact live trend of the tile's PVs over the last hours, drawn with uPlot
 * (loaded with the first chart tile). History comes from the archive (POST data/auto), live
 * values from the engine; the full chart view is one click away.
 */
import { useFormat } from '../../../app/useFormat.ts';
import { hourCycleOf } from '../../../domain/format.ts';
import { chartTzDate } from '../../../domain/chartTzDate.ts';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ActionLink } from '../../../app/actions/ActionLink.tsx';
import { useTranslation } from '../../../app/useTranslation.ts';
import type uPlot from 'uplot';
import type { DashboardTile } from '../../../contract/dashboard.ts';
import { CHART_API, type ChartData } from '../../../contract/charts.ts';
import { pvKey, pvUrlId } from '../../../contract/keys.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { postJson } from '../../../api/http.ts';
import {
  pvStationNumber,
  useLiveClient,
  usePvAlarm,
  usePvConfig,
  usePvValue,
  useStationConnection,
} from '../../../live/index.ts';
import { valueStanding } from '../../../domain/valueStanding.ts';
import { StaleNote } from '../../../ui/index.ts';
import { PvAlarmMark } from '../../shared/alarm/PvAlarmMark.tsx';
import { seriesColor } from '../../../domain/seriesColors.ts';
import { TileError } from '../TileFrame.tsx';
import { TrendSeries } from './trendSeries.ts';
import { LINE_GAPS, SERIES_LINE_WIDTH } from '../../shared/lineGaps.ts';
import { failureText } from '../../../app/failureText.ts';

/** Redraws at most this often; a wall monitor needs no more. */
const REDRAW_MS = 1000;
const HISTORY_POINTS = 300;

async function loadHistory(pvs: PvRef[], hours: number, signal: AbortSignal): Promise<ChartData[]> {
  const end = Date.now();
  const start = end - hours * 3_600_000;
  return postJson<ChartData[]>(
    CHART_API.dataAuto,
    { series: pvs.map((pv, i) => ({ seriesId: String(i), pv, pvSubtype: 'Aktuell' })) },
    {
      signal,
      query: {
        startDate: String(start),
        endDate: String(end),
        source: 'MeasurementArchive',
        maxPoints: HISTORY_POINTS,
      },
    },
  );
}

export function ChartTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const pvs = tile.pvs ?? [];
  if (pvs.length === 0) return <TileError message={t('dashboard.tile.noPv')} />;
  return (
    <div className="chart-tile">
      <LiveTrend pvs={pvs} hours={tile.hours ?? 1} />
      {tile.chartId !== undefined ? (
        <Link className="chart-tile-link" to={`/charts/${tile.chartId}`}>
          {t('dashboard.chart.open')}
        </Link>
      ) : (
        <ActionLink className="chart-tile-link" target={{ kind: 'realtimeTrend', pvs }}>
          {t('dashboard.chart.open')}
        </ActionLink>
      )}
    </div>
  );
}

function LiveTrend({ pvs, hours }: { pvs: PvRef[]; hours: number }) {
  const { t } = useTranslation();
  const client = useLiveClient();
  const hostRef = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const key = pvs.map(pvKey).join(',');
  const { locale, timeZone } = useFormat();

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const controller = new AbortController();
    const keys = pvs.map(pvKey);
    const series = new TrendSeries(pvs.length, hours * 3_600_000);
    let plot: uPlot | null = null;
    let dirty = true;
    const cleanups: (() => void)[] = [];

    keys.forEach((k, i) => {
      const read = () => {
        const v = client.store.getPvValue(k);
        if (v && typeof v.doubleValue === 'number')
          series.append(i, v.timestamp, v.quality === 'Bad' ? null : v.doubleValue);
        dirty = true;
      };
      cleanups.push(
        client.store.subscribe('pvValue', k, read),
        client.lease('pvValue', k),
        client.lease('pvConfig', k),
      );
      read();
    });
    loadHistory(pvs, hours, controller.signal).then(
      (data) => {
        for (const d of data) series.setHistory(Number(d.seriesId), d.points.t, d.points.v);
        dirty = true;
      },
      () => undefined, // no archive: the trend starts with the live values
    );

    const time = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      ...hourCycleOf(locale),
      ...(timeZone ? { timeZone } : {}),
    });
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
    const tzDate = chartTzDate(timeZone, 1000);
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (controller.signal.aborted) return;
        const opts: uPlot.Options = {
          width: Math.max(100, host.clientWidth),
          height: Math.max(80, host.clientHeight),
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: true } },
          // Ticks on the plant's hours (the x values are seconds), labelled in the plant's time
          // zone and the language's formats (issues 12, 57).
          ...(tzDate ? { tzDate } : {}),
          axes: [
            {
              stroke: 'currentColor',
              grid: { stroke: 'rgba(128,128,128,0.2)' },
              size: 30,
              values: (_u, splits) => {
                const labels = splits.map((v) => (v == null ? '' : time.format(v * 1000)));
                host.dataset.xTicks = labels.join('|');
                host.dataset.xTimes = splits.map((v) => v * 1000).join('|');
                return labels;
              },
            },
            {
              stroke: 'currentColor',
              grid: { stroke: 'rgba(128,128,128,0.2)' },
              size: 44,
              values: (_u, splits) => {
                const labels = splits.map((v) => (v == null ? '' : number.format(v)));
                host.dataset.yTicks = labels.join('|');
                return labels;
              },
            },
          ],
          series: [{}, ...tileSeries(pvs.length)],
        };
        plot = new UPlot(opts, series.columns(), host);
        const observer = new ResizeObserver(() =>
          plot?.setSize({
            width: Math.max(100, host.clientWidth),
            height: Math.max(80, host.clientHeight),
          }),
        );
        observer.observe(host);
        cleanups.push(() => observer.disconnect());
      },
      (err: unknown) => setFailed(failureText(err)),
    );
    const timer = setInterval(() => {
      if (!dirty || !plot) return;
      dirty = false;
      series.trim(Date.now());
      plot.setData(series.columns());
    }, REDRAW_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
      for (const c of cleanups.splice(0)) c();
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the PV list
  }, [client, key, hours, locale, timeZone]);

  if (failed) return <TileError message={t('dashboard.chart.failed')} detail={failed} />;
  return (
    <>
      <div
        ref={hostRef}
        className="chart-tile-plot"
        role="img"
        aria-label={t('dashboard.chart.label')}
      />
      <ul className="chart-tile-legend">
        {pvs.map((pv, i) => (
          <LegendItem key={pvKey(pv)} pv={pv} index={i} />
        ))}
      </ul>
    </>
  );
}

function LegendItem({ pv, index }: { pv: PvRef; index: number }) {
  const config = usePvConfig(pv).config;
  const alarm = usePvAlarm(pv);
  const value = usePvValue(pv);
  const connection = useStationConnection(pvStationNumber(pv, config));
  return (
    <li data-alarm={alarm?.phase} data-stale={valueStanding(value, connection).reason ?? undefined}>
      <PvAlarmMark alarm={alarm} className="legend-alarm-mark" />
      <span
        className="chart-swatch"
        style={{ background: seriesColor(index) }}
        aria-hidden="true"
      />
      {config ? `${config.stationName}: ${config.name} [${config.dimension}]` : pvUrlId(pv)}{' '}
      <StaleNote value={value} connection={connection} compact />
    </li>
  );
}

/** The trend tile's series: its colours, one-pixel lines (SERIES_LINE_WIDTH), gaps as gaps. */
export function tileSeries(count: number): uPlot.Series[] {
  return Array.from({ length: count }, (_, i) => ({
    stroke: seriesColor(i),
    width: SERIES_LINE_WIDTH,
    ...LINE_GAPS,
    points: { show: false },
  }));
}
