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

/** POST /api/Pv/configs with a list of refs; the answer is a list of configs. */
export function createPvConfigFetcher(baseUrl: string, fetchFn: typeof fetch): PvConfigFetcher {
  const url = new URL(PV_CONFIGS_PATH, baseUrl).href;
  return async (refs: PvRef[]): Promise<PvConfig[]> => {
    const response = await fetchFn(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(refs),
    });
    if (!response.ok) {
      throw HttpError.ofStatus(
        response.status,
        `${PV_CONFIGS_PATH}: Status code '${response.status}'`,
      );
    }
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
    const response = await fetchFn(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      throw HttpError.ofStatus(
        response.status,
        `${REMOTE_ALERT_API.plans}: Status code '${response.status}'`,
      );
    }
    return (await response.json()) as unknown;
  };
}
