/**
 * The REST call of archive alert views (SPEC §7 GET /api/alerts), fetched with the first
 * archive list like the views themselves (`alertViewSet.ts`).
 */
import { ALERT_API, type AlertListResult, type AlertQuery } from '../../src/contract/alerts.ts';
import { alertQueryString } from '../../src/domain/alertQuery.ts';
import { fetchOk } from '../restClient.ts';
import { readArrayField } from '../jsonArrayField.ts';
import { isAlert } from './alertMessages.ts';
import type { AlertArchiveFetcher } from './AlertFeed.ts';

/** A body the platform does not stream: parsed at once. */
async function readWhole(response: Response) {
  const body = (await response.json()) as Record<string, unknown>;
  return { elements: Array.isArray(body.alerts) ? body.alerts.filter(isAlert) : [], rest: body };
}

/** GET /api/alerts for an archive view; malformed rows are skipped. */
export function createAlertArchiveFetcher(
  baseUrl: string,
  fetchFn: typeof fetch,
): AlertArchiveFetcher {
  return async (query: AlertQuery, signal?: AbortSignal): Promise<AlertListResult> => {
    const url = new URL(`${ALERT_API.list}?${alertQueryString(query)}`, baseUrl).href;
    const response = await fetchOk(fetchFn, url, ALERT_API.list, signal ? { signal } : {});
    // A whole range is 100,000 rows and more: read in slices, so live values keep flowing.
    const { elements, rest } = response.body
      ? await readArrayField(response.body, 'alerts', isAlert)
      : await readWhole(response);
    if (!Array.isArray(rest.alerts)) throw new Error(`${ALERT_API.list}: expected alerts`);
    return {
      alerts: elements,
      remainingCount: typeof rest.remainingCount === 'number' ? rest.remainingCount : 0,
    };
  };
}
