/**
 * The archive's first page asked as the main chunk starts to evaluate (archiveEarlyAsk.ts):
 * only on the archive's address and only with the zone the page's first script read from the
 * settings' answer; without it, or with a zone the clock cannot use, main.tsx asks as before.
 * In the browser: AV3f in tests/e2e/alerts.spec.ts (the rows come with every later chunk held
 * until the engine asked).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertQuery } from '../../../src/contract/alerts.ts';
import { EARLY_REQUESTS_KEY, EARLY_ZONE_KEY } from '../../../src/api/earlyRequests.ts';

const asked: AlertQuery[] = [];
let started = 0;
vi.mock('../../../src/live/connectEngine.ts', () => ({
  prefetchArchive: (query: AlertQuery) => asked.push(query),
  prestartEngine: () => started++,
}));

setFlagsFromString('--harmony-temporal');
const temporal = runInNewContext('Temporal') as unknown;

async function load(zone: unknown) {
  vi.resetModules();
  vi.stubGlobal('Temporal', temporal);
  vi.stubGlobal(EARLY_REQUESTS_KEY, zone === undefined ? {} : { [EARLY_ZONE_KEY]: zone });
  return import('../../../src/features/alerts/archiveEarlyAsk.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
  asked.length = 0;
  started = 0;
});

describe('the archive asked for as the main chunk evaluates', () => {
  it('AEA1: on the archive with the zone in, the engine is started and asked for the default range', async () => {
    const { askArchiveEarly } = await load('Europe/Berlin');
    expect(askArchiveEarly('/alerts/archive')).toBe(true);
    expect(started).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.limit).toBe(100_000);
  });

  it('AEA2: another page, no zone yet, or a zone the clock cannot use: nothing asked, main.tsx asks', async () => {
    expect((await load('Europe/Berlin')).askArchiveEarly('/alerts')).toBe(false);
    expect((await load(undefined)).askArchiveEarly('/alerts/archive')).toBe(false);
    expect((await load(42)).askArchiveEarly('/alerts/archive')).toBe(false);
    expect((await load('Not/AZone')).askArchiveEarly('/alerts/archive')).toBe(false);
    expect(asked).toEqual([]);
  });
});
