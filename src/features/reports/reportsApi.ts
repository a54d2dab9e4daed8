/** The report calls of the tab (SPEC §7 "Report", "Rueb and Sebam") and the archive reads. */
import { getJson, postJson } from '../../api/http.ts';
import { CHART_API, type ChartData, type DataSourceType } from '../../contract/charts.ts';
import type { PvRef } from '../../contract/pv.ts';
import {
  REPORT_API,
  reportPath,
  type ManualInputItem,
  type ReportConfig,
  type ReportData,
  type ReportKind,
  type ReportLiveItem,
  type RuebConfig,
  type RuebEvents,
  type SebamConfigs,
} from '../../contract/reports.ts';

export const fetchReportConfigs = (stationNumber: number, signal?: AbortSignal) =>
  getJson<ReportConfig[]>(reportPath(REPORT_API.configs, { id: stationNumber }), { signal });

export const fetchReportData = (
  configId: number,
  kind: ReportKind,
  date: string,
  to: string | undefined,
  signal?: AbortSignal,
) =>
  getJson<ReportData>(reportPath(REPORT_API.data, { configId, kind }), {
    query: { date, to },
    signal,
  }).then((data) => {
    // The start of "data to drawn table" (bench/report-client-timing.ts).
    performance.mark(REPORT_DATA_MARK);
    return data;
  });

export const REPORT_DATA_MARK = 'pegel-report-data';
export const REPORT_DRAWN_MEASURE = 'pegel-report-drawn';

export const saveManualInput = (
  configId: number,
  kind: ReportKind,
  date: string,
  items: ManualInputItem[],
) =>
  postJson<ReportLiveItem>(
    `${reportPath(REPORT_API.manualInput, { configId, kind })}?date=${encodeURIComponent(date)}`,
    items,
  );

/** SPEC §8 "Call failure texts" of the overflow-basin calls. */
export const RUEB_CONFIGS_FAILED = 'Error during get rueb configs.';
export const RUEB_EVENTS_FAILED = 'Error during get rueb events.';

function failWith<T>(text: string, call: Promise<T>): Promise<T> {
  return call.catch((cause: unknown) => {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new Error(text, { cause });
  });
}

export const fetchRuebConfigs = (signal?: AbortSignal) =>
  failWith(RUEB_CONFIGS_FAILED, getJson<RuebConfig>(REPORT_API.ruebConfigs, { signal }));

export const fetchRuebEvents = (
  station: number,
  year: number,
  month: number,
  signal?: AbortSignal,
) =>
  failWith(
    RUEB_EVENTS_FAILED,
    getJson<RuebEvents>(reportPath(REPORT_API.ruebEvents, { station, year, month }), { signal }),
  );

/** SEBAM measuring points per basin (SPEC §7 "Rueb and Sebam"). */
export const fetchSebamConfigs = (signal?: AbortSignal) =>
  getJson<SebamConfigs>(REPORT_API.sebamConfigs, { signal });

export { fetchPvList } from '../../api/stations.ts';

/** Mean, minimum, maximum and last value of one PV per archived period. */
export const fetchArchivedValues = (
  pv: PvRef,
  source: DataSourceType,
  start: number,
  end: number,
  signal?: AbortSignal,
) =>
  postJson<ChartData[]>(
    `${CHART_API.dataAuto}?${new URLSearchParams({
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
      source,
      maxPoints: '50000',
    }).toString()}`,
    {
      series: (['Mittelwert', 'Minwert', 'Maxwert', 'Aktuell'] as const).map((type) => ({
        seriesId: type,
        pv,
        pvSubtype: type,
      })),
    },
    { signal },
  );
