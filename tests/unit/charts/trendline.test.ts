import { describe, expect, it } from 'vitest';
import { CHART_API, chartPath } from '../../../src/contract/charts.ts';
import type { PvConfig } from '../../../src/contract/pv.ts';
import { SERIES_COLORS, seriesColor } from '../../../src/domain/seriesColors.ts';
import { UnsupportedTimeUnitError } from '../../../src/domain/timeUnits.ts';
import {
  archiveTrendQueryString,
  AUTO_TRENDLINE_CHART_CONFIG_ID,
  buildAutoTrendLineConfig,
  type TrendLineInput,
  DEFAULT_ARCHIVE_TREND_DURATION,
  DEFAULT_ARCHIVE_TREND_SOURCE,
  parseArchiveTrendQuery,
  parseTrendQuery,
  trendQueryString,
} from '../../../src/domain/trendline.ts';
import { pvConfigOf } from '../../support/pvConfigs.ts';

const pvConfig = (nr: number, name: string, dimension: string): PvConfig =>
  pvConfigOf(
    { type: 'AnaIn', nr },
    { name, dimension, hasArchiveData: true, stationName: 'Pumpwerk Nord' },
  );

describe('SPEC §3 automatic trend line config', () => {
  const configs = new Map([['ai100001', pvConfig(100001, 'Füllstand', 'm')]]);
  const pvs = [
    { type: 'AnaIn', nr: 100001 },
    { type: 'DigiIn', nr: 100002 },
    { type: 'AnaIn', nr: 100001 },
  ] as const;

  /** The one chart generated for `pvs` (titled 't'). */
  const generatedChart = (input: Pick<TrendLineInput, 'type' | 'duration'>) =>
    buildAutoTrendLineConfig({ pvs, pvConfigs: configs, title: 't', ...input }).root.configList[0];

  it('TL1: one generated chart under the root with the SPEC defaults', () => {
    const config = buildAutoTrendLineConfig({
      pvs,
      pvConfigs: configs,
      type: 'LiveMeasurement',
      title: 'Automatische Trendlinie',
    });
    expect(config.chartConfigId).toBe(AUTO_TRENDLINE_CHART_CONFIG_ID);
    expect(config.root).toMatchObject({ childDirectoryList: [], type: 'LiveMeasurement' });
    expect(config.root.configList).toHaveLength(1);
    expect(config.root.configList[0]).toMatchObject({
      id: config.chartConfigId,
      title: 'Automatische Trendlinie',
      maxDaysForArchiveValues: 1,
      maxMonthsForQuarterHourValues: 1,
      maxYearsForDayValues: 1,
      dataSourcePreset: 'Auto',
      timeSpanFactor: 1,
      timeSpanUnit: 'Hour',
    });
  });

  it('TL2: generated series: None limits, no reverse, linear base 10, Line, palette colours', () => {
    const chart = generatedChart({ type: 'LiveMeasurement' });
    const series = chart?.seriesList ?? [];
    expect(series).toHaveLength(2);
    expect(series.map((s) => s.id)).toEqual(['AnaIn-100001', 'DigiIn-100002']);
    for (const [i, s] of series.entries()) {
      expect(s).toMatchObject({
        sortIndex: i,
        axisYMinMaxChoices: ['None'],
        axisYReverse: false,
        axisYIsLogarithmic: false,
        axisYLogarithmicBase: 10,
        seriesViewType: 'Line',
        color: SERIES_COLORS[i],
        pvSubtype: 'Aktuell',
      });
    }
    expect(series[0]).toMatchObject({
      staticLegendText: 'Pumpwerk Nord Füllstand',
      staticDimension: 'm',
    });
    expect(series[0]?.pvConfig?.name).toBe('Füllstand');
    expect(series[1]).toMatchObject({
      pvConfig: null,
      staticLegendText: 'DigiIn-100002',
      staticDimension: '',
    });
  });

  it('TL3: the archive trend line spans the parsed duration', () => {
    const chart = generatedChart({ type: 'Measurement', duration: { amount: 7, unit: 'Days' } });
    expect(chart).toMatchObject({ type: 'Measurement', timeSpanFactor: 7, timeSpanUnit: 'Day' });
  });

  it('TL4: 18 distinct colours, at least 3:1 against white and the dark background', () => {
    expect(SERIES_COLORS).toHaveLength(18);
    expect(new Set(SERIES_COLORS).size).toBe(18);
    const luminance = (hex: string): number => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    for (const c of SERIES_COLORS) {
      expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(3);
      expect((luminance(c) + 0.05) / (luminance('#121212') + 0.05)).toBeGreaterThanOrEqual(3);
    }
    expect(seriesColor(18)).toBe(SERIES_COLORS[0]);
  });
});

