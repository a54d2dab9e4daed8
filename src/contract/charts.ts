/**
 * Charts on the wire (SPEC §3 "Charts", §7 "Charts"). Field names as SPEC §3 names them,
 * timestamps in bodies as epoch milliseconds, query dates as ISO 8601 (DESIGN.md "Wire format").
 */
import type { PvConfig, PvRef } from './pv.ts';

/** SPEC §3: a chart is either live (realtime) or archived measurements. */
export const CHART_TYPES = ['LiveMeasurement', 'Measurement'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The unit of a chart's default time span (ChartConfig.timeSpanUnit). */
export const TIME_SPAN_UNITS = ['Hour', 'Day', 'Week', 'Month', 'Year'] as const;
export type TimeSpanUnit = (typeof TIME_SPAN_UNITS)[number];

/** Where archived chart data comes from (SPEC §3 "Data source types"). */
export const DATA_SOURCE_TYPES = [
  'MonthValues',
  'MeasurementArchive',
  'QuarterHourValues',
  'DayValues',
] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/** A chart's preset: a data source, or Auto (chosen from the range and the archive limits). */
export const DATA_SOURCE_PRESETS = [...DATA_SOURCE_TYPES, 'Auto'] as const;
export type DataSourcePreset = (typeof DATA_SOURCE_PRESETS)[number];

export const SERIES_VIEW_TYPES = ['Line', 'Bar', 'Area', 'Point', 'StepLine'] as const;
export type SeriesViewType = (typeof SERIES_VIEW_TYPES)[number];

/**
 * Which fixed axis limits a series uses. SPEC §3 names the choices None, AxisYMin, AxisYMax;
 * both limits may be chosen at once, so the wire carries a list (`['None']` or `[]` = none).
 */
export const AXIS_Y_CHOICES = ['None', 'AxisYMin', 'AxisYMax'] as const;
export type AxisYChoice = (typeof AXIS_Y_CHOICES)[number];

/**
 * SPEC §3 "Series measurement type": which archived value of a PV a series shows for a period
 * (quarter hour, day, month): Aktuell the last value, Mittelwert the mean of the archived
 * samples, Minwert and Maxwert the extremes. For counters (ZaehlWert) Aktuell is the reading
 * at the end of the period and every other type the period total (the increase). Raw values
 * (MeasurementArchive) are the same for every type. Digital states are archived as 0 and 1.
 */
export const SERIES_MEASUREMENT_TYPES = ['Aktuell', 'Mittelwert', 'Minwert', 'Maxwert'] as const;
export type SeriesMeasurementType = (typeof SERIES_MEASUREMENT_TYPES)[number];

export interface ChartConfig {
  id: number;
  type: ChartType;
  title: string;
  /** Archive limits: up to this span the finer source is used (SPEC §9 defaults 1, 1, 1). */
  maxDaysForArchiveValues: number;
  maxMonthsForQuarterHourValues: number;
  maxYearsForDayValues: number;
  /** The default view spans timeSpanFactor × timeSpanUnit; null when the chart has none. */
  timeSpanFactor: number | null;
  timeSpanUnit: TimeSpanUnit | null;
  dataSourcePreset: DataSourcePreset;
  currentUserCanEdit: boolean;
}

export interface ChartDirectory<C extends ChartConfig = ChartConfig> {
  id: number;
  name: string;
  type: ChartType;
  childDirectoryList: ChartDirectory<C>[];
  configList: C[];
}

export interface SeriesConfig {
  /** Keyed as text (SPEC §3). */
  id: string;
  sortIndex: number;
  seriesViewType: SeriesViewType;
  /** CSS colour, `#rrggbb`. */
  color: string;
  pv: PvRef;
  pvSubtype: SeriesMeasurementType;
  axisYMinMaxChoices: AxisYChoice[];
  axisYMin: number | null;
  axisYMax: number | null;
  axisYIsLogarithmic: boolean;
  /** Default 10 (SPEC §9). */
  axisYLogarithmicBase: number;
  axisYReverse: boolean;
  showLimitBottom: boolean;
  showLimitBottomMiddle: boolean;
  showLimitTopMiddle: boolean;
  showLimitTop: boolean;
  limitTextBottom: string;
  limitTextBottomMiddle: string;
  limitTextTopMiddle: string;
  limitTextTop: string;
  showEksInLegend: boolean;
}

/**
 * Data points on the wire, columnar to keep JSON small: `t[i]` is epoch ms, `v[i]` the value
 * at that time or null for a gap (no value, or a value of bad quality). Both arrays have the
 * same length and `t` ascends strictly. Example: `{"t":[1767222000000,1767222060000],"v":[4.2,null]}`.
 */
export interface ChartPoints {
  t: number[];
  v: (number | null)[];
}

/** SPEC §3 "Annotation"; visible defaults to true, the four report flags to false. */
export interface Annotation {
  id: number;
  /** Epoch ms. */
  timestamp: number;
  pv: PvRef;
  dataSource: DataSourceType;
  text: string;
  visible: boolean;
  showInDayReport: boolean;
  showInWeekReport: boolean;
  showInMonthReport: boolean;
  showInYearReport: boolean;
}

/** An annotation not yet saved has no id; POST /api/charts/annotations answers with one. */
export type NewAnnotation = Omit<Annotation, 'id'>;

export const ANNOTATION_DEFAULTS = {
  visible: true,
  showInDayReport: false,
  showInWeekReport: false,
  showInMonthReport: false,
  showInYearReport: false,
} as const satisfies Partial<Annotation>;

/** One series of GET /api/charts/data/{id}; the response is a list of these. */
export interface ChartData {
  seriesId: string;
  dimension: string;
  points: ChartPoints;
  annotations: Annotation[];
  /** The source actually read (Auto resolved); set by the reference server. */
  source?: DataSourceType;
  /**
   * Set when the series had more points in the range than `maxPoints`: how many it had. The
   * points are then reduced per time bucket (see CHART_DATA_LIMITS); null or absent when not.
   */
  reducedFrom?: number | null;
}

/** SPEC §3 "First and last date result": timestamp 0 means the source has no data. */
export interface FirstLastDate {
  timestamp: number;
}

/**
 * Query of the data calls (SPEC §7) and of GET annotations.
 *
 * - `startDate`, `endDate`: ISO 8601 (`2026-11-22T08:00:00Z`, `2026-11-22T09:00:00+01:00`;
 *   without an offset, and date-only `2026-11-22`, the plant's wall clock, Europe/Berlin) or
 *   epoch milliseconds as digits (`1795852800000`). The range is half-open: start inclusive,
 *   end exclusive; end must be after start. Aggregated values carry the start of their
 *   period as timestamp, so a period belongs to the range when its start does.
 * - `source`: a data source or `Auto` (resolved with `autoDataSource` and the chart's archive
 *   limits; POST data/auto and export without a chart use DEFAULT_ARCHIVE_LIMITS). Omitted:
 *   the chart's dataSourcePreset (Auto for data/auto).
 * - `maxPoints`: points per series at most (default and cap in CHART_DATA_LIMITS).
 *
 * A range longer than the source allows answers 400: raw values (MeasurementArchive) up to
 * the chart's maxDaysForArchiveValues days (charts) or CHART_DATA_LIMITS.maxDays (data/auto,
 * export without a chart); every source up to its maxDays.
 */
export interface ChartDataQuery {
  startDate: string;
  endDate: string;
  source?: DataSourcePreset;
  maxPoints?: number;
}

/**
 * Limits of the data calls. A series with more points in the range than maxPoints is reduced
 * server-side: the range is cut into maxPoints / 5 equal time buckets and each bucket keeps
 * its first, minimum, maximum and last value (no spike is lost) and its first gap, in time
 * order; `ChartData.reducedFrom` then says how many points there were.
 */
export const CHART_DATA_LIMITS = {
  defaultMaxPoints: 5_000,
  maxMaxPoints: 50_000,
  /** Points per series of an export (the same reduction applies beyond). */
  exportMaxPoints: 200_000,
  /** The longest range per source, in days. */
  maxDays: {
    MeasurementArchive: 31,
    QuarterHourValues: 400,
    DayValues: 20 * 366,
    MonthValues: 100 * 366,
  } satisfies Record<DataSourceType, number>,
  /** Annotation text length. */
  annotationTextMaxLength: 2_000,
} as const;

/**
 * GET /api/charts/annotations query: all annotations, or those with `startDate` <= timestamp
 * < `endDate` (both or neither) and/or of the PVs given as `pv=AnaIn-100001` (repeatable).
 * Answer: Annotation[] by timestamp.
 */
export interface AnnotationQuery {
  startDate?: string;
  endDate?: string;
  pv?: string | string[];
}

/**
 * POST /api/charts/delete-annotations: the body is the list of ids (`[3, 7]`); unknown ids are
 * skipped. PATCH /api/charts/annotations takes the annotation with its id (fields left out
 * keep their value) and answers the stored annotation, 404 for an unknown id. Creating,
 * changing and deleting need the editCharts right (403 otherwise).
 */
export interface DeleteAnnotationsResult {
  deleted: number;
}

/** One series of POST /api/charts/data/auto (the automatic trend line has no stored chart). */
export interface AutoSeriesRequest {
  seriesId: string;
  pv: PvRef;
  pvSubtype: SeriesMeasurementType;
}

/**
 * Body of POST /api/charts/data/auto (query as ChartDataQuery); POST first-date-pvs and
 * last-date-pvs take the list of PVs (`[{"type":"AnaIn","nr":100001}]`) with query `source`
 * (a data source, required) and answer FirstLastDate. GET data/{id}/first-date and last-date
 * take the same `source` and look over the chart's series.
 */
export interface AutoChartDataBody {
  series: AutoSeriesRequest[];
}

/**
 * Body of POST /api/charts/data/export (dates and source as in ChartDataQuery). With a chart
 * and no series, the chart's series are exported. The answer is a CSV file: UTF-8 with BOM,
 * semicolon separated, a header line `Zeitstempel;<PV name> [<unit>] (<measurement type>);…`,
 * one line per timestamp (ISO 8601 with the plant's offset), empty cells for gaps. Query
 * `decimalComma=true` writes `4,25` instead of `4.25`. content-disposition: attachment with
 * the chart title (or `Trendlinie`) and the range, e.g. `Station 1 – Live 2026-11-21 – 2026-11-22.csv`.
 */
export interface ChartExportBody {
  chartConfigId: number | null;
  series: AutoSeriesRequest[];
  startDate: string;
  endDate: string;
  source: DataSourcePreset;
}

/** A generated trend-line series carries its display data (SPEC §3 "Automatic trend line"). */
export interface TrendLineSeriesConfig extends SeriesConfig {
  pvConfig: PvConfig | null;
  staticLegendText: string;
  staticDimension: string;
}

/** A generated trend-line chart: a ChartConfig with its series inline. */
export interface TrendLineChartConfig extends ChartConfig {
  seriesList: TrendLineSeriesConfig[];
}

export interface AutoTrendLineConfig {
  chartConfigId: number;
  root: ChartDirectory<TrendLineChartConfig>;
}

/**
 * REST paths of SPEC §7 "Charts", written as route patterns (`:id`) for the server; the client
 * fills them with `chartPath`. Query names: `type` for configs; startDate, endDate, source for
 * data; source for first/last date.
 */
export const CHART_API = {
  configs: '/api/charts/config',
  config: '/api/charts/config/:id',
  series: '/api/charts/config/:id/series',
  annotations: '/api/charts/annotations',
  deleteAnnotations: '/api/charts/delete-annotations',
  annotationCharts: '/api/charts/annotations/:id/charts',
  data: '/api/charts/data/:id',
  dataAuto: '/api/charts/data/auto',
  firstDate: '/api/charts/data/:id/first-date',
  lastDate: '/api/charts/data/:id/last-date',
  firstDatePvs: '/api/charts/data/first-date-pvs',
  lastDatePvs: '/api/charts/data/last-date-pvs',
  export: '/api/charts/data/export',
} as const;

/** Fills the `:name` parts of a CHART_API pattern, URL-encoded. */
export function chartPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`chartPath: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
