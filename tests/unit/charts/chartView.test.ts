/**
 * The pure parts of the chart view (src/features/charts): plot model (legend, axes, limit
 * lines), view ranges and data source within the archive limits, export file names.
 */
import { describe, expect, it } from 'vitest';
import type { SeriesConfig } from '../../../src/contract/charts.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvConfig } from '../../../src/contract/pv.ts';
import { sourceAllowed } from '../../../src/domain/dataSource.ts';
import { defaultSeriesConfig } from '../../../src/domain/seriesDefaults.ts';
import { DAY_MS, HOUR_MS } from '../../../src/domain/timeUnits.ts';
import {
  defaultRange,
  panRange,
  rangeFromParams,
  resolveSource,
  zoomRange,
} from '../../../src/features/charts/chartRange.ts';
import { fileNameOf } from '../../../src/features/charts/chartsApi.ts';
import { buildPlotModel, legendText } from '../../../src/features/charts/plotModel.ts';
import { pvConfig } from '../../support/engine/engineHarness.ts';
import { chartConfig } from '../../support/chartConfigs.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0);

function series(index: number, patch: Partial<SeriesConfig> = {}): SeriesConfig {
  return {
    ...defaultSeriesConfig({
      id: `s${index}`,
      index,
      pv: { type: 'AnaIn', nr: 100001 + index },
      pvSubtype: 'Aktuell',
      seriesViewType: 'Line',
    }),
    ...patch,
  };
}

const limitNames = {
  Bottom: 'Unten',
  BottomMiddle: 'Unten Mitte',
  TopMiddle: 'Oben Mitte',
  Top: 'Oben',
};

function model(
  list: SeriesConfig[],
  values: Record<string, number[]> | null,
  configs: PvConfig[] = [],
) {
  return buildPlotModel({
    series: list,
    pvConfigs: new Map(configs.map((c) => [pvKey(c.pvRef), c])),
    dimensions: new Map(),
    values: new Map(Object.entries(values ?? {})),
    awaitingData: values === null,
    limitNames,
    formatValue: (v, d) => v.toFixed(d),
  });
}

