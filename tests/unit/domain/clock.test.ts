/**
 * The plant's clock (src/domain/clock.ts) on both of its paths: date-fns with @date-fns/tz
 * (Node, older browsers) and Temporal (Chromium 144+, the boot fast path). Node 20's V8 has
 * Temporal behind a flag: a fresh context after the flag is set has it, and the module is
 * loaded a second time with it as the platform's.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as dateFnsClock from '../../../src/domain/clock.ts';
import { formatIn } from '../../../src/domain/formatPattern.ts';
import { DAY_MS, HOUR_MS } from '../../../src/domain/timeUnits.ts';

setFlagsFromString('--harmony-temporal');
const temporal = runInNewContext('Temporal') as unknown;

async function temporalClock(): Promise<typeof dateFnsClock> {
  vi.resetModules();
  vi.stubGlobal('Temporal', temporal);
  const module = await import('../../../src/domain/clock.ts');
  vi.unstubAllGlobals();
  return module;
}

const withTemporal = await temporalClock();
afterAll(() => vi.unstubAllGlobals());

const at = (iso: string): number => Date.parse(iso);
const BERLIN = 'Europe/Berlin';

describe.each([
  ['date-fns', dateFnsClock],
  ['Temporal', withTemporal],
])('the plant clock through %s', (path, clock) => {
  const { addUnits, presetRange, rangeBefore, startOfUnit, unitRange, PRESET_RANGES } = clock;

  it('CK0: takes the path it names', () => {
    expect(clock.platformTemporal === null).toBe(path === 'date-fns');
  });

  it('CK1: each unit snaps to its start; weeks start on Monday (SPEC §9)', () => {
    const t = at('2026-06-17T14:37:12.345+02:00'); // Wednesday, summer time
    expect(startOfUnit(t, 'Minutes', BERLIN)).toBe(at('2026-06-17T14:37:00+02:00'));
    expect(startOfUnit(t, 'Hours', BERLIN)).toBe(at('2026-06-17T14:00:00+02:00'));
    expect(startOfUnit(t, 'Days', BERLIN)).toBe(at('2026-06-17T00:00:00+02:00'));
    expect(startOfUnit(t, 'Weeks', BERLIN)).toBe(at('2026-06-15T00:00:00+02:00'));
    expect(startOfUnit(t, 'Months', BERLIN)).toBe(at('2026-06-01T00:00:00+02:00'));
    expect(startOfUnit(t, 'Years', BERLIN)).toBe(at('2026-01-01T00:00:00+01:00'));
    // A Sunday belongs to the week that started the Monday before.
    expect(startOfUnit(at('2026-06-21T23:59:00+02:00'), 'Weeks', BERLIN)).toBe(
      at('2026-06-15T00:00:00+02:00'),
    );
    expect(startOfUnit(at('2026-06-22T00:00:00+02:00'), 'Weeks', BERLIN)).toBe(
      at('2026-06-22T00:00:00+02:00'),
    );
  });

  it('CK2: spring change 2026-03-29: a day of 23 hours, hour and week starts', () => {
    const t1 = at('2026-03-29T03:30:00+02:00');
    expect(startOfUnit(t1, 'Days', BERLIN)).toBe(at('2026-03-29T00:00:00+01:00'));
    expect(startOfUnit(t1, 'Hours', BERLIN)).toBe(at('2026-03-29T03:00:00+02:00'));
    expect(startOfUnit(at('2026-03-29T01:59:00+01:00'), 'Hours', BERLIN)).toBe(
      at('2026-03-29T01:00:00+01:00'),
    );
    expect(startOfUnit(t1, 'Weeks', BERLIN)).toBe(at('2026-03-23T00:00:00+01:00'));
    const day = unitRange(t1, 'Days', BERLIN);
    expect(day.end - day.start).toBe(23 * HOUR_MS);
    const week = unitRange(t1, 'Weeks', BERLIN);
    expect(week.end).toBe(at('2026-03-30T00:00:00+02:00'));
    expect(week.end - week.start).toBe((7 * 24 - 1) * HOUR_MS);
  });

  it('CK3: autumn change 2026-10-25: a day of 25 hours, the repeated hour snaps within itself', () => {
    const first = at('2026-10-25T02:30:00+02:00');
    const second = at('2026-10-25T02:30:00+01:00');
    expect(startOfUnit(first, 'Hours', BERLIN)).toBe(at('2026-10-25T02:00:00+02:00'));
    expect(startOfUnit(second, 'Hours', BERLIN)).toBe(at('2026-10-25T02:00:00+01:00'));
    expect(startOfUnit(second, 'Minutes', BERLIN)).toBe(second);
    const noon = at('2026-10-25T12:00:00+01:00');
    expect(startOfUnit(noon, 'Days', BERLIN)).toBe(at('2026-10-25T00:00:00+02:00'));
    const day = unitRange(noon, 'Days', BERLIN);
    expect(day.end - day.start).toBe(25 * HOUR_MS);
    expect(unitRange(noon, 'Weeks', BERLIN)).toEqual({
      start: at('2026-10-19T00:00:00+02:00'),
      end: at('2026-10-26T00:00:00+01:00'),
    });
    expect(unitRange(noon, 'Months', BERLIN)).toEqual({
      start: at('2026-10-01T00:00:00+02:00'),
      end: at('2026-11-01T00:00:00+01:00'),
    });
  });

  it('CK4: Kathmandu (+5:45): hours start at :15 UTC, days at 18:15 UTC', () => {
    const zone = 'Asia/Kathmandu';
    const t = at('2026-03-29T10:50:00Z'); // 16:35 in Kathmandu
    expect(startOfUnit(t, 'Hours', zone)).toBe(at('2026-03-29T10:15:00Z'));
    expect(startOfUnit(t, 'Days', zone)).toBe(at('2026-03-28T18:15:00Z'));
    expect(startOfUnit(t, 'Weeks', zone)).toBe(at('2026-03-22T18:15:00Z'));
    expect(startOfUnit(t, 'Months', zone)).toBe(at('2026-02-28T18:15:00Z'));
    expect(addUnits(t, 'Days', -7, zone)).toBe(t - 7 * DAY_MS);
    expect(clock.zoneOffsetMs(t, zone)).toBe((5 * 60 + 45) * 60_000);
    expect(clock.toWallTime(t, zone)).toMatchObject({ day: 29, hour: 16, minute: 35 });
    // New York's own spring change (8 March 2026): a day of 23 hours there.
    const ny = unitRange(at('2026-03-08T12:10:00-04:00'), 'Days', 'America/New_York');
    expect(ny).toEqual({
      start: at('2026-03-08T00:00:00-05:00'),
      end: at('2026-03-09T00:00:00-04:00'),
    });
  });

  it('CK5: days and weeks keep the wall clock across DST; hours are exact', () => {
    const before = at('2026-03-28T12:00:00+01:00');
    expect(addUnits(before, 'Days', 1, BERLIN)).toBe(at('2026-03-29T12:00:00+02:00'));
    expect(addUnits(before, 'Hours', 24, BERLIN) - before).toBe(24 * HOUR_MS);
    expect(addUnits(before, 'Weeks', 1, BERLIN)).toBe(at('2026-04-04T12:00:00+02:00'));
    expect(addUnits(at('2026-10-26T12:00:00+01:00'), 'Days', -1, BERLIN)).toBe(
      at('2026-10-25T12:00:00+01:00'),
    );
    expect(addUnits(before, 'Minutes', -90, BERLIN)).toBe(before - 90 * 60_000);
    // Into the spring gap: 02:30 does not exist, the step lands an hour later (03:30).
    expect(addUnits(at('2026-03-28T02:30:00+01:00'), 'Days', 1, BERLIN)).toBe(
      at('2026-03-29T03:30:00+02:00'),
    );
    // Into the repeated autumn hour: the later 02:30, as fromNaiveMs.
    expect(addUnits(at('2026-10-24T02:30:00+02:00'), 'Days', 1, BERLIN)).toBe(
      at('2026-10-25T02:30:00+01:00'),
    );
    expect(() => addUnits(0, 'Days', 1.5, BERLIN)).toThrow(RangeError);
  });

  it('CK6: months and years clamp the day at the end of a month or a leap year', () => {
    expect(addUnits(at('2026-01-31T08:00:00+01:00'), 'Months', 1, BERLIN)).toBe(
      at('2026-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2026-03-31T08:00:00+02:00'), 'Months', -1, BERLIN)).toBe(
      at('2026-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2028-02-29T08:00:00+01:00'), 'Years', 1, BERLIN)).toBe(
      at('2029-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2026-11-15T08:00:00+01:00'), 'Months', 14, BERLIN)).toBe(
      at('2028-01-15T08:00:00+01:00'),
    );
    expect(unitRange(at('2026-12-31T23:59:59+01:00'), 'Years', BERLIN)).toEqual({
      start: at('2026-01-01T00:00:00+01:00'),
      end: at('2027-01-01T00:00:00+01:00'),
    });
    expect(unitRange(at('2028-02-29T23:00:00+01:00'), 'Months', BERLIN)).toEqual({
      start: at('2028-02-01T00:00:00+01:00'),
      end: at('2028-03-01T00:00:00+01:00'),
    });
  });

  it('CK7: presets on the DST Sunday 2026-03-29: calendar ones whole, "last …" end at now', () => {
    const now = at('2026-03-29T10:00:00+02:00');
    for (const [preset, start, end] of [
      ['today', '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
      ['yesterday', '2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00'],
      ['thisWeek', '2026-03-23T00:00:00+01:00', '2026-03-30T00:00:00+02:00'],
      ['thisMonth', '2026-03-01T00:00:00+01:00', '2026-04-01T00:00:00+02:00'],
      ['thisYear', '2026-01-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'],
    ] as const) {
      expect(presetRange(preset, now, BERLIN), preset).toEqual({ start: at(start), end: at(end) });
    }
    for (const [preset, hours] of [
      ['last3Hours', 3],
      ['last6Hours', 6],
      ['last12Hours', 12],
      ['last24Hours', 24],
    ] as const) {
      expect(presetRange(preset, now, BERLIN)).toEqual({ start: now - hours * HOUR_MS, end: now });
    }
    expect(presetRange('last7Days', now, BERLIN)).toEqual({
      start: at('2026-03-22T10:00:00+01:00'),
      end: now,
    });
    expect(presetRange('last12Months', now, BERLIN)).toEqual({
      start: at('2025-03-29T10:00:00+01:00'),
      end: now,
    });
    for (const p of PRESET_RANGES) {
      const r = presetRange(p, now, BERLIN);
      expect(r.start).toBeLessThan(r.end);
    }
  });

  it('CK8: a preset is the plant’s day, whatever zone the caller is in', () => {
    // 23:30 in New York on 28 March is 05:30 on the 29th in Berlin: Berlin's "today".
    const now = at('2026-03-28T23:30:00-04:00');
    expect(presetRange('today', now, BERLIN).start).toBe(at('2026-03-29T00:00:00+01:00'));
    expect(presetRange('today', now, 'America/New_York').start).toBe(
      at('2026-03-28T00:00:00-04:00'),
    );
    expect(presetRange('today', now, 'Asia/Kathmandu').start).toBe(at('2026-03-29T00:00:00+05:45'));
  });

  it('CK9: last month spans 28 to 31 days on every day of the year; a duration ends now', () => {
    const lengths = new Set<number>();
    for (let day = 0; day < 366; day++) {
      const t = at('2026-01-01T12:00:00+01:00') + day * DAY_MS;
      const r = presetRange('lastMonth', t, BERLIN);
      expect(r.end).toBe(t);
      lengths.add(Math.round((r.end - r.start) / DAY_MS));
    }
    expect([...lengths].sort()).toEqual([28, 29, 30, 31]);
    const now = at('2026-03-30T10:00:00+02:00');
    expect(rangeBefore(now, { amount: 7, unit: 'Days' }, BERLIN)).toEqual({
      start: at('2026-03-23T10:00:00+01:00'),
      end: now,
    });
  });

  it('CK10: an unknown zone and an invalid time raise', () => {
    // Temporal's RangeError comes from another realm here: compared by name.
    const rangeError = expect.objectContaining({ name: 'RangeError' }) as Error;
    expect(() => startOfUnit(0, 'Days', 'Mars/Olympus')).toThrow(rangeError);
    expect(() => addUnits(0, 'Days', 1, 'Mars/Olympus')).toThrow(rangeError);
    expect(() => clock.zoneOffsetMs(Number.NaN, BERLIN)).toThrow(rangeError);
  });
});

describe('wall times, dates and formatters of the plant clock', () => {
  const { dateIn, dateTimeFormat, fromNaiveMs, hourOfDay, toWallTime, zoneOffsetMs } = dateFnsClock;

  it('CK11: both paths give the same offsets and wall times at the edges of a year', () => {
    const edges = [
      Date.UTC(2026, 2, 29, 0, 59, 59, 999),
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 0, 59, 59, 500),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(1999, 11, 31, 23),
    ];
    for (const zone of [BERLIN, 'America/St_Johns', 'Asia/Kathmandu', 'UTC']) {
      for (const t of edges) {
        expect(withTemporal.zoneOffsetMs(t, zone), `${zone} ${t}`).toBe(zoneOffsetMs(t, zone));
        expect(withTemporal.toWallTime(t, zone)).toEqual(toWallTime(t, zone));
      }
    }
  });

  it('CK12: a wall time in the spring gap moves forward, an ambiguous one is the later instant', () => {
    expect(fromNaiveMs(Date.UTC(2026, 2, 29, 2, 30), BERLIN)).toBe(at('2026-03-29T03:30:00+02:00'));
    expect(fromNaiveMs(Date.UTC(2026, 9, 25, 2, 30), BERLIN)).toBe(at('2026-10-25T02:30:00+01:00'));
    expect(fromNaiveMs(Date.UTC(2026, 2, 29), 'Asia/Kathmandu')).toBe(
      at('2026-03-29T00:00:00+05:45'),
    );
    expect(() => fromNaiveMs(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('CK13: the plant’s date, hour and patterns (energy meter, leakage, remote alarm)', () => {
    const t = at('2026-10-31T23:30:00Z'); // 00:30 on 1 November in Berlin
    expect(dateIn(t, BERLIN)).toBe('2026-11-01');
    expect(dateIn(t, 'America/New_York')).toBe('2026-10-31');
    expect(hourOfDay(t, BERLIN)).toBe(0.5);
    expect(hourOfDay(at('2026-10-25T01:30:00Z'), BERLIN)).toBe(2.5);
    expect(hourOfDay(t, 'Asia/Kathmandu')).toBe(5.25);
    expect(formatIn(t, 'dd.MM.yyyy HH:mm:ss', BERLIN)).toBe('01.11.2026 00:30:00');
    expect(formatIn(t, 'dd.MM.yyyy HH:mm', 'Asia/Kathmandu')).toBe('01.11.2026 05:15');
  });

  it('CK14: a formatter is built once per locale, zone and options', () => {
    const a = dateTimeFormat('de', { timeZone: BERLIN, hour: '2-digit' });
    expect(dateTimeFormat('de', { timeZone: BERLIN, hour: '2-digit' })).toBe(a);
    expect(dateTimeFormat('de', { timeZone: 'Asia/Kathmandu', hour: '2-digit' })).not.toBe(a);
    expect(dateTimeFormat('ru', { timeZone: BERLIN, hour: '2-digit' })).not.toBe(a);
  });
});
