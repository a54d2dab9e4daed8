/**
 * Cheap shape checks for what arrives from the hubs and REST: the engine never trusts a
 * payload's type. Enumerations are checked where a wrong value would mislead a view.
 */
import { ALERT_BINDING_TYPES, type AlertStateMessage } from '../src/contract/alerts.ts';
import {
  isOneOf,
  LIMIT_TYPES,
  PV_TYPES,
  PV_VALUE_TYPES,
  QUALITIES,
  SERVER_DIAL_STATES,
  SERVER_STATUSES,
} from '../src/contract/enums.ts';
import type {
  NewDialCounterMessage,
  NewDialStateMessage,
  NewTimestampMessage,
  ServerStatusMessage,
} from '../src/contract/hubs.ts';
import type { PvConfig, PvLimitConfig, PvRef, PvValue } from '../src/contract/pv.ts';
import type { StationConfig } from '../src/contract/station.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isPvRef(value: unknown): value is PvRef {
  return isRecord(value) && isOneOf(PV_TYPES, value.type) && typeof value.nr === 'number';
}

export function isPvValue(value: unknown): value is PvValue {
  return (
    isRecord(value) &&
    isPvRef(value.pvRef) &&
    isOneOf(PV_VALUE_TYPES, value.typeOfValue) &&
    isOneOf(QUALITIES, value.quality) &&
    typeof value.timestamp === 'number'
  );
}

export function isPvConfig(value: unknown): value is PvConfig {
  return isRecord(value) && isPvRef(value.pvRef) && typeof value.name === 'string';
}

export function isStationConfig(value: unknown): value is StationConfig {
  return (
    isRecord(value) &&
    isRecord(value.station) &&
    typeof value.station.stationNumber === 'number' &&
    typeof value.name === 'string' &&
    isOneOf(SERVER_DIAL_STATES, value.dialState)
  );
}

export function isTimestampMessage(value: unknown): value is NewTimestampMessage {
  return (
    isRecord(value) &&
    typeof value.stationNumber === 'number' &&
    typeof value.timestamp === 'number'
  );
}

export function isDialCounterMessage(value: unknown): value is NewDialCounterMessage {
  return isRecord(value) && typeof value.stationNumber === 'number' && isRecord(value.dialCounters);
}

export function isDialStateMessage(value: unknown): value is NewDialStateMessage {
  return (
    isRecord(value) &&
    typeof value.stationNumber === 'number' &&
    isOneOf(SERVER_DIAL_STATES, value.dialState)
  );
}

export function isServerStatusMessage(value: unknown): value is ServerStatusMessage {
  return isRecord(value) && isOneOf(SERVER_STATUSES, value.status);
}

export function isPvLimitConfig(value: unknown): value is PvLimitConfig {
  return (
    isRecord(value) &&
    isRecord(value.pvLimitRef) &&
    isPvRef(value.pvLimitRef.pv) &&
    isOneOf(LIMIT_TYPES, value.pvLimitRef.limitType) &&
    typeof value.limit === 'number' &&
    typeof value.priority === 'number'
  );
}

export function isAlertStateMessage(value: unknown): value is AlertStateMessage {
  return (
    isRecord(value) &&
    isRecord(value.binding) &&
    isOneOf(ALERT_BINDING_TYPES, value.binding.type) &&
    typeof value.pendingCount === 'number' &&
    (value.highestPriority === null || typeof value.highestPriority === 'number')
  );
}
