/** Chart configs as the chart hub sends them (src/contract/charts.ts), for tests of charts. */
import type { ChartConfig } from '../../src/contract/charts.ts';

/** Chart 1, a measurement chart with the SPEC §9 default archive limits; `patch` sets the rest. */
export function chartConfig(patch: Partial<ChartConfig> = {}): ChartConfig {
  return {
    id: 1,
    type: 'Measurement',
    title: 'T',
    maxDaysForArchiveValues: 1,
    maxMonthsForQuarterHourValues: 1,
    maxYearsForDayValues: 1,
    timeSpanFactor: null,
    timeSpanUnit: null,
    dataSourcePreset: 'Auto',
    currentUserCanEdit: true,
    ...patch,
  };
}
