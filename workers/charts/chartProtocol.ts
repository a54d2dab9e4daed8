/**
 * What a tab asks the engine about charts and what it gets back (types only; importable from
 * tab and worker alike). Data comes as columns of Float64Array, reduced per pixel column, and
 * travels as transferable buffers (DESIGN.md "Frames, not messages").
 */
import type {
  AutoSeriesRequest,
  ChartConfig,
  ChartDirectory,
  ChartType,
  DataSourceType,
  SeriesConfig,
} from '../../src/contract/charts.ts';

/** A stored chart by id, or an ad-hoc series set (automatic trend line, POST data/auto). */
export type ChartTarget =
  | { kind: 'chart'; chartId: number }
  /** POST data/auto changes nothing but is a POST: it carries the tab's CSRF token. */
  | { kind: 'series'; series: AutoSeriesRequest[]; csrfToken: string | null };

export interface ChartDataRequest {
  target: ChartTarget;
  /** Resolved by the view (Auto already chosen with the chart's archive limits). */
  source: DataSourceType;
  /** The visible range, epoch ms, half open. */
  start: number;
  end: number;
  /** Plot width in pixel columns; more points than 4 per column are reduced (M4). */
  width: number;
  /** Live chart: the live series (by PV key) appended after the archived points. */
  live?: { seriesId: string; key: string }[];
}

export interface ChartSeriesColumns {
  seriesId: string;
  dimension: string;
  times: Float64Array;
  values: Float64Array;
}

export interface ChartDataAnswer {
  state: 'done' | 'error';
  error: string | null;
  series: ChartSeriesColumns[];
  /** Ranges fetched from the server for this answer; 0 when the cache held everything. */
  fetched: number;
  /** Points in the range before the per-pixel reduction, over all series. */
  rawPoints: number;
}

/** A chart and its series, as the view needs them. */
export interface ChartDefinition {
  config: ChartConfig;
  series: SeriesConfig[];
}

export type ChartDirectoryRequest = ChartType;

/** The engine tells a tab that live series of these chart views got new points. */
export interface ChartLiveMessage {
  type: 'chartLive';
  viewIds: string[];
}

export type { ChartDirectory };
