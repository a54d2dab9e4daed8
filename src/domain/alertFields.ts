/**
 * The columns of the alert tables: how each is filtered (SPEC §5 "Filters") and sorted. One
 * definition for the engine's alert store and the views' filter rows.
 */
import type { Alert } from '../contract/alerts.ts';
import type { FilterFields } from './filters.ts';

export const ALERT_COLUMNS = [
  'timestamp',
  'priority',
  'stationNumber',
  'stationName',
  'sourceName',
  'pv',
  'text',
  'state',
  'acknowledgedBy',
  'acknowledgedAt',
  'cleared',
  'id',
] as const;
export type AlertColumn = (typeof ALERT_COLUMNS)[number];

export type SortValue = string | number | null;

/**
 * What a list can be sorted by: the columns, and `urgency`, the default of the current list
 * (DESIGN.md "Alarm states"): unacknowledged first, then priority (0 first), then newest.
 */
export type AlertSortColumn = AlertColumn | 'urgency';

/** Timestamps stay below this (year 2286), so the urgency key keeps them in its low digits. */
const TIME_SPAN = 1e13;

/** AF1: one number per alert; ascending is most urgent first. */
export function urgencyOf(a: Alert): number {
  const acknowledged = a.state === 'pending' ? 0 : 100;
  return (acknowledged + a.priority) * TIME_SPAN + (TIME_SPAN - a.timestamp);
}

/** The value a column sorts by; null sorts last in both directions. */
export const ALERT_SORT_VALUES: Record<AlertSortColumn, (a: Alert) => SortValue> = {
  urgency: urgencyOf,
  timestamp: (a) => a.timestamp,
  priority: (a) => a.priority,
  stationNumber: (a) => a.stationNumber,
  stationName: (a) => a.stationName,
  sourceName: (a) => a.sourceName,
  pv: (a) => (a.pvRef ? `${a.pvRef.type}-${a.pvRef.nr}` : null),
  text: (a) => a.text,
  state: (a) => a.state,
  acknowledgedBy: (a) => a.acknowledgedBy,
  acknowledgedAt: (a) => a.acknowledgedAt,
  cleared: (a) => (a.cleared ? 1 : 0),
  id: (a) => a.id,
};

export const ALERT_FILTER_FIELDS: FilterFields<Alert> = {
  timestamp: { kind: 'date', get: (a) => a.timestamp },
  priority: { kind: 'number', get: (a) => a.priority },
  stationNumber: { kind: 'number', get: (a) => a.stationNumber },
  stationName: { kind: 'text', get: (a) => a.stationName },
  sourceName: { kind: 'text', get: (a) => a.sourceName },
  pv: { kind: 'text', get: (a) => (a.pvRef ? `${a.pvRef.type}-${a.pvRef.nr}` : '') },
  text: { kind: 'text', get: (a) => a.text },
  state: { kind: 'text', get: (a) => a.state },
  acknowledgedBy: { kind: 'text', get: (a) => a.acknowledgedBy },
  acknowledgedAt: { kind: 'date', get: (a) => a.acknowledgedAt },
  cleared: { kind: 'number', get: (a) => (a.cleared ? 1 : 0) },
  id: { kind: 'number', get: (a) => a.id },
};

/**
 * Columns whose sort value is text (compared with a collator, not by code unit): those
 * filtered as text.
 */
export const ALERT_TEXT_COLUMNS: ReadonlySet<AlertSortColumn> = new Set<AlertSortColumn>(
  ALERT_COLUMNS.filter((column) => ALERT_FILTER_FIELDS[column]?.kind === 'text'),
);
