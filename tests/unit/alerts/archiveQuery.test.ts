/**
 * AV3f on the tab's side (src/features/alerts/archiveQuery.ts): the range asked of the engine
 * at boot is the one the archive page asks for when it opens within seconds, so the page takes
 * the list the engine already loads; a page opened later asks for a range ending then.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertQuery } from '../../../src/contract/alerts.ts';
import { presetRange } from '../../../src/domain/clock.ts';

const asked: AlertQuery[] = [];
vi.mock('../../../src/live/connectEngine.ts', () => ({
  prefetchArchive: (query: AlertQuery) => asked.push(query),
}));

const { ARCHIVE_DEFAULT_PRESET, archiveQuery, defaultArchiveNow, prefetchDefaultArchive } =
  await import('../../../src/features/alerts/archiveQuery.ts');

/** What the page asks for with its default range (AlertsPage: archiveQuery(rangeOf(...))). */
const pageQuery = () =>
  archiveQuery(presetRange(ARCHIVE_DEFAULT_PRESET, defaultArchiveNow(), 'Europe/Berlin'));

afterEach(() => {
  vi.useRealTimers();
  asked.length = 0;
});

describe('archive default range at boot', () => {
  it('AQ1: the page opened within seconds of the boot asks for the range the boot asked for', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 29, 0, 30) });
    prefetchDefaultArchive('Europe/Berlin');
    expect(asked).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    expect(pageQuery()).toEqual(asked[0]);
    expect(asked[0]!.limit).toBe(100_000);
  });

  it('AQ2: a page opened after the boot went stale (a sign-in between) asks for a range ending now', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1, 12) });
    prefetchDefaultArchive('Europe/Berlin');
    vi.advanceTimersByTime(60_000);
    expect(pageQuery()).not.toEqual(asked[0]);
    expect(pageQuery().end).toBe(new Date(Date.UTC(2026, 5, 1, 12, 1)).toISOString());
  });
});
