/**
 * Enumerations of the wire contract (SPEC §3, §4). Each is a const tuple, so the same list
 * serves as a type, for runtime validation on the server and for exhaustive switches.
 */

export const PV_TYPES = [
  'AnaIn',
  'AnaOut',
  'DigiIn',
  'DigiOut',
  'MinMax',
  'RechenWert',
  'LaborWert',
  'ZaehlWert',
  'PlsObject',
  'Undef',
] as const;
export type PvType = (typeof PV_TYPES)[number];

export const PV_VALUE_TYPES = [
  'BoolValue',
  'DoubleValue',
  'FailureStateValue',
  'CounterValue',
  'RuntimeValue',
  'TimeOfDayValue',
] as const;
export type PvValueType = (typeof PV_VALUE_TYPES)[number];

export const QUALITIES = ['Good', 'Bad', 'Uncertain', 'Unspecified'] as const;
export type Quality = (typeof QUALITIES)[number];

export const RUNTIME_TYPES = [
  'Undefined',
  'Betriebszeit',
  'Absolutzeit',
  'Schaltzyklen',
  'LetzteAktivZeit',
  'LetzteInaktivZeit',
] as const;
export type RuntimeType = (typeof RUNTIME_TYPES)[number];

/** Dial states sent by the server (SPEC §3 "Station"). */
export const SERVER_DIAL_STATES = [
  'Busy',
  'CommunicationError',
  'ConnectionError',
  'Connected',
  'HangingUp',
  'NotConnected',
  'NotDefined',
  'TimeOut',
] as const;
/** Dial states including the client-side interim states of SPEC §4 "Dial actions". */
export const DIAL_STATES = [...SERVER_DIAL_STATES, 'Connecting', 'Disconnecting'] as const;
export type ServerDialState = (typeof SERVER_DIAL_STATES)[number];
export type DialState = (typeof DIAL_STATES)[number];

export const STATION_CALL_ACTIONS = ['Connect', 'Disconnect', 'Status'] as const;
export type StationCallAction = (typeof STATION_CALL_ACTIONS)[number];

export const RESULT_STATUSES = [
  'Success',
  'Failed',
  'Unauthorized',
  'NotFound',
  'Conflict',
] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

export const LIMIT_TYPES = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];

export const SERVICE_MESSAGE_TYPES = ['Bottom', 'BottomMiddle', 'TopMiddle', 'Top'] as const;
export type ServiceMessageType = (typeof SERVICE_MESSAGE_TYPES)[number];

/** Server connection statuses of SPEC §4. */
export const SERVER_STATUSES = [
  'WebServerDisconnected',
  'ServerDisconnected',
  'Connected',
  'ControlUnitDisconnected',
  'ServerConnectionFaulty',
  'NetworkError',
  'Unauthorized',
  'Unknown',
] as const;
export type ServerStatus = (typeof SERVER_STATUSES)[number];

/** The connection states shown to the user (SPEC §4). */
export const DISPLAY_CONNECTION_STATES = [
  'connected',
  'notConnected',
  'connecting',
  'disconnecting',
  'offline',
] as const;
export type DisplayConnectionState = (typeof DISPLAY_CONNECTION_STATES)[number];

export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/** SPEC §4: an unknown enumeration case raises an error. */
export function assertOneOf<T extends string>(list: readonly T[], value: unknown, what: string): T {
  if (!isOneOf(list, value)) throw new Error(`Unknown ${what}: ${String(value)}`);
  return value;
}
