/**
 * The naive alerts baseline page (`?view=alerts`): the whole archive range in one REST call,
 * rendered whole (NaiveAlertArchive.tsx). Query: `limit` (default Pegel's archive limit).
 */
import { createRoot } from 'react-dom/client';
import { BASELINE_ARCHIVE_LIMIT, NaiveAlertArchive } from './NaiveAlertArchive.tsx';

export function mount(root: HTMLElement, query: URLSearchParams): void {
  const limit = Number(query.get('limit') ?? BASELINE_ARCHIVE_LIMIT);
  createRoot(root).render(<NaiveAlertArchive limit={limit} nowMs={Date.now()} />);
}
