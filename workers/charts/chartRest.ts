/**
 * The chart REST calls that feed the engine's shared chart caches (SPEC §7 "Charts"):
 * directories, configs with series, and data of one range and source.
 */
import {
  CHART_API,
  CHART_DATA_LIMITS,
  chartPath,
  type ChartConfig,
  type ChartData,
  type ChartDirectory,
  type ChartType,
  type DataSourceType,
  type SeriesConfig,
} from '../../src/contract/charts.ts';
import { CSRF_HEADER } from '../../src/contract/paths.ts';
import type { TimeRange } from '../../src/domain/timeUnits.ts';
import { HttpError } from '../restClient.ts';
import type { ChartTarget } from './chartProtocol.ts';

export interface ChartFetchers {
  directory(type: ChartType): Promise<ChartDirectory>;
  config(id: number): Promise<ChartConfig>;
  series(id: number): Promise<SeriesConfig[]>;
  data(target: ChartTarget, range: TimeRange, source: DataSourceType): Promise<ChartData[]>;
}

export function createChartFetchers(baseUrl: string, fetchFn: typeof fetch): ChartFetchers {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetchFn(new URL(path, baseUrl).href, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...(init.headers ?? {}) },
    });
    if (!response.ok) {
      let message = `${path.split('?')[0]}: Status code '${response.status}'`;
      try {
        const body = (await response.json()) as { error?: { message?: string } };
        if (body.error?.message) message = body.error.message;
      } catch {
        // not JSON
      }
      throw HttpError.ofStatus(response.status, message);
    }
    return (await response.json()) as T;
  };
  return {
    directory: (type) => call(`${CHART_API.configs}?type=${encodeURIComponent(type)}`),
    config: (id) => call(chartPath(CHART_API.config, { id })),
    series: (id) => call(chartPath(CHART_API.series, { id })),
    data(target, range, source) {
      const query = new URLSearchParams({
        startDate: String(range.start),
        endDate: String(range.end),
        source,
        maxPoints: String(CHART_DATA_LIMITS.maxMaxPoints),
      }).toString();
      if (target.kind === 'chart') {
        return call(`${chartPath(CHART_API.data, { id: target.chartId })}?${query}`);
      }
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (target.csrfToken) headers[CSRF_HEADER] = target.csrfToken;
      return call(`${CHART_API.dataAuto}?${query}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ series: target.series }),
      });
    },
  };
}
