/**
 * The alert archive's query, and its default range asked of the engine at boot when a tab
 * opens the archive directly (AV3f): the page's first view asks for the same range with the
 * same "now", so it takes the list the engine began loading while the page itself loaded.
 * Part of the first script: the range comes from the clock's Temporal half, and only a
 * browser without Temporal loads the whole clock (date-fns, 3 kB gzip) for it.
 */
import type { AlertQuery } from '../../contract/alerts.ts';
import type { PresetRange } from '../../domain/clock.ts';
import { platformTemporal, temporalCalendarStep } from '../../domain/clockTemporal.ts';
import type { TimeRange } from '../../domain/timeUnits.ts';
import { prefetchArchive } from '../../live/connectEngine.ts';
import type { AlertView } from '../../live/index.ts';

export { ARCHIVE_PATH } from './archivePath.ts';

/** Archive loads are capped (SPEC §9); the note says how many more the range holds. */
export const ARCHIVE_REQUEST_LIMIT = 100_000;

/** The range the archive opens with. */
export const ARCHIVE_DEFAULT_PRESET: PresetRange = 'last7Days';
/**
 * The same range as calendar days back from now (clock.ts `presetRange`: `last7Days` is
 * `addUnits(now, 'Days', -7)`); tests/unit/alerts/archiveQuery.test.ts holds the two equal.
 */
const DEFAULT_DAYS_BACK = 7;

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
  const now = Date.now();
  bootNow = now;
  const ask = (range: TimeRange) => {
    const query = archiveQuery(range);
    prefetchArchive(query, {
      source: { kind: 'archive', query },
      sort: ARCHIVE_DEFAULT_SORT,
      filter: null,
      ...ALERT_FIRST_WINDOW,
    });
  };
  if (platformTemporal) {
    const start = temporalCalendarStep(platformTemporal, now, 'days', -DEFAULT_DAYS_BACK, zone);
    ask({ start, end: now });
    return;
  }
  void import('../../domain/clock.ts').then(
    ({ presetRange }) => ask(presetRange(ARCHIVE_DEFAULT_PRESET, now, zone)),
    () => undefined,
  );
}

/** The "now" of the default range: the boot's while it is fresh, so both ask the same. */
export function defaultArchiveNow(): number {
  const now = Date.now();
  return bootNow !== null && now - bootNow < BOOT_NOW_MAX_AGE_MS ? bootNow : now;
}
