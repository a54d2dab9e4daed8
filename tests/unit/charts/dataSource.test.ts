import { describe, expect, it } from 'vitest';
import {
  autoDataSource,
  DEFAULT_ARCHIVE_LIMITS,
  effectiveDataSource,
} from '../../../src/domain/dataSource.ts';
import type { DataSourcePreset, DataSourceType } from '../../../src/contract/charts.ts';

const at = (iso: string): number => Date.parse(iso);
const end = at('2026-06-17T12:00:00+02:00');

describe('SPEC §3/§9 data source of a chart', () => {
  it('DS1: Auto picks the finest source whose limit covers the range (defaults 1 d, 1 M, 1 y)', () => {
    const sources: [string, DataSourceType][] = [
      ['2026-06-16T12:00:00+02:00', 'MeasurementArchive'],
      ['2026-06-16T11:59:00+02:00', 'QuarterHourValues'],
      ['2026-05-17T12:00:00+02:00', 'QuarterHourValues'],
      ['2026-05-01T00:00:00+02:00', 'DayValues'],
      ['2025-06-17T12:00:00+02:00', 'DayValues'],
      ['2024-01-01T00:00:00+01:00', 'MonthValues'],
    ];
    for (const [startIso, source] of sources) {
      const range = { start: at(startIso), end };
      expect(autoDataSource(DEFAULT_ARCHIVE_LIMITS, range, 'Europe/Berlin'), startIso).toBe(source);
    }
  });

  it('DS2: larger limits widen each source; a limit of 0 skips it', () => {
    const limits = {
      maxDaysForArchiveValues: 7,
      maxMonthsForQuarterHourValues: 0,
      maxYearsForDayValues: 5,
    };
    const week = { start: at('2026-06-10T12:00:00+02:00'), end };
    const month = { start: at('2026-05-17T12:00:00+02:00'), end };
    expect(autoDataSource(limits, week, 'Europe/Berlin')).toBe('MeasurementArchive');
    expect(autoDataSource(limits, month, 'Europe/Berlin')).toBe('DayValues');
  });

  it('DS3: a preset other than Auto is used as it is', () => {
    const range = { start: 0, end: 1 };
    const effective = (dataSourcePreset: DataSourcePreset) =>
      effectiveDataSource({ ...DEFAULT_ARCHIVE_LIMITS, dataSourcePreset }, range, 'Europe/Berlin');
    expect(effective('MonthValues')).toBe('MonthValues');
    expect(effective('Auto')).toBe('MeasurementArchive');
  });
});