describe('SPEC §2 trend line navigation targets', () => {
  it('TQ1: repeated pv=TYPE-NR parameters, in order; bad ones are reported', () => {
    expect(parseTrendQuery('pv=AnaIn-100001&pv=DigiOut-7&pv=Nope-1&pv=AnaIn-x')).toEqual({
      pvs: [
        { type: 'AnaIn', nr: 100001 },
        { type: 'DigiOut', nr: 7 },
      ],
      invalid: ['Nope-1', 'AnaIn-x'],
    });
    expect(parseTrendQuery('')).toEqual({ pvs: [], invalid: [] });
  });

  it('TQ2: the archive trend line reads amount and unit; default is 1 day', () => {
    expect(parseArchiveTrendQuery('pv=AnaIn-1&amount=7&unit=Days').duration).toEqual({
      amount: 7,
      unit: 'Days',
    });
    expect(parseArchiveTrendQuery('pv=AnaIn-1').duration).toEqual({ amount: 1, unit: 'Days' });
    expect(() => parseArchiveTrendQuery('pv=AnaIn-1&amount=7&unit=Second')).toThrow(
      UnsupportedTimeUnitError,
    );
    expect(() => parseArchiveTrendQuery('pv=AnaIn-1&amount=7')).toThrow(UnsupportedTimeUnitError);
  });

  it('TQ3: query strings round-trip', () => {
    const pvs = [
      { type: 'AnaIn', nr: 100001 },
      { type: 'ZaehlWert', nr: 3 },
    ] as const;
    expect(trendQueryString(pvs)).toBe('pv=AnaIn-100001&pv=ZaehlWert-3');
    const q = archiveTrendQueryString(pvs, { amount: 7, unit: 'Days' });
    expect(q).toBe('pv=AnaIn-100001&pv=ZaehlWert-3&amount=7&unit=Days');
    expect(parseArchiveTrendQuery(q)).toEqual({
      pvs,
      invalid: [],
      duration: { amount: 7, unit: 'Days' },
      isDefault: false,
    });
  });

  it('TQ4: without amount and unit the SPEC §9 archive default is 1 day from DayValues', () => {
    expect(parseArchiveTrendQuery('pv=AnaIn-1').isDefault).toBe(true);
    expect(parseArchiveTrendQuery('pv=AnaIn-1&amount=1&unit=Days').isDefault).toBe(false);
    expect(DEFAULT_ARCHIVE_TREND_DURATION).toEqual({ amount: 1, unit: 'Days' });
    expect(DEFAULT_ARCHIVE_TREND_SOURCE).toBe('DayValues');
  });
});

describe('SPEC §7 chart paths', () => {
  it('CP1: patterns are filled and encoded; a missing parameter raises', () => {
    expect(chartPath(CHART_API.series, { id: 42 })).toBe('/api/charts/config/42/series');
    expect(chartPath(CHART_API.firstDate, { id: 'a/b' })).toBe('/api/charts/data/a%2Fb/first-date');
    expect(chartPath(CHART_API.dataAuto, {})).toBe('/api/charts/data/auto');
    expect(() => chartPath(CHART_API.config, {})).toThrow(/id/);
  });
});
