/**
 * Alerts, priorities, control events and system events (SPEC §3 "Alert", §4 "Alerts",
 * §7 "Alerts"). Timestamps are epoch milliseconds; query dates are ISO 8601 (DESIGN.md
 * "Wire format").
 */
import type { ResultStatus } from './enums.ts';
import type { PvRef } from './pv.ts';
import type { EventMessage } from './eventText.ts';

/** SPEC §4: an alert is pending until someone acknowledges it. */
export const ALERT_STATES = ['pending', 'acknowledged'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

/** SPEC §3 "Pending-alert state binding types". */
export const ALERT_BINDING_TYPES = [
  'Device',
  'StationConnection',
  'StationLineConnection',
  'PipeLeakage',
  'AlertLink',
] as const;
export type AlertBindingType = (typeof ALERT_BINDING_TYPES)[number];

/**
 * What a pending-alert state is bound to, for alerts that do not come from a PV (a device,
 * a station's connection or alarm line, a pipe leakage, a link to another alert).
 */
export type AlertStateBinding =
  | { type: 'Device'; stationNumber: number; deviceType: string }
  | { type: 'StationConnection'; stationNumber: number }
  | { type: 'StationLineConnection'; stationNumber: number; lineType: string; offset: number }
  | { type: 'PipeLeakage'; id: number }
  | { type: 'AlertLink'; id: number };

/** The live-subscription key of a binding, e.g. `StationLineConnection:12:modem:1`. */
export function alertBindingKey(binding: AlertStateBinding): string {
  switch (binding.type) {
    case 'Device':
      return `Device:${binding.stationNumber}:${binding.deviceType}`;
    case 'StationConnection':
      return `StationConnection:${binding.stationNumber}`;
    case 'StationLineConnection':
      return `StationLineConnection:${binding.stationNumber}:${binding.lineType}:${binding.offset}`;
    case 'PipeLeakage':
      return `PipeLeakage:${binding.id}`;
    case 'AlertLink':
      return `AlertLink:${binding.id}`;
  }
}

/** One alert message row, as listed by GET /api/alerts and pushed by newAlert. */
export interface Alert {
  id: number;
  /** When the alert was raised. */
  timestamp: number;
  /** The PV that raised it; null for alerts from another source. */
  pvRef: PvRef | null;
  /** The non-PV source; null for PV alerts. */
  source: AlertStateBinding | null;
  stationNumber: number | null;
  stationName: string;
  /** Name of the PV or source, as configured. */
  sourceName: string;
  /** The alert message text. */
  text: string;
  /** 0 to 9 (SPEC §9); see Priority for the name and colour. */
  priority: number;
  state: AlertState;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  /** True once the condition that raised the alert has gone away. */
  cleared: boolean;
  clearedAt: number | null;
}

/** GET /api/alerts and GET /api/controlevent/events query (SPEC §3, §7). */
export interface AlertQuery {
  /** ISO 8601. */
  start: string;
  /** ISO 8601. */
  end: string;
  /** Most alerts returned, newest first. */
  limit: number;
}

/** SPEC §9: alerts are listed for 7 days until now by default. */
export const ALERT_DEFAULT_RANGE_DAYS = 7;
/** SPEC §9: loading is capped by a request limit. */
export const ALERT_DEFAULT_LIMIT = 10_000;

/** The answer of GET /api/alerts and POST /api/alerts/bypvs. */
export interface AlertListResult {
  /** The newest `limit` alerts of the range, newest first. */
  alerts: Alert[];
  /** How many more alerts the range holds beyond the limit (SPEC §8 "too many alert messages"). */
  remainingCount: number;
}

/** POST /api/alerts/bypvs body; start and end go in the query. */
export type AlertsByPvsRequest = PvRef[];

export interface AlertIdRef {
  id: number;
}

/** POST /api/alerts/ack body. */
export interface AlertAckRequest {
  ids: number[];
}

/** One acknowledgement, as answered by ack and pushed by ackAlert / ackAlerts. */
export interface AckedAlert {
  id: number;
  acknowledgedBy: string;
  acknowledgedAt: number;
}

/** POST /api/alerts/ack and /ack-all answer. */
export interface AlertAckResult {
  status: ResultStatus;
  errorMessage: string | null;
  acked: AckedAlert[];
}

/** DELETE /api/alerts body. */
export type AlertDeleteRequest = AlertIdRef[];

/** DELETE /api/alerts answer; deletedAlerts pushes the same list. */
export interface AlertDeleteResult {
  status: ResultStatus;
  errorMessage: string | null;
  deleted: AlertIdRef[];
}

/** Payloads of the alert hub messages (SPEC §7 "Messages received"). */
export type NewAlertMessage = Alert;
export type AckAlertMessage = AckedAlert;
export type AckAlertsMessage = AckedAlert[];
export type DeletedAlertsMessage = AlertIdRef[];

/** newPendingAlerts: the pending alerts of one PV group. */
export interface NewPendingAlertsMessage {
  pvGroupId: number;
  alerts: Alert[];
}

/** newAlertState: whether a binding has pending alerts and of which highest priority. */
export interface AlertStateMessage {
  binding: AlertStateBinding;
  pendingCount: number;
  /** Highest priority among the pending alerts; null when none is pending. */
  highestPriority: number | null;
}

/** GET /api/SystemConfig/priorities: one entry per level 0-9. */
export interface Priority {
  level: number;
  name: string;
  /** 32-bit ARGB, as the plant server stores colours (may arrive signed). */
  color: number;
}

export const PRIORITY_MIN = 0;
export const PRIORITY_MAX = 9;

/** A colour with 0-255 channels and alpha from 0 to 1 (CSS-ready). */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** SPEC §3 "Priority: color (argb, converted to a colour with r, g, b, a)". */
export function argbToRgba(argb: number): Rgba {
  const v = argb >>> 0;
  return {
    a: Math.round((((v >>> 24) & 0xff) / 255) * 1000) / 1000,
    r: (v >>> 16) & 0xff,
    g: (v >>> 8) & 0xff,
    b: v & 0xff,
  };
}

export function rgbaToArgb(c: Rgba): number {
  const a = Math.round(Math.min(1, Math.max(0, c.a)) * 255);
  return ((a << 24) | ((c.r & 0xff) << 16) | ((c.g & 0xff) << 8) | (c.b & 0xff)) >>> 0;
}

export function rgbaToCss(c: Rgba): string {
  return `rgba(${c.r}, ${c.g}, ${c.b}, ${c.a})`;
}

export function argbToCss(argb: number): string {
  return rgbaToCss(argbToRgba(argb));
}

/** A control event (operator actions recorded by the plant); listed like alerts. */
export interface ControlEvent {
  id: number;
  timestamp: number;
  stationNumber: number | null;
  stationName: string;
  pvRef: PvRef | null;
  /** Who caused it; null for automatic events. */
  user: string | null;
  /** The text in German, as written (rows of before, clients without the key). */
  text: string;
  /** The text as a key and parameters, shown in the reader's language; absent in old rows. */
  message?: EventMessage | null;
}

/** GET /api/controlevent/events query: the same start, end and limit as alerts. */
export type ControlEventQuery = AlertQuery;

/** GET /api/controlevent/events answer (SPEC §3 "Control event ... returned as events"). */
export interface ControlEventListResult {
  events: ControlEvent[];
  remainingCount: number;
}

export const SYSTEM_EVENT_CATEGORIES = ['Login', 'Logout', 'Rights', 'Config', 'System'] as const;
export type SystemEventCategory = (typeof SYSTEM_EVENT_CATEGORIES)[number];

/** A system (audit) event of the system event archive (SPEC §2). */
export interface SystemEvent {
  id: number;
  timestamp: number;
  category: SystemEventCategory;
  user: string | null;
  /** The text in German, as written (rows of before, clients without the key). */
  text: string;
  /** The text as a key and parameters, shown in the reader's language; absent in old rows. */
  message?: EventMessage | null;
}

/** REST paths of SPEC §7 "Alerts". */
export const ALERT_API = {
  list: '/api/alerts',
  byPvs: '/api/alerts/bypvs',
  ack: '/api/alerts/ack',
  ackAll: '/api/alerts/ack-all',
  /** DELETE with a body. */
  delete: '/api/alerts',
  controlEvents: '/api/controlevent/events',
} as const;
