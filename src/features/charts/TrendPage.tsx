/**
 * The automatic trend lines (SPEC §2 navigation targets, §3 "Automatic trend line config"):
 * `/trend/realtime?pv=TYPE-NR&pv=…` (live, 1 hour) and
 * `/trend/archive?pv=TYPE-NR&amount=N&unit=Days` (the start is now minus the duration).
 */
import { useMemo } from 'react';
import { usePlantZone } from '../../app/useFormat.ts';
import { useTranslation } from '../../app/useTranslation.ts';
import { Link, useSearchParams } from 'react-router';
import { getCsrfToken } from '../../api/http.ts';
import {
  DATA_SOURCE_PRESETS,
  type ChartType,
  type DataSourcePreset,
} from '../../contract/charts.ts';
import { pvKey, pvUrlId } from '../../contract/keys.ts';
import type { PvConfig, PvRef } from '../../contract/pv.ts';
import { rangeBefore } from '../../domain/clock.ts';
import {
  buildAutoTrendLineConfig,
  DEFAULT_ARCHIVE_TREND_SOURCE,
  parseArchiveTrendQuery,
  parseTrendQuery,
  type TrendQuery,
} from '../../domain/trendline.ts';
import { useLiveClient } from '../../live/index.ts';
import type { ChartTarget } from '../../live/charts.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';
import { rangeFromParams } from './chartRange.ts';
import { ChartView } from './ChartView.tsx';
import './charts.css';

type Parsed =
  | {
      ok: true;
      query: TrendQuery;
      duration: ReturnType<typeof parseArchiveTrendQuery>['duration'] | null;
      /** The source read first: SPEC §9's DayValues for an archive trend line by default. */
      source: DataSourcePreset | null;
    }
  | { ok: false; error: string };

function parse(type: ChartType, params: URLSearchParams): Parsed {
  try {
    if (type === 'LiveMeasurement')
      return { ok: true, query: parseTrendQuery(params), duration: null, source: null };
    const q = parseArchiveTrendQuery(params);
    const asked = params.get('source');
    const source = (DATA_SOURCE_PRESETS as readonly string[]).includes(asked ?? '')
      ? (asked as DataSourcePreset)
      : q.isDefault && !params.get('start')
        ? DEFAULT_ARCHIVE_TREND_SOURCE
        : null;
    return { ok: true, query: q, duration: q.duration, source };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

function TrendPage({ type }: { type: ChartType }) {
  const { t } = useTranslation();
  const zone = usePlantZone();
  const [params] = useSearchParams();
  const client = useLiveClient();
  const parsed = useMemo(() => parse(type, params), [type, params]);
  const pvs: PvRef[] = parsed.ok ? parsed.query.pvs : [];
  const pvsKey = pvs.map(pvUrlId).join(',');
  const [configs, retry] = usePageQuery(pageKeys.chartPvConfigs(pvsKey), async () => {
    const results = await client.getPvConfigs(pvs);
    const map = new Map<string, PvConfig>();
    results.forEach((r, i) => {
      const pv = pvs[i];
      if (r.state === 'ready' && pv) map.set(pvKey(pv), r.config);
    });
    return map;
  });
  const title = t('charts.autoTrendLine.title');
  const built = useMemo(() => {
    if (!parsed.ok || configs.state !== 'ready') return null;
    return buildAutoTrendLineConfig({
      pvs,
      pvConfigs: configs.data,
      type,
      title,
      duration: parsed.duration ?? undefined,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pvs is keyed by pvsKey
  }, [parsed, configs, type, title, pvsKey]);
  const chart = built?.root.configList[0];
  const target = useMemo<ChartTarget | null>(
    () =>
      chart
        ? {
            kind: 'series',
            series: chart.seriesList.map((s) => ({
              seriesId: s.id,
              pv: s.pv,
              pvSubtype: s.pvSubtype,
            })),
            csrfToken: getCsrfToken(),
          }
        : null,
    [chart],
  );
  const initialRange = useMemo(() => {
    const fromParams = rangeFromParams(params, Date.now());
    if (fromParams) return fromParams;
    if (zone && chart && chart.timeSpanFactor === null && parsed.ok && parsed.duration)
      return rangeBefore(Date.now(), parsed.duration, zone);
    return null;
  }, [params, chart, parsed, zone]);

  const header = (
    <PageHeader
      title={title}
      description={t(type === 'LiveMeasurement' ? 'charts.trend.realtime' : 'charts.trend.archive')}
    />
  );
  if (!parsed.ok || pvs.length === 0) {
    return (
      <div className="page charts-page">
        {header}
        <EmptyState
          title={t('charts.trend.noPvsTitle')}
          reason={
            parsed.ok
              ? t('charts.trend.noPvs', { invalid: parsed.query.invalid.join(', ') || '–' })
              : t('charts.trend.badQuery', { error: parsed.error })
          }
          action={<Link to="/stations">{t('charts.trend.toStations')}</Link>}
        />
      </div>
    );
  }
  return (
    <div className="page charts-page">
      {header}
      {parsed.query.invalid.length > 0 && (
        <p className="chart-note" role="status">
          {t('charts.trend.ignored', { invalid: parsed.query.invalid.join(', ') })}
        </p>
      )}
      <LoadingState status={zone ? configs.state : 'loading'} onRetry={retry} label={title}>
        {chart && target && zone && (
          <ChartView
            zone={zone}
            key={`${type}:${pvsKey}`}
            config={chart}
            series={chart.seriesList}
            target={target}
            initialRange={initialRange}
            initialSource={parsed.source ?? undefined}
          />
        )}
      </LoadingState>
    </div>
  );
}

export const RealtimeTrendPage = () => <TrendPage type="LiveMeasurement" />;
export const ArchiveTrendPage = () => <TrendPage type="Measurement" />;
