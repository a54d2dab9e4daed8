/** The alert calls of SPEC §7 that change data, and the event archives (REST). */
import {
  ALERT_API,
  type AlertAckResult,
  type AlertDeleteResult,
  type ControlEventListResult,
  type Priority,
  type SystemEvent,
} from '../../../contract/alerts.ts';
import type { DigiInAckResult } from '../../../contract/actions.ts';
import { API } from '../../../contract/paths.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { getJson, http, postJson, takeEarlyJson } from '../../../api/http.ts';

/** Served by the reference server next to the alert routes. */
export const SYSTEM_EVENTS_PATH = '/api/systemevents';
export const DIGI_IN_ACK_PATH = '/api/Pv/DigiIn/ack';

export const ackAlerts = (ids: number[]) => postJson<AlertAckResult>(ALERT_API.ack, { ids });
export const deleteAlerts = (ids: number[]) =>
  http<AlertDeleteResult>(ALERT_API.delete, {
    method: 'DELETE',
    body: ids.map((id) => ({ id })),
  });
export const ackFailureInputs = (refs: PvRef[]) =>
  postJson<DigiInAckResult>(DIGI_IN_ACK_PATH, refs);
/** The answer the page's first script asked for (`EARLY_PATHS`) the first time, then afresh. */
export const fetchPriorities = () =>
  takeEarlyJson<Priority[]>(API.system.priorities) ?? getJson<Priority[]>(API.system.priorities);

export interface EventQuery {
  start: string;
  end: string;
  limit: number;
}

export const fetchControlEvents = (q: EventQuery) =>
  getJson<ControlEventListResult>(ALERT_API.controlEvents, { query: { ...q } });
export const fetchSystemEvents = (q: EventQuery) =>
  getJson<{ events: SystemEvent[]; remainingCount: number }>(SYSTEM_EVENTS_PATH, {
    query: { ...q },
  });
