/**
 * REST calls of the action dialogs (SPEC §7 "Process values", "Station", "Visualization").
 * A call that fails (network, server error) resolves to the Failed result of SPEC §8 with
 * empty lists, so every dialog shows its result dialog the same way; loads reject.
 */
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  TEXT_MESSAGE_API,
  type PriorityOutputAckResult,
  type PriorityOutputOptions,
  type PvActionResult,
  type PvSetItem,
  type RuntimesResponse,
  type SetAnaInLimitsRequest,
  type SetDigiInPrioritiesRequest,
  type SetRuntimesRequest,
  type TextMessage,
  type TextMessageSaveResult,
  type TextOutput,
} from '../../../contract/actions.ts';
import { API } from '../../../contract/paths.ts';
import type { PvConfig, PvLimitConfig, PvRef } from '../../../contract/pv.ts';
import {
  failedPriorityOutputAck,
  failedPvActionResult,
} from '../../../domain/validation/resultDialogs.ts';
import { getJson, HttpError, postJson, reportForbidden } from '../../../api/http.ts';

/** The server's own text for a refused request (400), none for a lost connection. */
function errorText(err: unknown): string | null {
  return err instanceof HttpError && err.status < 500 ? err.message : null;
}

async function pvAction(path: string, body: unknown): Promise<PvActionResult> {
  let result: PvActionResult;
  try {
    result = await postJson<PvActionResult>(path, body);
  } catch (err) {
    return failedPvActionResult(errorText(err));
  }
  // Refused for rights the views thought the user had: they are out of date (SPEC §8 "access
  // denied, update user rights"), so the session reloads them as after a 403.
  if (result.status === 'Unauthorized' || result.unauthorizedPvs.length > 0) reportForbidden();
  return result;
}

export const setPvValues = (items: PvSetItem[]) => pvAction(PV_ACTION_API.set, items);

export const resetCounters = (refs: PvRef[]) => pvAction(PV_ACTION_API.resetCounters, refs);

export const setRuntimes = (request: SetRuntimesRequest) =>
  pvAction(PV_ACTION_API.setRuntimes, request);

export const setAnaInLimits = (request: SetAnaInLimitsRequest) =>
  pvAction(PV_ACTION_API.setAnaInLimits, request);

export const setDigiInPriorities = (request: SetDigiInPrioritiesRequest) =>
  pvAction(PV_ACTION_API.setDigiInPriorities, request);

export const loadRuntimes = (refs: PvRef[], signal?: AbortSignal) =>
  postJson<RuntimesResponse>(PV_ACTION_API.runtimes, refs, { signal });

export const loadLimitConfigs = (refs: PvRef[], signal?: AbortSignal) =>
  postJson<PvLimitConfig[]>(ACTION_EXTRA_API.limitConfigs, refs, { signal });

export const loadPriorityOutputOptions = (signal?: AbortSignal) =>
  getJson<PriorityOutputOptions>(API.station.ackPriorityOutputOptions, { signal });

/** One acknowledge per PV group (SPEC §7: query station and pvGroup, no body). */
export async function ackPriorityOutputs(
  station: number,
  pvGroup: number,
): Promise<PriorityOutputAckResult> {
  try {
    return await postJson<PriorityOutputAckResult>(PV_ACTION_API.ackPriorityOutputs, undefined, {
      query: { station, pvGroup },
    });
  } catch {
    return failedPriorityOutputAck();
  }
}

export const loadTextOutputs = (signal?: AbortSignal) =>
  getJson<TextOutput[]>(ACTION_EXTRA_API.textOutputs, { signal });

export const loadTextMessages = (ids: number[], signal?: AbortSignal) =>
  postJson<TextMessage[]>(TEXT_MESSAGE_API.get, ids, { signal });

export async function saveTextMessages(messages: TextMessage[]): Promise<TextMessageSaveResult> {
  try {
    return await postJson<TextMessageSaveResult>(TEXT_MESSAGE_API.set, messages);
  } catch (err) {
    return { status: 'Failed', message: errorText(err) };
  }
}

/** Configs of several PVs at once (SPEC §7 POST /api/Pv/configs). */
export const loadPvConfigs = (refs: PvRef[], signal?: AbortSignal) =>
  postJson<PvConfig[]>(API.pv.configs, refs, { signal });
