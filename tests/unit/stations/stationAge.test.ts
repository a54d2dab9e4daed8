/**
 * A station's age (src/features/stations/shownAge.ts, issue 44): a connected station's time
 * stamp comes each second, so its age reads as just now until it is ten seconds old (the engine
 * sends a newer one alone only shortly before that, FR8, issue 58), and the age clock's steps
 * under it write nothing.
 */
import { describe, expect, it } from 'vitest';
import { formatAge, nextAgeStepMs } from '../../../src/domain/format.ts';
import { STATION_AGE_GRACE_MS, stationAgeWords } from '../../../src/features/stations/shownAge.ts';

const words = stationAgeWords((ms) => formatAge(ms, 'de'));

describe('station age', () => {
  it('ST6: a station age reads as just now for ten seconds, then counts on from 10 s', () => {
    expect(STATION_AGE_GRACE_MS).toBe(10_000);
    expect(words(0)).toBe('jetzt');
    // The clock's first step (1 s) gives the same text: nothing is written, no frame drawn.
    expect(words(nextAgeStepMs(0))).toBe(words(0));
    expect(words(9_999)).toBe('jetzt');
    expect(words(10_000)).toBe('vor 10 Sekunden');
    expect(words(90_000)).toBe('vor 1 Minute');
  });
});
