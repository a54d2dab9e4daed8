/**
 * Which archive a chart reads (SPEC §3 ChartConfig, §9 archive limits 1 day, 1 month, 1 year).
 * With the preset Auto the finest source whose limit still covers the range is chosen:
 * raw measurements up to maxDaysForArchiveValues days, quarter-hour values up to
 * maxMonthsForQuarterHourValues months, day values up to maxYearsForDayValues years, month
 * values beyond. Any other preset is used as it is.
 */
import type { ChartConfig, DataSourceType } from '../contract/charts.ts';
import { addUnits } from './clock.ts';
import type { TimeRange } from './timeUnits.ts';

export type ArchiveLimits = Pick<
  ChartConfig,
  'maxDaysForArchiveValues' | 'maxMonthsForQuarterHourValues' | 'maxYearsForDayValues'
>;

/** SPEC §9 "Chart archive limits default". */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxDaysForArchiveValues: 1,
  maxMonthsForQuarterHourValues: 1,
  maxYearsForDayValues: 1,
};

/** Whether `range` spans no more than `amount` (whole) units; a limit of 0 admits none. */
function rangeWithin(range: TimeRange, zone: string) {
  return (unit: 'Days' | 'Months' | 'Years', amount: number): boolean =>
    amount > 0 && range.end <= addUnits(range.start, unit, Math.floor(amount), zone);
}

export function autoDataSource(
  limits: ArchiveLimits,
  range: TimeRange,
  zone: string,
): DataSourceType {
  const within = rangeWithin(range, zone);
  if (within('Days', limits.maxDaysForArchiveValues)) return 'MeasurementArchive';
  if (within('Months', limits.maxMonthsForQuarterHourValues)) return 'QuarterHourValues';
  if (within('Years', limits.maxYearsForDayValues)) return 'DayValues';
  return 'MonthValues';
}

/** The source to request for a chart and range. */
export function effectiveDataSource(
  config: Pick<ChartConfig, 'dataSourcePreset'> & ArchiveLimits,
  range: TimeRange,
  zone: string,
): DataSourceType {
  return config.dataSourcePreset === 'Auto'
    ? autoDataSource(config, range, zone)
    : config.dataSourcePreset;
}

/**
 * Whether an explicitly chosen source may serve the range within the chart's archive limits
 * (SPEC §3): raw values up to maxDaysForArchiveValues days, quarter hours up to
 * maxMonthsForQuarterHourValues months, day values up to maxYearsForDayValues years; month
 * values always.
 */
export function sourceAllowed(
  source: DataSourceType,
  limits: ArchiveLimits,
  range: TimeRange,
  zone: string,
): boolean {
  const within = rangeWithin(range, zone);
  switch (source) {
    case 'MeasurementArchive':
      return within('Days', limits.maxDaysForArchiveValues);
    case 'QuarterHourValues':
      return within('Months', limits.maxMonthsForQuarterHourValues);
    case 'DayValues':
      return within('Years', limits.maxYearsForDayValues);
    case 'MonthValues':
      return true;
    default:
      throw new Error(`Unknown data source: ${String(source satisfies never)}`);
  }
}
