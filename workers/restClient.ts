/**
 * The REST calls that feed shared caches in the engine (DESIGN.md "Tabs never open a hub
 * connection ... REST calls that feed shared caches go through the engine too").
 */
import { HttpError } from '../src/contract/errors.ts';
import { PV_CONFIGS_PATH } from '../src/contract/paths.ts';
import type { PvConfig, PvRef } from '../src/contract/pv.ts';
import { REMOTE_ALERT_API } from '../src/contract/remoteAlert.ts';
import type { PvConfigFetcher } from './PvConfigCache.ts';
import { isPvConfig } from './validate.ts';
import type { FeedName } from './feeds/feeds.ts';

/** The current items of a keyed feed by id; the feed checks each item itself. */
export type FeedItemsFetcher = (feed: FeedName, ids: number[]) => Promise<unknown[]>;

export { HttpError };

/**
 * A JSON call of the engine's with the session's cookie: the response when it is ok, else an
 * HttpError naming `path` and the status (a 401 ends the session, hubErrors.ts).
 */
export async function fetchOk(
  fetchFn: typeof fetch,
  url: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, ...rest } = init;
  const response = await fetchFn(url, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      Accept: 'application/json',
    },
    ...(json === undefined ? {} : { method: 'POST', body: JSON.stringify(json) }),
  });
  if (!response.ok)
    throw HttpError.ofStatus(response.status, `${path}: Status code '${response.status}'`);
  return response;
}

/** POST /api/Pv/configs with a list of refs; the answer is a list of configs. */
export function createPvConfigFetcher(baseUrl: string, fetchFn: typeof fetch): PvConfigFetcher {
  const url = new URL(PV_CONFIGS_PATH, baseUrl).href;
  return async (refs: PvRef[]): Promise<PvConfig[]> => {
    const response = await fetchOk(fetchFn, url, PV_CONFIGS_PATH, { json: refs });
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`${PV_CONFIGS_PATH}: expected a list`);
    return body.filter(isPvConfig);
  };
}

/** GET alarmplans as read, for the count of remote alarms waiting (PendingPlanCount.ts). */
export function createPlanListFetcher(
  baseUrl: string,
  fetchFn: typeof fetch,
): () => Promise<unknown> {
  const url = new URL(REMOTE_ALERT_API.plans, baseUrl).href;
  return async () => {
    const response = await fetchOk(fetchFn, url, REMOTE_ALERT_API.plans);
    return (await response.json()) as unknown;
  };
}
