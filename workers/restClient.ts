/**
 * The REST calls that feed shared caches in the engine (DESIGN.md "Tabs never open a hub
 * connection ... REST calls that feed shared caches go through the engine too").
 */
import { API } from '../src/contract/paths.ts';
import type { PvConfig, PvRef } from '../src/contract/pv.ts';
import type { PvConfigFetcher } from './PvConfigCache.ts';
import { isPvConfig } from './validate.ts';
import { ALERT_API, type AlertListResult, type AlertQuery } from '../src/contract/alerts.ts';
import { alertQueryString } from '../src/domain/alertQuery.ts';
import { isAlert } from './alerts/alertMessages.ts';
import type { AlertArchiveFetcher } from './alerts/AlertFeed.ts';
import type { FeedName } from './feeds/feeds.ts';

/** The current items of a keyed feed by id; the feed checks each item itself. */
export type FeedItemsFetcher = (feed: FeedName, ids: number[]) => Promise<unknown[]>;

export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

/** POST /api/Pv/configs with a list of refs; the answer is a list of configs. */
export function createPvConfigFetcher(baseUrl: string, fetchFn: typeof fetch): PvConfigFetcher {
  const url = new URL(API.pv.configs, baseUrl).href;
  return async (refs: PvRef[]): Promise<PvConfig[]> => {
    const response = await fetchFn(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(refs),
    });
    if (!response.ok) {
      throw new HttpError(response.status, `${API.pv.configs}: Status code '${response.status}'`);
    }
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`${API.pv.configs}: expected a list`);
    return body.filter(isPvConfig);
  };
}

/** GET /api/alerts for an archive view; malformed rows are skipped. */
export function createAlertArchiveFetcher(
  baseUrl: string,
  fetchFn: typeof fetch,
): AlertArchiveFetcher {
  return async (query: AlertQuery): Promise<AlertListResult> => {
    const url = new URL(`${ALERT_API.list}?${alertQueryString(query)}`, baseUrl).href;
    const response = await fetchFn(url, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) {
      throw new HttpError(response.status, `${ALERT_API.list}: Status code '${response.status}'`);
    }
    const body = (await response.json()) as { alerts?: unknown; remainingCount?: unknown };
    if (!Array.isArray(body.alerts)) throw new Error(`${ALERT_API.list}: expected alerts`);
    return {
      alerts: body.alerts.filter(isAlert),
      remainingCount: typeof body.remainingCount === 'number' ? body.remainingCount : 0,
    };
  };
}
