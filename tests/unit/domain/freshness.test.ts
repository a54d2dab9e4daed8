import { describe, expect, it } from 'vitest';
import { HUB_SERVER_TIMEOUT_MS, isStale } from '../../../src/domain/freshness.ts';

const MIN = 60_000;

describe('isStale (issue 12 item 7)', () => {
  it('a pushed value unchanged for 10 minutes on a connected link is not stale', () => {
    expect(isStale({ connected: true, lastDataAt: 0, now: 10 * MIN })).toBe(false);
  });
  it('any age counts once the link is not connected', () => {
    expect(isStale({ connected: false, lastDataAt: 0, now: 1000 })).toBe(true);
    expect(isStale({ connected: false, lastDataAt: 0, now: 0 })).toBe(false);
  });
  it('polled data is stale only past its interval plus the hub timeout', () => {
    const poll = 5 * MIN;
    expect(
      isStale({
        connected: true,
        lastDataAt: 0,
        now: poll + HUB_SERVER_TIMEOUT_MS,
        expectedIntervalMs: poll,
      }),
    ).toBe(false);
    expect(
      isStale({
        connected: true,
        lastDataAt: 0,
        now: poll + HUB_SERVER_TIMEOUT_MS + 1,
        expectedIntervalMs: poll,
      }),
    ).toBe(true);
  });
  it('no data yet is not stale', () => {
    expect(isStale({ connected: false, lastDataAt: null, now: 5 })).toBe(false);
  });
});
