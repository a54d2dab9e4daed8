/**
 * The alert archive's query, and its default range asked of the engine at boot when a tab
 * opens the archive directly (AV3f): the page's first view asks for the same range with the
 * same "now", so it takes the list the engine began loading while the page itself loaded.
 */
import type { AlertQuery } from '../../contract/alerts.ts';
import { presetRange, type PresetRange } from '../../domain/clock.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { prefetchArchive } from '../../live/connectEngine.ts';
import type { AlertView } from '../../live/index.ts';

export { ARCHIVE_PATH } from './archivePath.ts';

/** Archive loads are capped (SPEC §9); the note says how many more the range holds. */
export const ARCHIVE_REQUEST_LIMIT = 100_000;

/** The range the archive opens with. */
export const ARCHIVE_DEFAULT_PRESET: PresetRange = 'last7Days';

/** A boot's "now" older than this is not taken: the page opened later (after a sign-in). */
const BOOT_NOW_MAX_AGE_MS = 10_000;

let bootNow: number | null = null;

export function archiveQuery(range: TimeRange): AlertQuery {
  return {
    start: new Date(range.start).toISOString(),
    end: new Date(range.end).toISOString(),
    limit: ARCHIVE_REQUEST_LIMIT,
  };
}

/** The archive's order until a column header sorts it: newest first. */
export const ARCHIVE_DEFAULT_SORT: NonNullable<AlertView['sort']> = {
  column: 'timestamp',
  direction: 'desc',
};

/** The rows a list view asks for before it has measured its height. */
export const ALERT_FIRST_WINDOW = { start: 0, count: 40 } as const;

/**
 * At boot, once the plant's zone is in: the default range is asked of the engine now, with
 * the page's first view of it (AV3i), whose first frame the page then draws in its first
 * render (the page waits for the same zone).
 */
export function prefetchDefaultArchive(zone: string): void {
  bootNow = Date.now();
  const query = archiveQuery(presetRange(ARCHIVE_DEFAULT_PRESET, bootNow, zone));
  prefetchArchive(query, {
    source: { kind: 'archive', query },
    sort: ARCHIVE_DEFAULT_SORT,
    filter: null,
    ...ALERT_FIRST_WINDOW,
  });
}

/** The "now" of the default range: the boot's while it is fresh, so both ask the same. */
export function defaultArchiveNow(): number {
  const now = Date.now();
  return bootNow !== null && now - bootNow < BOOT_NOW_MAX_AGE_MS ? bootNow : now;
}
