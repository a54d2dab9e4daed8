/**
 * A series config with the defaults of SPEC §3 "Automatic trend line config": no fixed axis
 * limits, linear base-10 axis, not reversed, no limit lines. Generated charts (trend lines,
 * the reference server's catalogue) start from here and change only what they mean to.
 */
import type { SeriesConfig, SeriesMeasurementType, SeriesViewType } from '../contract/charts.ts';
import type { PvRef } from '../contract/pv.ts';
import { DEFAULT_LOG_BASE } from './chartAxes.ts';
import { seriesColor } from './seriesColors.ts';

export interface SeriesInit {
  id: string;
  /** Position in the chart: sortIndex and palette colour. */
  index: number;
  pv: PvRef;
  pvSubtype: SeriesMeasurementType;
  seriesViewType: SeriesViewType;
}

export function defaultSeriesConfig({
  id,
  index,
  pv,
  pvSubtype,
  seriesViewType,
}: SeriesInit): SeriesConfig {
  return {
    id,
    sortIndex: index,
    seriesViewType,
    color: seriesColor(index),
    pv,
    pvSubtype,
    axisYMinMaxChoices: ['None'],
    axisYMin: null,
    axisYMax: null,
    axisYIsLogarithmic: false,
    axisYLogarithmicBase: DEFAULT_LOG_BASE,
    axisYReverse: false,
    showLimitBottom: false,
    showLimitBottomMiddle: false,
    showLimitTopMiddle: false,
    showLimitTop: false,
    limitTextBottom: '',
    limitTextBottomMiddle: '',
    limitTextTopMiddle: '',
    limitTextTop: '',
    showEksInLegend: false,
  };
}
