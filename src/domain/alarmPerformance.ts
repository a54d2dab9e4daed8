/**
 * The alarm-system figures of ANSI/ISA-18.2 and EEMUA 191 for a period and a station or the
 * whole plant (`/alerts/performance`). Computed in the engine from the alert archive the
 * specification already has (GET /api/alerts by range), so they work against any plant
 * server. This file holds the shapes shared by the engine and the page.
 *
 * Definitions (the page's help popups say the same in the user's language):
 * - an alarm is one alert row raised in [start, end) (its `timestamp`);
 * - "the same alarm" is one source: a PV's limit or failure input (`pvRef` + text) or a
 *   non-PV binding (`source` + text), see `AlarmIdentity.key`;
 * - rate windows are the plant's wall-clock 10-minute and hour windows (time zone of the
 *   request, so a daylight-saving day has 23 or 25 hour windows);
 * - a flood is a 10-minute window with more than `FLOOD_THRESHOLD` alarms; adjacent flooded
 *   windows form one flood period;
 * - chattering: the same alarm `CHATTER_COUNT` or more times within `CHATTER_WINDOW_MS`;
 * - fleeting: an alarm cleared less than `FLEETING_MS` after it was raised;
 * - standing: active (not cleared) for more than `STANDING_MS` at the period's end, or at the
 *   moment it cleared;
 * - priority bands: 0-2 high, 3-4 medium, 5-9 low (0 is the highest of SPEC §9's 0-9);
 * - acknowledge time: `acknowledgedAt - timestamp` of the alarms acknowledged before the end;
 *   median and 90th percentile interpolated between ranks (as Excel's PERCENTILE.INC);
 * - never acknowledged: raised in the period and not acknowledged before its end.
 * The engine reads a 7-day lookback before the start for standing alarms (and, for a period
 * ending now, the live list's older active alarms). Rules and tests: workers/SPEC.md AF1-AF12.
 */
import type { AlertStateBinding } from '../contract/alerts.ts';
import type { PvRef } from '../contract/pv.ts';

/** EEMUA 191 / ISA-18.2 benchmark values the page draws and compares against. */
export const ALARM_BENCHMARKS = {
  /** Average alarms per operator and hour that is "very likely to be acceptable". */
  perHourAcceptable: 6,
  /** The same per 10 minutes (1 per 10 min). */
  per10MinAcceptable: 1,
  /** Per day (144 = 6 an hour). */
  perDayAcceptable: 144,
  /** Most alarms in 10 minutes before the window is a flood. */
  floodThreshold: 10,
  /** Share of 10-minute windows in flood that should not be exceeded (about 1 %). */
  floodShareTarget: 0.01,
  /** Recommended priority distribution. */
  priorityShare: { high: 0.05, medium: 0.15, low: 0.8 },
} as const;

export const FLOOD_THRESHOLD = ALARM_BENCHMARKS.floodThreshold;
export const CHATTER_COUNT = 3;
export const CHATTER_WINDOW_MS = 60_000;
export const FLEETING_MS = 5_000;
export const STANDING_MS = 24 * 3_600_000;

/**
 * Most rows of each per-alarm list (floods, chattering, fleeting, standing, never acknowledged)
 * in the figures the page gets: it lists this many per table, and a count says how many there are.
 * The export asks the engine for the whole lists (`AlarmPerformanceRequest.whole`).
 */
export const ALARM_LIST_MAX = 100;

export type PriorityBand = 'high' | 'medium' | 'low';

/** 0-2 high, 3-4 medium, 5-9 low. */
export function priorityBand(priority: number): PriorityBand {
  return priority <= 2 ? 'high' : priority <= 4 ? 'medium' : 'low';
}

export interface AlarmPerformanceRequest {
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
  /** One station, or null for the whole plant. */
  stationNumber: number | null;
  /** IANA zone of the plant (system settings), for the wall-clock windows. */
  timeZone: string;
  /** Fetch the range again instead of using the engine's cached pages. */
  reload?: boolean;
  /**
   * Every row of each list (the export), of the computation stamped `computedAt` when the
   * engine still holds its rows (AP12); without it the lists hold their first `ALARM_LIST_MAX`.
   */
  whole?: { computedAt: number };
}

/** Progress of the paged archive fetch behind a computation. */
export interface AlarmPerformanceProgress {
  /** Alerts fetched so far. */
  loaded: number;
  /** Share of the period covered so far, 0..1. */
  covered: number;
}

/** One alarm source, as the tables name it. */
export interface AlarmIdentity {
  /** Stable key: `pv:<type>:<nr>:<text>` or `src:<binding key>:<text>`. */
  key: string;
  pvRef: PvRef | null;
  source: AlertStateBinding | null;
  stationNumber: number | null;
  stationName: string;
  sourceName: string;
  text: string;
  /** Priority of its most recent alarm in the period. */
  priority: number;
}

