/**
 * Remote alerting (SPEC §3 "Alarm line", "Alarm plan (remote alert)", §7 "Remote alert"):
 * the alarm plans per station that say who is called for which priorities, the plans whose
 * alarms wait for confirmation, the call numbers of the staff on call, and the alarm lines
 * (modems, GSM) the messages leave by. Plans and lines are pushed on the pv hub
 * (`newPlanInfo`, `newLineInfo`) under the keys of `planKey` / `lineKey`.
 */
import type { ResultStatus } from './enums.ts';
import type { StationRef } from './station.ts';

/** SPEC §9: at least 10 priority slots (0 to 9) and 20 recipient slots per plan. */
export const PLAN_PRIORITY_SLOTS = 10;
export const PLAN_RECIPIENT_SLOTS = 20;

export const CONNECTION_TYPES = ['Analog', 'Isdn', 'Gsm', 'Ip'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** SPEC §3 "Alarm line". */
export interface AlarmLine {
  station: StationRef;
  lineNumber: number;
  busy: boolean;
  faulty: boolean;
  connectionType: ConnectionType;
}

/** A plan reference (SPEC §3): station and plan number. */
export interface PlanRef {
  station: StationRef;
  planNumber: number;
}

/** One recipient slot of a plan: the call number it rings, in calling order. */
export interface PlanRecipient {
  callNumberId: number;
  name: string;
  number: string;
  /** Whether the call number is switched on now (on call). */
  active: boolean;
}

/** SPEC §3 "Alarm plan (remote alert)". */
export interface AlarmPlan {
  station: StationRef;
  /** Our addition: the station's name, so a list needs no second call. */
  stationName: string;
  planNumber: number;
  planname: string;
  active: boolean;
  groupname: string;
  /** Index = priority 0..9: whether alarms of that priority are sent by this plan. */
  activePriorities: boolean[];
  /** PLAN_RECIPIENT_SLOTS slots in calling order; null for an empty slot. */
  recipients: (PlanRecipient | null)[];
  /** Alarms sent today, and the licence limit. */
  alertingCount: number;
  alertingCountMax: number;
  /** Call number changes today, and the licence limit. */
  callNumberChangeCount: number;
  callNumberChangeCountMax: number;
  undeliveredMessages: number;
  deliveredMessages: number;
  /**
   * SPEC §3 "Plan action": the configured default of the plan's action, 0 (inactive),
   * 1 (active) or 2 (invert); null when none is configured (the switch then inverts).
   */
  defaultAction: 0 | 1 | 2 | null;
  currentUserCanEdit: boolean;
  /**
   * Our addition: how many of the plan's alarms wait for confirmation (the `pendingCount` of
   * its entry in alarmplanstoconfirm), and the most important priority among them; 0 and null
   * when none waits. Pushed with `newPlanInfo` whenever it changes, so every tab shows waiting
   * remote alarms live. A server without them: no live count (the confirm page still lists them).
   */
  toConfirm?: number;
  toConfirmPriority?: number | null;
}

/** SPEC §3 "Results": the answer to every plan change and acknowledgement. */
export interface AlarmPlanResult {
  status: ResultStatus;
  errorMessage: string | null;
  alarmPlans: AlarmPlan[];
  unauthorizedPlans: PlanRef[];
}

/** One item of POST /api/RemoteAlert. */
export interface PlanActiveChange {
  planRef: PlanRef;
  active: boolean;
}

/** One item of POST /api/RemoteAlert/ack-plans. */
export interface PlanAck {
  planRef: PlanRef;
  ack: true;
}

/**
 * A plan whose alarms wait for confirmation (GET alarmplanstoconfirm): an alarm at night
 * was sent by it and nobody has confirmed it yet. `sent` is false while its messages are
 * still being delivered; those are acknowledged only with ackNonSent=true.
 */
export interface PlanToConfirm {
  plan: PlanRef;
  planName: string;
  stationName: string;
  pvAreaName: string;
  /** The latest alarm that is waiting, and how many wait. */
  alertText: string;
  priority: number;
  pendingCount: number;
  /** Epoch ms of the first alarm that is waiting. */
  raisedAt: number;
  sent: boolean;
  /** SPEC §3 "Activate-plan data": whether the plan is active now, and its action's default. */
  isActive: boolean;
  defaultAction: 0 | 1 | 2 | null;
  currentUserCanEdit: boolean;
}

export interface CallNumberCategory {
  id: number;
  name: string;
  /** A standby category: exactly one of its numbers is on call at a time. */
  standby: boolean;
}

export interface CallNumberPvGroup {
  id: number;
  name: string;
  stationNumber: number;
}

/** What a user edits of a call number (POST alarmnumbers), and what an edit compares with. */
export interface CallNumberFields {
  name: string;
  number: string;
  categoryId: number;
  /** The PV groups whose alarms this number receives. */
  pvGroups: number[];
}

export interface AlarmCallNumber extends CallNumberFields {
  id: number;
  /** Switched on: the number is called when a plan that lists it alarms (on call). */
  active: boolean;
  /** Epoch ms and user of the last change (switch or edit). */
  changedAt: number;
  changedBy: string;
  /**
   * Whether the signed-in user may switch and edit this number (writePlans, and for staff
   * bound to stations: the number alarms one of their stations).
   */
  currentUserCanEdit: boolean;
}

/** SPEC §3 "Alarm call numbers result". */
export interface AlarmCallNumbersResult {
  alarmCallnumbers: AlarmCallNumber[];
  categories: CallNumberCategory[];
  pvGroups: CallNumberPvGroup[];
  /** Whether the signed-in user may switch or edit call numbers at all (writePlans). */
  currentUserCanEdit: boolean;
}

/** One item of POST setalarmnumbersstate. */
export interface CallNumberStateChange {
  id: number;
  active: boolean;
}

/**
 * One item of POST alarmnumbers: id 0 adds a number. `previous` holds the fields as the user
 * saw them before editing; when the number has changed since, nothing is saved (Conflict), so
 * one user's edit never silently overwrites another's.
 */
export interface CallNumberEdit extends CallNumberFields {
  id: number;
  previous?: CallNumberFields;
}

export interface CallNumbersSaveResult {
  status: ResultStatus;
  errorMessage: string | null;
  /** Every call number after the call (unchanged ones too), as the user may see them. */
  alarmCallnumbers: AlarmCallNumber[];
  /** Numbers the user may not switch or edit (status Unauthorized, nothing changed). */
  unauthorizedNumbers: number[];
  /** Numbers changed by someone else since the user saw them (status Conflict, nothing changed). */
  conflictingNumbers: number[];
  /**
   * Numbers not switched off because their standby rota would have nobody on call (status
   * Failed, nothing changed). Our addition; absent from other servers.
   */
  lastOnCallNumbers?: number[];
}

/** A call number: digits with an optional leading +, spaces, / or - between (3 to 20 digits). */
export const CALL_NUMBER_PATTERN = /^\+?[0-9](?:[0-9 /-]*[0-9])?$/;
export const CALL_NUMBER_MIN_DIGITS = 3;
export const CALL_NUMBER_MAX_DIGITS = 20;
export const CALL_NUMBER_NAME_MAX = 60;

/** REST paths of SPEC §7 "Remote alert". */
export const REMOTE_ALERT_API = {
  plans: '/api/RemoteAlert/alarmplans',
  setActive: '/api/RemoteAlert',
  plansToConfirm: '/api/RemoteAlert/alarmplanstoconfirm',
  ackPlans: '/api/RemoteAlert/ack-plans',
  numbersForActivation: '/api/RemoteAlert/alarmnumbers4activation',
  numbers: '/api/RemoteAlert/alarmnumbers',
  setNumbersState: '/api/RemoteAlert/setalarmnumbersstate',
} as const;

/** DESIGN.md "Plan and line keys": `{stationNr}_{planNr}`, `{stationNr}_{lineNr}`. */
export const planKey = (ref: PlanRef) => `${ref.station.stationNumber}_${ref.planNumber}`;
export const lineKey = (stationNumber: number, lineNumber: number) =>
  `${stationNumber}_${lineNumber}`;
