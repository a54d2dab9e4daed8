/**
 * A station's age (src/features/stations/shownAge.ts, issue 44): a connected station's time
 * stamp comes each second, so its age reads as just now until it is two seconds old, and the
 * age clock's step at one second writes nothing before the next time stamp comes.
 */
import { describe, expect, it } from 'vitest';
import { formatAge, nextAgeStepMs } from '../../../src/domain/format.ts';
import { STATION_AGE_GRACE_MS, stationAgeWords } from '../../../src/features/stations/shownAge.ts';

const words = stationAgeWords((ms) => formatAge(ms, 'de'));

describe('station age', () => {
  it('ST6: a station age reads as just now for two seconds, then counts on from 2 s', () => {
    expect(STATION_AGE_GRACE_MS).toBe(2_000);
    expect(words(0)).toBe('jetzt');
    // The clock's first step (1 s) gives the same text: nothing is written, no frame drawn.
    expect(words(nextAgeStepMs(0))).toBe(words(0));
    expect(words(1_999)).toBe('jetzt');
    expect(words(2_000)).toBe('vor 2 Sekunden');
    expect(words(90_000)).toBe('vor 1 Minute');
  });
});
