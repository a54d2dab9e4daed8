/**
 * What chart views use of the engine side: the chart data types, and the pure state machines
 * that run in the tab (auto-refresh, annotations) and the column join for uPlot. Views reach
 * `workers/` only through here (DESIGN.md "Layout").
 */
export type {
  ChartDataAnswer,
  ChartDataRequest,
  ChartDefinition,
  ChartSeriesColumns,
  ChartTarget,
} from '../../workers/engineApi.ts';
export {
  AutoRefresh,
  AUTO_REFRESH_POLL_MS,
  runAutoRefresh,
  type AutoRefreshState,
  type IntervalTimers,
} from '../../workers/charts/autoRefresh.ts';
export {
  AnnotationStore,
  UNSAVED_ANNOTATION_ERROR,
  type AnnotationApi,
  type AnnotationEntry,
  type AnnotationResult,
} from '../../workers/charts/annotationStore.ts';
export { alignSeries, type AlignedData } from '../../workers/charts/align.ts';
