/**
 * The REST call of archive alert views (SPEC §7 GET /api/alerts), fetched with the first
 * archive list like the views themselves (`alertViewSet.ts`).
 */
import { ALERT_API, type AlertListResult, type AlertQuery } from '../../src/contract/alerts.ts';
import { alertQueryString } from '../../src/domain/alertQuery.ts';
import { HttpError } from '../restClient.ts';
import { isAlert } from './alertMessages.ts';
import type { AlertArchiveFetcher } from './AlertFeed.ts';

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
