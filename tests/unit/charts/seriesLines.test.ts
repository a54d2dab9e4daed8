// @vitest-environment happy-dom
/**
 * Series lines are drawn one pixel wide (SERIES_LINE_WIDTH, src/features/shared/lineGaps.ts): Skia draws such
 * a stroke as a hairline, a wider one is stroked into an outline first, which in software
 * rendering cost about 5 ms a series of the one-year trend on the main thread (bench/README.md,
 * "The one-year trend's canvas flush").
 */
import { describe, expect, it } from 'vitest';
import {
  SERIES_VIEW_TYPES,
  type SeriesConfig,
  type SeriesViewType,
} from '../../../src/contract/charts.ts';
import { defaultSeriesConfig } from '../../../src/domain/seriesDefaults.ts';
import { buildPlotModel } from '../../../src/features/charts/plotModel.ts';
import { seriesOptions } from '../../../src/features/charts/plotSeries.ts';
import { SERIES_LINE_WIDTH } from '../../../src/features/shared/lineGaps.ts';
import { tileSeries } from '../../../src/features/dashboard/tiles/ChartTile.tsx';

const VIEW_TYPES: readonly SeriesViewType[] = SERIES_VIEW_TYPES;

function series(index: number, viewType: SeriesViewType): SeriesConfig {
  return defaultSeriesConfig({
    id: `s${index}`,
    index,
    pv: { type: 'AnaIn', nr: 100001 + index },
    pvSubtype: 'Aktuell',
    seriesViewType: viewType,
  });
}

describe('series lines', () => {
  it('SL1: every view type strokes its series one pixel wide (a hairline)', () => {
    const model = buildPlotModel({
      series: VIEW_TYPES.map((t, i) => series(i, t)),
      pvConfigs: new Map(),
      dimensions: new Map(),
      values: new Map(VIEW_TYPES.map((_, i) => [`s${i}`, [1, 2, 3]])),
      awaitingData: false,
      limitNames: { Bottom: 'B', BottomMiddle: 'BM', TopMiddle: 'TM', Top: 'T' },
      formatValue: (v, d) => v.toFixed(d),
    });
    const options = seriesOptions(model, {
      formatValue: (v, d) => v.toFixed(d),
      locale: () => undefined,
      model: () => model,
    });
    expect(SERIES_LINE_WIDTH).toBe(1);
    expect(options).toHaveLength(VIEW_TYPES.length);
    for (const o of options) expect(o.width).toBe(SERIES_LINE_WIDTH);
  });

  it("SL2: the dashboard's trend tile strokes its series one pixel wide too", () => {
    const options = tileSeries(3);
    expect(options).toHaveLength(3);
    for (const o of options) expect(o.width).toBe(SERIES_LINE_WIDTH);
  });
});
