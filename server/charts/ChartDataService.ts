/**
 * Chart data from the archive: resolves and checks the range and source of a request
 * (contract ChartDataQuery), reads every series, marks its gaps with null (gaps.ts), reduces
 * large series and adds the annotations of each series' PV in the range.
 */
import {
  CHART_DATA_LIMITS,
  type AutoSeriesRequest,
  type ChartData,
  type ChartPoints,
  type DataSourcePreset,
  type DataSourceType,
} from '../../src/contract/charts.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import { autoDataSource, DEFAULT_ARCHIVE_LIMITS } from '../../src/domain/dataSource.ts';
import { addUnits } from '../../src/domain/clock.ts';
import { DAY_MS, type TimeRange } from '../../src/domain/timeUnits.ts';
import type { Archive } from '../archive/createArchive.ts';
import { badRequest } from '../http/errors.ts';
import type { Plant } from '../plant/types.ts';
import type { AnnotationStore } from './AnnotationStore.ts';
import type { StoredChartConfig } from './ChartCatalog.ts';
import { parseQueryDate } from './queryDate.ts';
import { markGaps } from './gaps.ts';
import { reducePoints } from './reducePoints.ts';

export interface ResolvedRange extends TimeRange {
  source: DataSourceType;
}

export interface SeriesData {
  request: AutoSeriesRequest;
  config: PvConfig | null;
  data: ChartData;
}

export class ChartDataService {
  constructor(
    private readonly archive: Archive | null,
    private readonly annotations: AnnotationStore,
    private readonly plant: Plant | null,
    /** The plant's time zone (PEGEL_PLANT_TIME_ZONE): dates without an offset and periods. */
    private readonly zone: string,
  ) {}

  /**
   * Dates, source and limits of a request. `chart` is the stored chart (its preset and archive
   * limits apply), null for data/auto and exports without a chart.
   */
  resolve(
    query: { startDate: string; endDate: string; source?: DataSourcePreset },
    chart: StoredChartConfig | null,
  ): ResolvedRange {
    const start = parseQueryDate(query.startDate, 'startDate', this.zone);
    const end = parseQueryDate(query.endDate, 'endDate', this.zone);
    if (end <= start) {
      throw badRequest('endDate must be after startDate', [
        { path: 'endDate', message: 'must be after startDate' },
      ]);
    }
    const limits = chart ?? DEFAULT_ARCHIVE_LIMITS;
    const preset = query.source ?? chart?.dataSourcePreset ?? 'Auto';
    const source = preset === 'Auto' ? autoDataSource(limits, { start, end }, this.zone) : preset;
    const maxDays = CHART_DATA_LIMITS.maxDays[source];
    if (end - start > maxDays * DAY_MS) {
      throw badRequest(
        `The range of ${Math.ceil((end - start) / DAY_MS)} days is too long for ${source}: at most ${maxDays} days`,
        [{ path: 'endDate', message: `at most ${maxDays} days for ${source}` }],
      );
    }
    if (chart && source === 'MeasurementArchive') {
      const days = chart.maxDaysForArchiveValues;
      if (end > addUnits(start, 'Days', Math.max(0, Math.floor(days)), this.zone)) {
        throw badRequest(
          `Raw values (MeasurementArchive) of this chart cover at most ${days} day(s) (maxDaysForArchiveValues); choose a shorter range or another source`,
          [{ path: 'source', message: `at most ${days} day(s) of raw values` }],
        );
      }
    }
    return { start, end, source };
  }

  /** The data of each series in the range, in request order. */
  read(
    series: readonly AutoSeriesRequest[],
    range: ResolvedRange,
    maxPoints: number,
  ): SeriesData[] {
    const annotations = this.annotations.list({
      start: range.start,
      end: range.end,
      pvs: series.map((s) => s.pv),
    });
    // The series of one simulated station share one run of its model on their first read.
    this.archive?.prepare(series.map((s) => s.pv));
    return series.map((request) => {
      const config = this.plant?.config(request.pv) ?? null;
      const pv = this.archive?.pv(request.pv) ?? null;
      const raw: ChartPoints = pv
        ? this.archive!.points(pv, range.source, request.pvSubtype, range.start, range.end)
        : { t: [], v: [] };
      // Where the archive has nothing for longer than the sampling allows, the line breaks.
      const gapped = markGaps(raw, range.source, {
        heldValues: this.archive?.holdsValues,
        zone: this.zone,
      });
      const reduced = reducePoints(gapped, range.start, range.end, maxPoints);
      return {
        request,
        config,
        data: {
          seriesId: request.seriesId,
          dimension: config?.dimension ?? '',
          points: reduced.points,
          annotations: annotations.filter(
            (a) => a.pv.type === request.pv.type && a.pv.nr === request.pv.nr,
          ),
          source: range.source,
          reducedFrom: reduced.reducedFrom,
        },
      };
    });
  }
}
