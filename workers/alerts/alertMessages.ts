/**
 * Feeds the alert hub messages (SPEC §7 "Messages received": newAlert, ackAlert, ackAlerts,
 * deletedAlerts, newPendingAlerts) into the alert store. Payloads arrive as unknown JSON and
 * are checked before they touch the store; a malformed item is skipped, not stored.
 */
import { ALERT_STATES, type AckedAlert, type Alert } from '../../src/contract/alerts.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { AlertRows } from './alertRows.ts';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumOrNull = (v: unknown): boolean => v === null || isNum(v);
const isStrOrNull = (v: unknown): boolean => v === null || typeof v === 'string';

/** AM1: the fields the store sorts and filters on must have the contract's types. */
export function isAlert(v: unknown): v is Alert {
  return (
    isRecord(v) &&
    isNum(v.id) &&
    isNum(v.timestamp) &&
    isNum(v.priority) &&
    (ALERT_STATES as readonly unknown[]).includes(v.state) &&
    typeof v.text === 'string' &&
    typeof v.stationName === 'string' &&
    typeof v.sourceName === 'string' &&
    isNumOrNull(v.stationNumber) &&
    isStrOrNull(v.acknowledgedBy) &&
    isNumOrNull(v.acknowledgedAt) &&
    typeof v.cleared === 'boolean' &&
    isNumOrNull(v.clearedAt) &&
    (v.pvRef === null ||
      (isRecord(v.pvRef) && typeof v.pvRef.type === 'string' && isNum(v.pvRef.nr))) &&
    (v.source === null || (isRecord(v.source) && typeof v.source.type === 'string'))
  );
}

export function isAckedAlert(v: unknown): v is AckedAlert {
  return (
    isRecord(v) && isNum(v.id) && typeof v.acknowledgedBy === 'string' && isNum(v.acknowledgedAt)
  );
}

function ids(v: unknown): number[] {
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is { id: number } => isRecord(x) && isNum(x.id)).map((x) => x.id);
}

/** Case-insensitive names, as the client matches hub messages (SPEC §7, contract/hubs.ts). */
const NAMES = new Map(
  [
    HUB_MESSAGES.newAlert,
    HUB_MESSAGES.ackAlert,
    HUB_MESSAGES.ackAlerts,
    HUB_MESSAGES.deletedAlerts,
    HUB_MESSAGES.newPendingAlerts,
  ].map((n) => [n.toLowerCase(), n]),
);

/**
 * AM2: applies one alert hub message to the store; returns how many rows changed (0 for an
 * unknown message or a payload without valid items).
 */
export function applyAlertHubMessage(store: AlertRows, message: string, payload: unknown): number {
  switch (NAMES.get(message.toLowerCase())) {
    case HUB_MESSAGES.newAlert:
      if (!isAlert(payload)) return 0;
      store.upsert(payload);
      return 1;
    case HUB_MESSAGES.ackAlert:
      return isAckedAlert(payload) ? store.ack([payload]) : 0;
    case HUB_MESSAGES.ackAlerts:
      return Array.isArray(payload) ? store.ack(payload.filter(isAckedAlert)) : 0;
    case HUB_MESSAGES.deletedAlerts:
      return store.remove(ids(payload));
    case HUB_MESSAGES.newPendingAlerts: {
      if (!isRecord(payload) || !Array.isArray(payload.alerts)) return 0;
      // AV2c: a station's whole list arrives with every change of it; only what the store does
      // not hold yet as it is becomes a change (the rest already came as newAlert or ackAlert).
      // An acknowledgement changes an alert's state, a return to normal its cleared flag; an
      // id's text, priority and time never change.
      const alerts = payload.alerts.filter((a): a is Alert => {
        const held = store.get((a as Partial<Alert> | null)?.id as number);
        return isAlert(a) && (!held || held.state !== a.state || held.cleared !== a.cleared);
      });
      store.upsertMany(alerts);
      return alerts.length;
    }
    default:
      return 0;
  }
}

/** The ids of the alerts a hub message touches (to check them against the list rule after). */
export function touchedIds(message: string, payload: unknown): number[] {
  switch (NAMES.get(message.toLowerCase())) {
    case HUB_MESSAGES.newAlert:
    case HUB_MESSAGES.ackAlert:
      return isRecord(payload) && isNum(payload.id) ? [payload.id] : [];
    case HUB_MESSAGES.ackAlerts:
      return ids(payload);
    case HUB_MESSAGES.newPendingAlerts:
      return isRecord(payload) ? ids(payload.alerts) : [];
    default:
      return [];
  }
}
