/**
 * AV3f on the tab's side (src/features/alerts/archiveQuery.ts): the range asked of the engine
 * at boot is the one the archive page asks for when it opens within seconds, so the page takes
 * the list the engine already loads; a page opened later asks for a range ending then. The
 * boot takes the range from the clock's Temporal half (Chromium) or, without Temporal (Node
 * here, older browsers), from the whole clock loaded for it; both must equal the page's
 * `presetRange`. Node 20's V8 has Temporal behind a flag (as in tests/unit/domain/clock.test.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertQuery } from '../../../src/contract/alerts.ts';

const asked: AlertQuery[] = [];
vi.mock('../../../src/live/connectEngine.ts', () => ({
  prefetchArchive: (query: AlertQuery) => asked.push(query),
}));

setFlagsFromString('--harmony-temporal');
const temporal = runInNewContext('Temporal') as unknown;

/** The boot's module and the page's clock, loaded with or without a platform Temporal. */
async function load(withTemporal: boolean) {
  vi.resetModules();
  if (withTemporal) vi.stubGlobal('Temporal', temporal);
  const boot = await import('../../../src/features/alerts/archiveQuery.ts');
  const clock = await import('../../../src/domain/clock.ts');
  vi.unstubAllGlobals();
  return { ...boot, ...clock };
}

const paths = [
  ['date-fns', await load(false)],
  ['Temporal', await load(true)],
] as const;

afterEach(() => {
  vi.useRealTimers();
  asked.length = 0;
});

describe.each(paths)('archive default range at boot (%s)', (path, m) => {
  const { ARCHIVE_DEFAULT_PRESET, archiveQuery, defaultArchiveNow, prefetchDefaultArchive } = m;
  /** What the page asks for with its default range (AlertsPage: archiveQuery(rangeOf(...))). */
  const pageQuery = (zone = 'Europe/Berlin') =>
    archiveQuery(m.presetRange(ARCHIVE_DEFAULT_PRESET, defaultArchiveNow(), zone));
  /** The boot's ask: at once with Temporal, after the clock's chunk without. */
  const bootAsk = async (zone: string) => {
    prefetchDefaultArchive(zone);
    await vi.waitUntil(() => asked.length > 0);
    return asked.shift()!;
  };

  it('AQ0: takes the path it names', () => {
    expect(m.platformTemporal === null).toBe(path === 'date-fns');
  });

  it('AQ1: the page opened within seconds of the boot asks for the range the boot asked for', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 2, 29, 0, 30), toFake: ['Date'] });
    const boot = await bootAsk('Europe/Berlin');
    vi.setSystemTime(Date.UTC(2026, 2, 29, 0, 30, 3));
    expect(pageQuery()).toEqual(boot);
    expect(boot.limit).toBe(100_000);
  });

  it('AQ2: a page opened after the boot went stale (a sign-in between) asks for a range ending now', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 5, 1, 12), toFake: ['Date'] });
    const boot = await bootAsk('Europe/Berlin');
    vi.setSystemTime(Date.UTC(2026, 5, 1, 12, 1));
    expect(pageQuery()).not.toEqual(boot);
    expect(pageQuery().end).toBe(new Date(Date.UTC(2026, 5, 1, 12, 1)).toISOString());
  });

  it.each([
    ['Europe/Berlin', Date.UTC(2026, 2, 29, 0, 30)],
    ['Europe/Berlin', Date.UTC(2026, 9, 25, 0, 30)],
    ['Europe/Berlin', Date.UTC(2026, 2, 31, 1, 30)],
    ['America/New_York', Date.UTC(2026, 2, 14, 6, 30)],
    ['Asia/Kathmandu', Date.UTC(2026, 0, 1, 18, 14)],
  ])('AQ3: in %s at %d the boot asks for the page’s preset range', async (zone, now) => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    expect(await bootAsk(zone)).toEqual(pageQuery(zone));
  });
});
