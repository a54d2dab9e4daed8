/** The alert and control-event list queries (SPEC §3 "Alert query", §9 "Alert default range"). */
import {
  ALERT_DEFAULT_LIMIT,
  ALERT_DEFAULT_RANGE_DAYS,
  type AlertQuery,
} from '../contract/alerts.ts';

const MS_PER_DAY = 86_400_000;

/** AQ1: the default range, 7 days until now, with the default request limit. */
export function defaultAlertQuery(nowMs: number, limit = ALERT_DEFAULT_LIMIT): AlertQuery {
  return alertQuery(nowMs - ALERT_DEFAULT_RANGE_DAYS * MS_PER_DAY, nowMs, limit);
}

/** AQ2: a query for [startMs, endMs]; start and end are swapped if given in the wrong order. */
export function alertQuery(
  startMs: number,
  endMs: number,
  limit = ALERT_DEFAULT_LIMIT,
): AlertQuery {
  const [from, to] = startMs <= endMs ? [startMs, endMs] : [endMs, startMs];
  return {
    start: new Date(from).toISOString(),
    end: new Date(to).toISOString(),
    limit: Math.max(1, Math.floor(limit)),
  };
}

/** AQ3: the query string of GET /api/alerts and /api/controlevent/events. */
export function alertQueryString(q: AlertQuery): string {
  return new URLSearchParams({ start: q.start, end: q.end, limit: String(q.limit) }).toString();
}
