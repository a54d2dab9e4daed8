/**
 * Reads the current items of a keyed feed after a reconnect (feeds/KeyedFeed.ts). Its own
 * module, loaded on first use: most engines never see a reconnect with notes leased, and
 * the worker's startup code stays small.
 */
import { DASHBOARD_API } from '../src/contract/dashboard.ts';
import { TEXT_MESSAGE_API } from '../src/contract/actions.ts';
import { fetchOk, type FeedItemsFetcher } from './restClient.ts';

/**
 * Notes come with GET /api/dashboard/config (its `notes`), text messages from POST
 * /api/visualization/getTextMessages with the ids; both only read.
 */
export function createFeedItemsFetcher(baseUrl: string, fetchFn: typeof fetch): FeedItemsFetcher {
  return async (feed, ids) => {
    const path = feed === 'notes' ? DASHBOARD_API.config : TEXT_MESSAGE_API.get;
    const response = await fetchOk(
      fetchFn,
      new URL(path, baseUrl).href,
      path,
      feed === 'notes' ? {} : { json: ids },
    );
    const body: unknown = await response.json();
    const items = feed === 'notes' ? (body as { notes?: unknown } | null)?.notes : body;
    if (!Array.isArray(items)) throw new Error(`${path}: expected a list`);
    const wanted = new Set(ids);
    return items.filter(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        wanted.has((item as { id?: unknown }).id as number),
    );
  };
}
