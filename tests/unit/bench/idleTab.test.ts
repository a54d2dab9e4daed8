/**
 * The idle tab's windows (bench/scenarios/idleTab.ts, issue 58): a window counts only when the
 * station page's ages were in the unit its figure is about, ticking (seconds) or steady
 * (minutes), and the windows with ages in minutes are placed clear of a minute step.
 */
import { describe, expect, it } from 'vitest';
import {
  ageUnit,
  agesFault,
  dataAge,
  medianRange,
  minutesWindowStart,
  STATION_MINUTE_LAG_MS,
} from '../../../bench/scenarios/idleTab.ts';

const MINUTE = 60_000;

describe('idle tab windows', () => {
  it('BENCH-IDLE1: the unit of an age as the station page words it', () => {
    expect(ageUnit('vor 7 Sekunden')).toBe('seconds');
    expect(ageUnit('vor 1 Sekunde')).toBe('seconds');
    expect(ageUnit('vor 1 Minute')).toBe('minutes');
    expect(ageUnit('vor 5 Minuten')).toBe('minutes');
    expect(ageUnit('vor 2 Stunden')).toBe('hours');
    expect(ageUnit('vor 3 Tagen')).toBe('days');
    expect(ageUnit('12 seconds ago')).toBe('seconds');
    expect(ageUnit('jetzt')).toBe('now');
    expect(ageUnit('no age')).toBeNull();
    expect(ageUnit('—')).toBeNull();
  });

  it('BENCH-IDLE2: a window with ages in seconds counts only if they read seconds and ticked', () => {
    expect(agesFault('seconds', { start: 'vor 7 Sekunden', end: 'vor 12 Sekunden' })).toBeNull();
    // The floor of the run of 4dd5cc6: opened a minute after Pegel on the same server.
    expect(agesFault('seconds', { start: 'vor 1 Minute', end: 'vor 1 Minute' })).toMatch(
      /not seconds/,
    );
    expect(agesFault('seconds', { start: 'vor 55 Sekunden', end: 'vor 1 Minute' })).toMatch(
      /not seconds/,
    );
    expect(agesFault('seconds', { start: 'vor 9 Sekunden', end: 'vor 9 Sekunden' })).toMatch(
      /did not tick/,
    );
    expect(agesFault('seconds', { start: 'no age', end: 'no age' })).toMatch(/not seconds/);
  });

  it('BENCH-IDLE3: a window with ages in minutes counts only if they read the same minutes', () => {
    expect(agesFault('minutes', { start: 'vor 5 Minuten', end: 'vor 5 Minuten' })).toBeNull();
    // Pegel's window of the run of 4dd5cc6 had the step; the floor's did not.
    expect(agesFault('minutes', { start: 'vor 4 Minuten', end: 'vor 5 Minuten' })).toMatch(
      /stepped/,
    );
    expect(agesFault('minutes', { start: 'vor 59 Sekunden', end: 'vor 1 Minute' })).toMatch(
      /not minutes/,
    );
  });

  it('BENCH-IDLE4: windows with ages in minutes start past the minute and hold no step of the ages nor a minute of the clock', () => {
    const from = 1_000_000;
    const to = from + 3_000; // the time stamp known to within 3 s
    const w = 6_000;
    const clear = (start: number) => {
      // For every possible time stamp: the age is past the minute and in one minute throughout.
      for (const t0 of [from, from + 1_500, to]) {
        const a = start - t0;
        const b = start + w - t0;
        expect(a).toBeGreaterThanOrEqual(MINUTE);
        expect(Math.floor(a / MINUTE)).toBe(Math.floor(b / MINUTE));
      }
      // No minute of the clock begins in it, nor just before it (the station's title).
      const lo = start - STATION_MINUTE_LAG_MS;
      expect(Math.floor(lo / MINUTE)).toBe(Math.floor((start + w) / MINUTE));
    };
    // Right after the start: wait until every age is past the minute.
    const first = minutesWindowStart(from + 10_000, from, to, w);
    expect(first).toBeGreaterThanOrEqual(to + MINUTE);
    clear(first);
    // Clear of both: at once.
    const mid = 1_125_000;
    expect(minutesWindowStart(mid, from, to, w)).toBe(mid);
    // Close to an age's step or a minute of the clock: after it.
    for (let now = to + 2 * MINUTE; now < to + 4 * MINUTE; now += 1_700) {
      const start = minutesWindowStart(now, from, to, w);
      expect(start).toBeGreaterThanOrEqual(now);
      expect(start - now).toBeLessThan(25_000);
      clear(start);
    }
    expect(() => minutesWindowStart(0, 0, 10_000, 40_000)).toThrow(/does not fit/);
  });

  it('BENCH-IDLE5: the notes give the data’s age over a window and a median with its range', () => {
    expect(dataAge({ from: 1_000, to: 4_000 }, 11_000, 17_500)).toBe('7–16 s');
    expect(medianRange([0.4, 0.1, 0.3])).toBe('0.30 (0.10–0.40)');
    expect(medianRange([0.2, 0.4])).toBe('0.30 (0.20–0.40)');
    expect(medianRange([1])).toBe('1.00');
  });
});
