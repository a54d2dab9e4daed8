/**
 * Plant actions on process values (SPEC §3 "PV set result", "Runtime response",
 * "Priority-output options", "Other: text message"; §7 "Process values", "Visualization").
 */
import type { ResultStatus } from './enums.ts';
import type { PvLimitConfig, PvRef, RuntimeValue } from './pv.ts';

/**
 * One value of POST /api/Pv. Only AnaOut and DigiOut are set (SPEC §5 "Value entry"). A time
 * of day travels as hour*256 + minutes.
 */
export type PvSetItem =
  | { pvRef: PvRef; typeOfValue: 'BoolValue'; boolValue: boolean }
  | { pvRef: PvRef; typeOfValue: 'DoubleValue'; doubleValue: number }
  | { pvRef: PvRef; typeOfValue: 'TimeOfDayValue'; timeOfDayValue: number };

export type PvSetRequest = PvSetItem[];

/** The answer of every PV action: set, counter reset, DigiIn ack, runtimes, limits, priorities. */
export interface PvActionResult {
  status: ResultStatus;
  errorMessage: string | null;
  unauthorizedPvs: PvRef[];
  missingPvs: PvRef[];
}
/** SPEC §3 "PV set result". */
export type PvSetResult = PvActionResult;

/** POST /api/Pv/counters/reset body: the ZaehlWert PVs to reset. */
export type CounterResetRequest = PvRef[];
export type CounterResetResult = PvActionResult;

/** POST /api/Pv/DigiIn/ack body: the failure inputs to acknowledge. */
export type DigiInAckRequest = PvRef[];
export type DigiInAckResult = PvActionResult;

/**
 * `newAck` on the pv hub (SPEC §7 "PV acks"): a failure input was acknowledged, by whom and
 * when. Pushed to subscribers of `SubscribeToAcks` for the PV, the last one right after a
 * subscribe.
 */
export interface PvAck {
  pvRef: PvRef;
  /** The user name of who acknowledged it. */
  acknowledgedBy: string;
  /** Epoch ms. */
  acknowledgedAt: number;
}

/** POST /api/Pv/runtimes body; only DigiIn and AnaIn have runtimes (SPEC §5). */
export type RuntimesRequest = PvRef[];

/** One runtime of a PV; a PV may have several (operating time, switching cycles ...). */
export interface PvRuntime {
  pvRef: PvRef;
  runtimeValue: RuntimeValue;
}

/** SPEC §3 "Runtime response: runtimeValues". */
export interface RuntimesResponse {
  status: ResultStatus;
  errorMessage: string | null;
  runtimeValues: PvRuntime[];
  missingPvs: PvRef[];
}

/** POST /api/Pv/set-runtimes: the values as loaded and as edited, matched by position. */
export interface SetRuntimesRequest {
  oldValues: PvRuntime[];
  newValues: PvRuntime[];
}
export type SetRuntimesResult = PvActionResult;

/** POST /api/Pv/AnaIn/set-limits. */
export interface SetAnaInLimitsRequest {
  oldValues: PvLimitConfig[];
  newValues: PvLimitConfig[];
}
export type SetAnaInLimitsResult = PvActionResult;

/** A digital input's alert priority (SPEC §3 "alertInputConfig ... priority"). */
export interface DigiInPriority {
  pvRef: PvRef;
  priority: number;
}

/** POST /api/Pv/DigiIn/set-priorities. */
export interface SetDigiInPrioritiesRequest {
  oldValues: DigiInPriority[];
  newValues: DigiInPriority[];
}
export type SetDigiInPrioritiesResult = PvActionResult;

export interface PvGroup {
  id: number;
  name: string;
}

export interface PriorityOutputStationOption {
  stationNumber: number;
  name: string;
}

export interface PriorityOutputStationGroups {
  stationNumber: number;
  pvGroups: PvGroup[];
}

/** GET /api/station/AckPriorityOutputOptions (SPEC §3 "Priority-output options"). */
export interface PriorityOutputOptions {
  /** False when the plant has no priority outputs to acknowledge at all. */
  hasOptions: boolean;
  stationOptions: PriorityOutputStationOption[];
  optionsForStation: PriorityOutputStationGroups[];
}

/** POST /api/pv/PriorityOutputs/Ack?station=&pvGroup= (no body). */
export interface PriorityOutputAckQuery {
  station: number;
  pvGroup: number;
}

export interface PriorityOutputAckResult {
  status: ResultStatus;
  errorMessage: string | null;
}

/** SPEC §3 "Text message: id, message". */
export interface TextMessage {
  id: number;
  message: string;
}

/** POST /api/visualization/getTextMessages body. */
export type GetTextMessagesRequest = number[];
/** POST /api/visualization/setTextMessages body. */
export type SetTextMessagesRequest = TextMessage[];

export interface TextMessageSaveResult {
  status: ResultStatus;
  message: string | null;
}

/**
 * SPEC §4 "Set-text modes": the first two send directly; any other mode (the plant may send
 * names we do not know) opens an edit dialog.
 */
export const SET_TEXT_MODES = [
  'DirectWithAcknowledge',
  'DirectWithoutAcknowledge',
  'Edit',
] as const;
export type SetTextMode = (typeof SET_TEXT_MODES)[number];

/** REST paths of SPEC §7 "Process values". */
export const PV_ACTION_API = {
  set: '/api/Pv',
  resetCounters: '/api/Pv/counters/reset',
  ackDigiIn: '/api/Pv/DigiIn/ack',
  runtimes: '/api/Pv/runtimes',
  setRuntimes: '/api/Pv/set-runtimes',
  setAnaInLimits: '/api/Pv/AnaIn/set-limits',
  setDigiInPriorities: '/api/Pv/DigiIn/set-priorities',
  /** Takes ?station=&pvGroup=, no body. */
  ackPriorityOutputs: '/api/pv/PriorityOutputs/Ack',
} as const;

/** REST paths of SPEC §7 "Visualization" for text messages. */
export const TEXT_MESSAGE_API = {
  get: '/api/visualization/getTextMessages',
  set: '/api/visualization/setTextMessages',
} as const;

/**
 * A text output of the plant (DESIGN.md "where the specification is silent"): the real
 * server names them in process images; the reference server lists them here. Direct modes
 * send `presetText`; any other mode lets the user edit the text.
 */
export interface TextOutput {
  id: number;
  name: string;
  stationNumber: number;
  stationName: string;
  /** One of SET_TEXT_MODES, or a mode this client does not know (then: edit). */
  mode: string;
  presetText: string;
}

/** Live key of a text message on /hubs/visu-text-message (newMessage(TextMessage)). */
export function textMessageKey(id: number): string {
  return `text${id}`;
}

/** Paths of the reference server beyond SPEC §7 that the action dialogs use. */
export const ACTION_EXTRA_API = {
  /** GET: every text output with its mode. */
  textOutputs: '/api/visualization/textOutputs',
  /** POST PvRef[] -> PvLimitConfig[] (the hub pushes the same configs as newLimitConfig). */
  limitConfigs: '/api/Pv/AnaIn/limit-configs',
} as const;