describe('plot model', () => {
  it('PM1: the legend names station and PV, the EKS when configured, and the dimension', () => {
    const pv = { ...pvConfig({ type: 'AnaIn', nr: 100001 }), eksNr: 'TA01.AE001' };
    expect(legendText(series(0, { showEksInLegend: true }), pv)).toBe(
      'Station PV 100001 (TA01.AE001)',
    );
    expect(legendText(series(0), pv)).toBe('Station PV 100001');
    expect(legendText(series(0), undefined)).toBe('AnaIn-100001');
    const m = model([series(0)], { s0: [1, 2] }, [pv]);
    expect(m.series[0]?.dimension).toBe('m³/h');
  });

  it('PM2: series with matching domains share an axis (§5), others get their own on alternating sides', () => {
    const m = model([series(0), series(1), series(2)], {
      s0: [0, 10],
      s1: [0, 10],
      s2: [500, 900],
    });
    expect(m.axes).toHaveLength(2);
    expect(m.series.map((s) => s.scale)).toEqual(['y0', 'y0', 'y1']);
    expect(m.axes.map((a) => a.side)).toEqual(['left', 'right']);
    expect(m.axes[0]?.color).toBeNull();
    expect(m.axes[1]?.color).toBe(m.series[2]?.color);
  });

  it('PM3: log and reversed axes stay apart and keep their flags', () => {
    const m = model([series(0, { axisYIsLogarithmic: true }), series(1, { axisYReverse: true })], {
      s0: [1, 1000],
      s1: [1, 1000],
    });
    expect(m.axes.map((a) => [a.log, a.reverse])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect(m.axes[0]).toMatchObject({ min: 1, max: 1000 });
  });

  it('PM4: each show-limit flag draws its limit with its text (or the default) inside the axis', () => {
    const pv = {
      ...pvConfig({ type: 'AnaIn', nr: 100001 }),
      decimalPlaces: 1,
      anaLimitConfig: { lower: 1, lowerMid: null, upperMid: 8, upper: 20 },
    };
    const m = model(
      [
        series(0, {
          showLimitTop: true,
          limitTextTop: 'Überlauf',
          showLimitBottom: true,
          showLimitBottomMiddle: true,
        }),
      ],
      { s0: [2, 5] },
      [pv],
    );
    expect(m.limits.map((l) => [l.kind, l.value, l.text])).toEqual([
      ['Bottom', 1, 'Unten: 1.0'],
      ['Top', 20, 'Überlauf: 20.0'],
    ]);
    expect(m.axes[0]!.max).toBeGreaterThanOrEqual(20);
    expect(m.axes[0]!.min).toBeLessThanOrEqual(1);
  });

  it('PM6: digital series are stacked in lanes at the foot; value axes leave that band free', () => {
    const digital = (i: number) =>
      series(i, { pv: { type: 'DigiIn', nr: 100001 + i }, seriesViewType: 'StepLine' });
    const m = model([series(0), digital(1), digital(2)], {
      s0: [0, 10],
      s1: [0, 1],
      s2: [0, 0],
    });
    const lanes = m.axes.filter((a) => a.lane);
    expect(lanes).toHaveLength(2);
    expect(lanes.map((a) => a.lane?.index)).toEqual([0, 1]);
    const value = m.axes.find((a) => !a.lane)!;
    expect(value.displayMin).toBeLessThan(value.min);
    expect(value.displayMax).toBe(value.max);
    // A lane's values fill its own band: lane 0 lies below lane 1 on the plot.
    const frac = (a: (typeof lanes)[number], v: number) =>
      (v - a.displayMin) / (a.displayMax - a.displayMin);
    expect(frac(lanes[0]!, lanes[0]!.max)).toBeLessThan(frac(lanes[1]!, lanes[1]!.min));
    expect(frac(lanes[1]!, lanes[1]!.max)).toBeLessThan(frac(value, value.min) + 1e-9);
  });

  it('PM8: axes are known before data: one 0..1 axis per series, the layout the data keeps', () => {
    const list = [series(0), series(1), series(2), series(3)];
    const before = model(list, null);
    expect(before.axes.map((a) => [a.scale, a.min, a.max])).toEqual([
      ['y0', 0, 1],
      ['y1', 0, 1],
      ['y2', 0, 1],
      ['y3', 0, 1],
    ]);
    expect(before.axes.map((a) => a.side)).toEqual(['left', 'right', 'left', 'right']);
    // Data arrival does not recreate the plot: different domains keep the layout key.
    const after = model(list, { s0: [0, 10], s1: [5, 7], s2: [500, 900], s3: [-3, 3] });
    expect(after.layoutKey).toBe(before.layoutKey);
    expect(after.axes.map((a) => a.max)).not.toEqual(before.axes.map((a) => a.max));
  });

  it('PM8b: data that makes axes merge (§5) still merges them, at the cost of a new layout', () => {
    const list = [series(0), series(1)];
    const after = model(list, { s0: [0, 10], s1: [0, 10] });
    expect(after.axes).toHaveLength(1);
    expect(after.layoutKey).not.toBe(model(list, null).layoutKey);
  });

  it('PM5: the layout key changes with view types and scales, not with new values', () => {
    const a = model([series(0)], { s0: [1, 2] });
    const b = model([series(0)], { s0: [1, 2.5] });
    const c = model([series(0, { seriesViewType: 'Bar' })], { s0: [1, 2] });
    expect(b.layoutKey).toBe(a.layoutKey);
    expect(c.layoutKey).not.toBe(a.layoutKey);
  });
});

describe('chart ranges', () => {
  it('CR1: the default range is the chart span, else 1 hour live and 1 day archive (§9)', () => {
    expect(defaultRange(chartConfig({ type: 'LiveMeasurement' }), NOW, 'Europe/Berlin')).toEqual({
      start: NOW - HOUR_MS,
      end: NOW,
    });
    expect(defaultRange(chartConfig(), NOW, 'Europe/Berlin')).toEqual({
      start: NOW - DAY_MS,
      end: NOW,
    });
    const week = defaultRange(
      chartConfig({ timeSpanFactor: 1, timeSpanUnit: 'Week' }),
      NOW,
      'Europe/Berlin',
    );
    expect(week.end - week.start).toBe(7 * DAY_MS);
  });

  it('CR2: pan moves by a fraction, zoom keeps the centre and at least a minute', () => {
    const r = { start: 0, end: 4 * HOUR_MS };
    expect(panRange(r, -0.25)).toEqual({ start: -HOUR_MS, end: 3 * HOUR_MS });
    expect(zoomRange(r, 0.5)).toEqual({ start: HOUR_MS, end: 3 * HOUR_MS });
    const tiny = zoomRange({ start: 0, end: 1000 }, 0.5);
    expect(tiny.end - tiny.start).toBe(60_000);
  });

  it('CR3: an explicit source is used within the archive limits, else Auto with a note', () => {
    const day = { start: NOW - DAY_MS, end: NOW };
    const week = { start: NOW - 7 * DAY_MS, end: NOW };
    expect(resolveSource('MeasurementArchive', chartConfig(), day, 'Europe/Berlin')).toEqual({
      source: 'MeasurementArchive',
      fellBack: false,
    });
    expect(resolveSource('MeasurementArchive', chartConfig(), week, 'Europe/Berlin')).toEqual({
      source: 'QuarterHourValues',
      fellBack: true,
    });
    expect(resolveSource('Auto', chartConfig(), week, 'Europe/Berlin').source).toBe(
      'QuarterHourValues',
    );
    expect(
      sourceAllowed(
        'DayValues',
        chartConfig(),
        { start: NOW - 800 * DAY_MS, end: NOW },
        'Europe/Berlin',
      ),
    ).toBe(false);
    expect(
      sourceAllowed('MonthValues', chartConfig(), { start: 0, end: NOW }, 'Europe/Berlin'),
    ).toBe(true);
  });

  it('CR4: start and end from the address: epoch ms or ISO; start alone runs to now', () => {
    expect(rangeFromParams(new URLSearchParams('start=1000&end=5000'), NOW)).toEqual({
      start: 1000,
      end: 5000,
    });
    expect(rangeFromParams(new URLSearchParams('start=2026-11-21T12:00:00Z'), NOW)).toEqual({
      start: NOW - DAY_MS,
      end: NOW,
    });
    expect(rangeFromParams(new URLSearchParams('start=nonsense'), NOW)).toBeNull();
    expect(rangeFromParams(new URLSearchParams('start=5000&end=1000'), NOW)).toBeNull();
  });

  it('EX3: the export is saved under the content-disposition name (filename* first)', () => {
    const header = `attachment; filename="Station 1 - Live.csv"; filename*=UTF-8''Station%201%20%E2%80%93%20Live.csv`;
    expect(fileNameOf(header, 'x.csv')).toBe('Station 1 – Live.csv');
    expect(fileNameOf('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});

describe('axis ticks', () => {
  it('PM7: ticks cover only the axis domain, nice steps; log axes at whole powers', async () => {
    const { axisTicks } = await import('../../../src/features/charts/plotModel.ts');
    const base = {
      scale: 'y0',
      log: false,
      logBase: 10,
      reverse: false,
      side: 'left' as const,
      color: null,
      label: '',
      lane: null,
    };
    const ticks = axisTicks({ ...base, min: 1.5, max: 5, displayMin: 0, displayMax: 5 }, 400);
    expect(ticks[0]).toBe(1.5);
    expect(ticks.at(-1)).toBe(5);
    expect(ticks.every((v) => v >= 1.5 && v <= 5)).toBe(true);
    const log = axisTicks(
      { ...base, log: true, min: 1, max: 1000, displayMin: 1, displayMax: 1000 },
      400,
    );
    expect(log).toEqual([1, 10, 100, 1000]);
  });
});
