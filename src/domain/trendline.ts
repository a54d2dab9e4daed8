/**
 * The automatic trend line (SPEC §2 navigation targets, §3 "Automatic trend line config"):
 * a chart generated from a list of PVs, and the query strings that open it
 * (`/trend/realtime?pv=AnaIn-100001&pv=…`, `/trend/archive?pv=…&amount=7&unit=Days`).
 */
import type {
  AutoTrendLineConfig,
  ChartType,
  DataSourceType,
  TimeSpanUnit,
  TrendLineChartConfig,
  TrendLineSeriesConfig,
} from '../contract/charts.ts';
import { parsePvUrlId, pvKey, pvUrlId } from '../contract/keys.ts';
import type { PvConfig, PvRef } from '../contract/pv.ts';
import { defaultSeriesConfig } from './seriesDefaults.ts';
import { parseDuration, type Duration, type TimeUnit } from './timeUnits.ts';

/** Generated configs are not stored; negative ids keep them apart from stored charts. */
export const AUTO_TRENDLINE_CHART_CONFIG_ID = -1;
export const AUTO_TRENDLINE_ROOT_ID = -1;
/** Locale key of the default title (namespace "charts"). */
export const AUTO_TRENDLINE_TITLE_KEY = 'charts.autoTrendLine.title';
/** SPEC §9: archive chart default 1 day; live chart default 1 hour. */
export const DEFAULT_ARCHIVE_TREND_DURATION: Duration = { amount: 1, unit: 'Days' };
/**
 * SPEC §9 "Archive chart default: 1 day from DayValues": the source an archive trend line
 * opened without amount and unit reads first (the generated config stays Auto, SPEC §3, so
 * the user can go back to the automatic choice).
 */
export const DEFAULT_ARCHIVE_TREND_SOURCE: DataSourceType = 'DayValues';

export interface TrendLineInput {
  pvs: readonly PvRef[];
  /** PV configs keyed by live key (`pvKey`); a missing one leaves the legend to the PV id. */
  pvConfigs: ReadonlyMap<string, PvConfig>;
  /** LiveMeasurement for the realtime trend line, Measurement for the archive one. */
  type: ChartType;
  /** The translated default title (AUTO_TRENDLINE_TITLE_KEY). */
  title: string;
  /** Archive trend line: the span shown; realtime uses 1 hour. */
  duration?: Duration;
  chartConfigId?: number;
}

const SPAN_UNIT: Partial<Record<TimeUnit, TimeSpanUnit>> = {
  Years: 'Year',
  Months: 'Month',
  Weeks: 'Week',
  Days: 'Day',
  Hours: 'Hour',
};

/** One generated series; `index` gives sortIndex and colour. */
export function trendLineSeries(
  pv: PvRef,
  index: number,
  pvConfig: PvConfig | null,
): TrendLineSeriesConfig {
  return {
    ...defaultSeriesConfig({
      id: pvUrlId(pv),
      index,
      pv,
      pvSubtype: 'Aktuell',
      seriesViewType: 'Line',
    }),
    pvConfig,
    staticLegendText: pvConfig ? `${pvConfig.stationName} ${pvConfig.name}`.trim() : pvUrlId(pv),
    staticDimension: pvConfig?.dimension ?? '',
  };
}

/** Builds the trend-line config; repeated PVs appear once. */
export function buildAutoTrendLineConfig(input: TrendLineInput): AutoTrendLineConfig {
  const chartConfigId = input.chartConfigId ?? AUTO_TRENDLINE_CHART_CONFIG_ID;
  const seen = new Set<string>();
  const pvs = input.pvs.filter((pv) => {
    const key = pvKey(pv);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const live = input.type === 'LiveMeasurement';
  const duration = live ? { amount: 1, unit: 'Hours' as const } : input.duration;
  const spanUnit = duration ? SPAN_UNIT[duration.unit] : undefined;
  const chart: TrendLineChartConfig = {
    id: chartConfigId,
    type: input.type,
    title: input.title,
    maxDaysForArchiveValues: 1,
    maxMonthsForQuarterHourValues: 1,
    maxYearsForDayValues: 1,
    timeSpanFactor: duration && spanUnit ? duration.amount : null,
    timeSpanUnit: spanUnit ?? null,
    dataSourcePreset: 'Auto',
    currentUserCanEdit: false,
    seriesList: pvs.map((pv, i) => trendLineSeries(pv, i, input.pvConfigs.get(pvKey(pv)) ?? null)),
  };
  return {
    chartConfigId,
    root: {
      id: AUTO_TRENDLINE_ROOT_ID,
      name: input.title,
      type: input.type,
      childDirectoryList: [],
      configList: [chart],
    },
  };
}

export interface TrendQuery {
  pvs: PvRef[];
  /** `pv` values that are not TYPE-NR; the view may name them. */
  invalid: string[];
}

export interface ArchiveTrendQuery extends TrendQuery {
  duration: Duration;
  /** True when neither amount nor unit was given: the SPEC §9 archive default applies. */
  isDefault: boolean;
}

function toParams(query: string | URLSearchParams): URLSearchParams {
  return typeof query === 'string' ? new URLSearchParams(query) : query;
}

/** Reads the repeated `pv=TYPE-NR` parameters, in order. */
export function parseTrendQuery(query: string | URLSearchParams): TrendQuery {
  const pvs: PvRef[] = [];
  const invalid: string[] = [];
  for (const text of toParams(query).getAll('pv')) {
    const ref = parsePvUrlId(text);
    if (ref) pvs.push(ref);
    else invalid.push(text);
  }
  return { pvs, invalid };
}

/**
 * Reads pv, amount and unit. Without amount and unit the SPEC §9 archive default (1 day) is
 * used; a bad amount or an unsupported unit raises (SPEC §4).
 */
export function parseArchiveTrendQuery(query: string | URLSearchParams): ArchiveTrendQuery {
  const params = toParams(query);
  const amount = params.get('amount');
  const unit = params.get('unit');
  const isDefault = amount === null && unit === null;
  const duration = isDefault
    ? DEFAULT_ARCHIVE_TREND_DURATION
    : parseDuration(amount ?? '', unit ?? '');
  return { ...parseTrendQuery(params), duration, isDefault };
}

/** `pv=AnaIn-1&pv=DigiIn-2` for the realtime trend line. */
export function trendQueryString(pvs: readonly PvRef[]): string {
  const params = new URLSearchParams();
  for (const pv of pvs) params.append('pv', pvUrlId(pv));
  return params.toString();
}

/** `pv=…&amount=7&unit=Days` for the archive trend line. */
export function archiveTrendQueryString(pvs: readonly PvRef[], duration: Duration): string {
  const params = new URLSearchParams(trendQueryString(pvs));
  params.set('amount', String(duration.amount));
  params.set('unit', duration.unit);
  return params.toString();
}
