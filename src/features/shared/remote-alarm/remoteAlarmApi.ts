/**
 * The REST calls of SPEC §7 "Remote alert" that the call-number pages and the on-call
 * summaries make. A call that fails becomes a result in the shape the server answers, so a
 * view shows every failure through the same result dialog (SPEC §8: 'Netzwerkfehler' when the
 * server was not reached).
 */
import { HttpError, NetworkError, getJson, postJson } from '../../../api/http.ts';
import { failureText } from '../../../app/failureText.ts';
import type { PlanResultLike } from '../../../domain/validation/resultDialogs.ts';
import {
  REMOTE_ALERT_API,
  type AlarmCallNumbersResult,
  type AlarmPlan,
  type CallNumberEdit,
  type CallNumberStateChange,
  type CallNumbersSaveResult,
} from '../../../contract/remoteAlert.ts';

export const fetchNumbersForActivation = (signal?: AbortSignal) =>
  getJson<AlarmCallNumbersResult>(REMOTE_ALERT_API.numbersForActivation, { signal });

export const fetchNumbers = (signal?: AbortSignal) =>
  getJson<AlarmCallNumbersResult>(REMOTE_ALERT_API.numbers, { signal });

export const setNumbersState = (changes: CallNumberStateChange[]) =>
  postJson<CallNumbersSaveResult>(REMOTE_ALERT_API.setNumbersState, changes);

export const saveNumbers = (edits: CallNumberEdit[]) =>
  postJson<CallNumbersSaveResult>(REMOTE_ALERT_API.numbers, edits);

export const fetchPlans = (signal?: AbortSignal) =>
  getJson<AlarmPlan[]>(REMOTE_ALERT_API.plans, { signal });

/**
 * A call that threw, as a result: not reached -> Failed without text ('Netzwerkfehler',
 * SPEC §8); 403 -> Unauthorized saying the rights were reloaded; anything else -> Failed with
 * the text of app/failureText (the server's own words for a refusal). The numbers are those
 * the view holds.
 */
export function failedNumbersResult(
  error: unknown,
  numbers: CallNumbersSaveResult['alarmCallnumbers'],
): CallNumbersSaveResult {
  return {
    status: error instanceof HttpError && error.status === 403 ? 'Unauthorized' : 'Failed',
    errorMessage: error instanceof NetworkError ? null : failureText(error),
    alarmCallnumbers: numbers,
    unauthorizedNumbers: [],
    conflictingNumbers: [],
  };
}

/**
 * A plan call (switch or acknowledge) that threw, as a failed result, read as
 * `failedNumbersResult` reads it: not reached -> Failed without text ('Netzwerkfehler',
 * SPEC §8), not the browser's own words for the failed fetch.
 */
export function failedPlanResult(error: unknown): PlanResultLike {
  return {
    status: error instanceof HttpError && error.status === 403 ? 'Unauthorized' : 'Failed',
    errorMessage: error instanceof NetworkError ? null : failureText(error),
    unauthorizedPlans: [],
  };
}