export interface RateSeries {
  /** Window starts, epoch ms, ascending, every window of the period (empty ones too). */
  starts: number[];
  /** Alarms raised in each window. */
  counts: number[];
}

/** A flood's span: [start, end). */
export interface FloodSpan {
  start: number;
  end: number;
}

/**
 * AF3: every flood's span from the 10-minute series (windows with more than FLOOD_THRESHOLD
 * alarms, adjacent ones joined), the last window ending at `end`: the chart marks them all
 * while the figures list only the first floods.
 */
export function floodSpans(per10Min: RateSeries, end: number): FloodSpan[] {
  const { starts, counts } = per10Min;
  const spans: FloodSpan[] = [];
  for (let w = 0; w < starts.length; w++) {
    if (counts[w]! <= FLOOD_THRESHOLD) continue;
    const windowEnd = w + 1 < starts.length ? starts[w + 1]! : end;
    const last = spans[spans.length - 1];
    if (last && last.end === starts[w]) last.end = windowEnd;
    else spans.push({ start: starts[w]!, end: windowEnd });
  }
  return spans;
}

export interface FloodPeriod {
  start: number;
  end: number;
  count: number;
  /** The first alarm raised in the flood. */
  first: AlarmIdentity;
  firstAt: number;
}

export interface AlarmCount {
  alarm: AlarmIdentity;
  count: number;
  /** Share of all alarms of the period, 0..1. */
  share: number;
}

export interface ChatteringAlarm {
  alarm: AlarmIdentity;
  /** Alarms of this source in the period. */
  count: number;
  /** Most of its alarms within any `CHATTER_WINDOW_MS`. */
  maxPerMinute: number;
}

export interface FleetingAlarm {
  alarm: AlarmIdentity;
  /** Its alarms cleared within `FLEETING_MS`. */
  count: number;
  shortestMs: number;
}

export interface StandingAlarm {
  alarm: AlarmIdentity;
  /** When it was raised (may be before the period's start). */
  since: number;
  /** Active time until it cleared or until the period's end. */
  activeMs: number;
  /** Still active at the period's end. */
  active: boolean;
}

export interface PriorityShare {
  band: PriorityBand;
  count: number;
  share: number;
  recommended: number;
}

export interface AckTimes {
  band: PriorityBand;
  /** Alarms of the band acknowledged by the period's end. */
  acknowledged: number;
  medianMs: number | null;
  p90Ms: number | null;
}

export interface NeverAcknowledged {
  alarm: AlarmIdentity;
  id: number;
  timestamp: number;
  priority: number;
}

export interface AlarmPerformance {
  request: AlarmPerformanceRequest;
  /** When the figures were computed (epoch ms). */
  computedAt: number;
  /** Alarms raised in the period. */
  total: number;
  /** Length of the period in hours (a DST day counts 23 or 25). */
  hours: number;
  averagePerHour: number;
  averagePer10Min: number;
  averagePerDay: number;
  /** The busiest 10-minute window. */
  peak10Min: { start: number; count: number } | null;
  per10Min: RateSeries;
  perHour: RateSeries;
  /** Share of the period's 10-minute windows in flood, 0..1. */
  floodShare: number;
  /**
   * In time order; the first `ALARM_LIST_MAX` unless asked whole (a month may hold thousands).
   * The rate chart marks every flood from `per10Min` (`floodSpans`), not from this list.
   */
  floods: FloodPeriod[];
  /** All floods of the period. */
  floodCount: number;
  /** The 10 most frequent alarms, most frequent first. */
  top10: AlarmCount[];
  /** Their share of all alarms, 0..1. */
  top10Share: number;
  /** Most per minute first; the first `ALARM_LIST_MAX` unless asked whole. */
  chattering: ChatteringAlarm[];
  /** All chattering alarms. */
  chatteringCount: number;
  /** Most fleeting first; the first `ALARM_LIST_MAX` unless asked whole. */
  fleeting: FleetingAlarm[];
  /** All fleeting alarms. */
  fleetingCount: number;
  /** Still active first, then longest; the first `ALARM_LIST_MAX` unless asked whole. */
  standing: StandingAlarm[];
  /** All standing alarms. */
  standingCount: number;
  priorities: PriorityShare[];
  /** Alarms per priority level 0-9. */
  perPriority: number[];
  ackTimes: AckTimes[];
  /**
   * Alarms raised in the period and not acknowledged by its end, newest first; the first
   * `ALARM_LIST_MAX` unless asked whole, `neverAcknowledgedCount` says how many.
   */
  neverAcknowledged: NeverAcknowledged[];
  /** All alarms raised in the period and not acknowledged by its end. */
  neverAcknowledgedCount: number;
  /** The archive answered fewer alarms than the range holds (SPEC §8 limit); figures are partial. */
  truncated: boolean;
}
