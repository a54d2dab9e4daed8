import { describe, expect, it } from 'vitest';
import {
  InactivityTimer,
  logoutClockSleepMs,
  MAX_SLEEP_MS,
} from '../../../src/features/auth/autoLogout/InactivityTimer.ts';
import { parseAutoLogoutSettings } from '../../../src/features/auth/autoLogout/autoLogoutSettings.ts';

const MIN = 60_000;

describe('auto-logout timer (SPEC §9)', () => {
  it('AL1: expires after the timeout with a warning phase in the last minute', () => {
    const timer = new InactivityTimer(15 * MIN, 0);
    expect(timer.phase(14 * MIN - 1)).toBe('active');
    expect(timer.phase(14 * MIN)).toBe('warning');
    expect(timer.remainingMs(14 * MIN + 30_000)).toBe(30_000);
    expect(timer.phase(15 * MIN)).toBe('expired');
  });

  it('AL3: local activity counts at most once per second', () => {
    const timer = new InactivityTimer(10_000, 0);
    expect(timer.activity(1000)).toBe(true);
    expect(timer.activity(1500)).toBe(false);
    expect(timer.remainingMs(1500)).toBe(9500);
    expect(timer.activity(2000)).toBe(true);
    expect(timer.remainingMs(2000)).toBe(10_000);
  });

  it('AL4: activity from other tabs and frames resets the timer, never moves it back', () => {
    const timer = new InactivityTimer(10_000, 0);
    timer.reset(5000);
    expect(timer.remainingMs(5000)).toBe(10_000);
    timer.reset(1000);
    expect(timer.lastActivityAt()).toBe(5000);
  });
});

describe('auto-logout settings (SPEC §9: localStorage pegel.autoLogout)', () => {
  it('AL5: valid settings are read, fractions of minutes allowed', () => {
    expect(parseAutoLogoutSettings('{"enabled":true,"minutes":0.05}')).toEqual({
      enabled: true,
      minutes: 0.05,
    });
    expect(parseAutoLogoutSettings('{"enabled":false,"minutes":15}')).toEqual({
      enabled: false,
      minutes: 15,
    });
  });

  it('AL5: missing or malformed settings fall back to the default (null)', () => {
    for (const raw of [
      null,
      '',
      'x',
      '[]',
      '{"enabled":"yes","minutes":5}',
      '{"enabled":true,"minutes":0}',
      '{"enabled":true,"minutes":-1}',
      '{"enabled":true}',
    ])
      expect(parseAutoLogoutSettings(raw)).toBeNull();
  });

  it('AL8: the logout clock sleeps until the warning, then steps each second of the countdown', () => {
    const timer = new InactivityTimer(15 * MIN, 0);
    const none = { wanted: false, dueAt: 0 };
    // An idle tab is woken once a minute at most, not each second.
    expect(logoutClockSleepMs(0, timer, none)).toBe(MAX_SLEEP_MS);
    expect(logoutClockSleepMs(13.5 * MIN, timer, none)).toBe(30_000);
    expect(logoutClockSleepMs(14 * MIN, timer, none)).toBe(1000);
    expect(logoutClockSleepMs(15 * MIN - 400, timer, none)).toBe(400);
    expect(logoutClockSleepMs(15 * MIN, timer, none)).toBe(0);
    // Without a timeout and no renewal wanted there is nothing to wake for.
    expect(logoutClockSleepMs(0, null, none)).toBeNull();
  });

  it('AL8: a wanted lease renewal wakes the logout clock when it falls due', () => {
    const timer = new InactivityTimer(15 * MIN, 0);
    expect(logoutClockSleepMs(10_000, null, { wanted: true, dueAt: 40_000 })).toBe(30_000);
    expect(logoutClockSleepMs(50_000, timer, { wanted: true, dueAt: 40_000 })).toBe(0);
    expect(logoutClockSleepMs(10_000, timer, { wanted: false, dueAt: 20_000 })).toBe(MAX_SLEEP_MS);
  });
});
