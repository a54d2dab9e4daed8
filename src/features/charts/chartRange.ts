/**
 * View ranges of a chart (SPEC §4, §9): the default window of a chart, zoom and pan steps,
 * the data source for a range within the archive limits, and a range from URL parameters.
 */
import type { ChartConfig, DataSourcePreset, DataSourceType } from '../../contract/charts.ts';
import { DATA_SOURCE_TYPES } from '../../contract/charts.ts';
import { autoDataSource, sourceAllowed } from '../../domain/dataSource.ts';
import { addUnits } from '../../domain/clock.ts';
import { HOUR_MS, timeUnitOfSpan, type TimeRange } from '../../domain/timeUnits.ts';

/** Zoom and pan keep at least a minute in view. */
export const MIN_SPAN_MS = 60_000;
/** One pan step moves a quarter of the view. */
export const PAN_STEP = 0.25;

/**
 * The chart's own span (timeSpanFactor × timeSpanUnit) ending now; without one the SPEC §9
 * defaults: a live chart 1 hour, an archive chart 1 day; calendar units on the plant's clock.
 */
export function defaultRange(config: ChartConfig, now: number, zone: string): TimeRange {
  if (config.timeSpanFactor && config.timeSpanUnit) {
    return {
      start: addUnits(now, timeUnitOfSpan(config.timeSpanUnit), -config.timeSpanFactor, zone),
      end: now,
    };
  }
  return config.type === 'LiveMeasurement'
    ? { start: now - HOUR_MS, end: now }
    : { start: addUnits(now, 'Days', -1, zone), end: now };
}

/** A jump to the data's first or last time leaves this share of the view free before it. */
export const EDGE_MARGIN = 0.02;

/**
 * The view after a jump to the first (or last) archived time: the same length, the edge just
 * inside the start (or the end), so the first (or newest) value is seen at once.
 */
export function rangeAtEdge(view: TimeRange, edge: 'first' | 'last', timestamp: number): TimeRange {
  const span = view.end - view.start;
  const margin = Math.max(1, Math.round(span * EDGE_MARGIN));
  return edge === 'first'
    ? { start: timestamp - margin, end: timestamp - margin + span }
    : { start: timestamp + margin - span, end: timestamp + margin };
}

/** Whether a range holds any of the archived times from `first` to `last` (both inclusive). */
export function overlapsData(range: TimeRange, first: number, last: number): boolean {
  return range.start <= last && range.end > first;
}

/** Moves the range by `fraction` of its length (negative = back in time). */
export function panRange(range: TimeRange, fraction: number): TimeRange {
  const shift = Math.round((range.end - range.start) * fraction);
  return { start: range.start + shift, end: range.end + shift };
}

/** Scales the range around its centre (factor < 1 zooms in). */
export function zoomRange(range: TimeRange, factor: number): TimeRange {
  const center = (range.start + range.end) / 2;
  const half = Math.max(MIN_SPAN_MS / 2, ((range.end - range.start) * factor) / 2);
  return { start: Math.round(center - half), end: Math.round(center + half) };
}

/**
 * The source to read: the explicit choice when the archive limits allow it for the range,
 * otherwise the automatic one (`fellBack` then says so).
 */
export function resolveSource(
  choice: DataSourcePreset,
  config: ChartConfig,
  range: TimeRange,
  zone: string,
): { source: DataSourceType; fellBack: boolean } {
  if (choice === 'Auto') return { source: autoDataSource(config, range, zone), fellBack: false };
  if (sourceAllowed(choice, config, range, zone)) return { source: choice, fellBack: false };
  return { source: autoDataSource(config, range, zone), fellBack: true };
}

/** The explicit sources the archive limits allow for the range. */
export function allowedSources(
  config: ChartConfig,
  range: TimeRange,
  zone: string,
): DataSourceType[] {
  return DATA_SOURCE_TYPES.filter((s) => sourceAllowed(s, config, range, zone));
}

/** A date from a URL parameter: epoch ms digits or an ISO 8601 text; null when unreadable. */
export function parseUrlDate(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  if (/^-?\d+$/.test(text.trim())) return Number(text);
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** `start` and `end` URL parameters as a range; `start` alone runs to now. */
export function rangeFromParams(params: URLSearchParams, now: number): TimeRange | null {
  const start = parseUrlDate(params.get('start'));
  if (start === null) return null;
  const end = parseUrlDate(params.get('end')) ?? now;
  return end > start ? { start, end } : null;
}
