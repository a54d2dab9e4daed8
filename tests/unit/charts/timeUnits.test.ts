import { describe, expect, it } from 'vitest';
import {
  addUnits,
  HOUR_MS,
  InvalidDurationError,
  parseDuration,
  parseTimeUnit,
  rangeBefore,
  roundToQuarterHour,
  startOfUnit,
  TIME_UNITS,
  timeUnitOfSpan,
  unitRange,
  UnsupportedTimeUnitError,
} from '../../../src/domain/timeUnits.ts';
import { fromNaiveMs, toWallTime, zoneOffsetMinutes } from '../../../src/domain/zonedTime.ts';

const at = (iso: string): number => Date.parse(iso);

describe('SPEC §4 time units', () => {
  it('TU1: the plural names are the units', () => {
    for (const u of TIME_UNITS) expect(parseTimeUnit(u)).toBe(u);
  });

  it('TU2: the singular names map to the units', () => {
    expect(parseTimeUnit('Year')).toBe('Years');
    expect(parseTimeUnit('Month')).toBe('Months');
    expect(parseTimeUnit('Week')).toBe('Weeks');
    expect(parseTimeUnit('Day')).toBe('Days');
    expect(parseTimeUnit('Hour')).toBe('Hours');
    expect(parseTimeUnit('Minute')).toBe('Minutes');
    expect(timeUnitOfSpan('Week')).toBe('Weeks');
  });

  it('TU3: Second, Unspecified, Custom and unknown names raise', () => {
    for (const bad of ['Second', 'Seconds', 'Unspecified', 'Custom', 'days', '', 'toString']) {
      expect(() => parseTimeUnit(bad)).toThrow(UnsupportedTimeUnitError);
    }
  });
});

describe('SPEC §4 snapping to the start of a unit (Europe/Berlin)', () => {
  // Wednesday, summer time.
  const t = at('2026-06-17T14:37:12.345+02:00');

  it('TU4: each unit snaps to its start; weeks start on Monday (SPEC §9)', () => {
    expect(startOfUnit(t, 'Minutes')).toBe(at('2026-06-17T14:37:00+02:00'));
    expect(startOfUnit(t, 'Hours')).toBe(at('2026-06-17T14:00:00+02:00'));
    expect(startOfUnit(t, 'Days')).toBe(at('2026-06-17T00:00:00+02:00'));
    expect(startOfUnit(t, 'Weeks')).toBe(at('2026-06-15T00:00:00+02:00'));
    expect(startOfUnit(t, 'Months')).toBe(at('2026-06-01T00:00:00+02:00'));
    expect(startOfUnit(t, 'Years')).toBe(at('2026-01-01T00:00:00+01:00'));
  });

  it('TU5: a Sunday belongs to the week that started the Monday before', () => {
    expect(startOfUnit(at('2026-06-21T23:59:00+02:00'), 'Weeks')).toBe(
      at('2026-06-15T00:00:00+02:00'),
    );
    expect(startOfUnit(at('2026-06-22T00:00:00+02:00'), 'Weeks')).toBe(
      at('2026-06-22T00:00:00+02:00'),
    );
  });

  it('TU6: spring change 2026-03-29: day of 23 hours, hour and week starts', () => {
    const t1 = at('2026-03-29T03:30:00+02:00');
    expect(startOfUnit(t1, 'Days')).toBe(at('2026-03-29T00:00:00+01:00'));
    expect(startOfUnit(t1, 'Hours')).toBe(at('2026-03-29T03:00:00+02:00'));
    expect(startOfUnit(at('2026-03-29T01:59:00+01:00'), 'Hours')).toBe(
      at('2026-03-29T01:00:00+01:00'),
    );
    expect(startOfUnit(t1, 'Weeks')).toBe(at('2026-03-23T00:00:00+01:00'));
    expect(startOfUnit(at('2026-03-30T10:00:00+02:00'), 'Weeks')).toBe(
      at('2026-03-30T00:00:00+02:00'),
    );
    const day = unitRange(t1, 'Days');
    expect(day.end - day.start).toBe(23 * HOUR_MS);
    const week = unitRange(t1, 'Weeks');
    expect(week.end).toBe(at('2026-03-30T00:00:00+02:00'));
    expect(week.end - week.start).toBe((7 * 24 - 1) * HOUR_MS);
  });

  it('TU7: autumn change 2026-10-25: day of 25 hours, the repeated hour snaps within itself', () => {
    const firstTwoThirty = at('2026-10-25T02:30:00+02:00');
    const secondTwoThirty = at('2026-10-25T02:30:00+01:00');
    expect(secondTwoThirty - firstTwoThirty).toBe(HOUR_MS);
    expect(startOfUnit(firstTwoThirty, 'Hours')).toBe(at('2026-10-25T02:00:00+02:00'));
    expect(startOfUnit(secondTwoThirty, 'Hours')).toBe(at('2026-10-25T02:00:00+01:00'));
    expect(startOfUnit(secondTwoThirty, 'Minutes')).toBe(secondTwoThirty);
    const noon = at('2026-10-25T12:00:00+01:00');
    expect(startOfUnit(noon, 'Days')).toBe(at('2026-10-25T00:00:00+02:00'));
    const day = unitRange(noon, 'Days');
    expect(day.end - day.start).toBe(25 * HOUR_MS);
    expect(startOfUnit(noon, 'Weeks')).toBe(at('2026-10-19T00:00:00+02:00'));
    expect(unitRange(noon, 'Weeks').end).toBe(at('2026-10-26T00:00:00+01:00'));
    expect(startOfUnit(noon, 'Months')).toBe(at('2026-10-01T00:00:00+02:00'));
    expect(unitRange(noon, 'Months').end).toBe(at('2026-11-01T00:00:00+01:00'));
  });

  it('TU8: wall times in the spring gap move forward, ambiguous ones take the earlier instant', () => {
    expect(fromNaiveMs(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Berlin')).toBe(
      at('2026-03-29T03:30:00+02:00'),
    );
    expect(fromNaiveMs(Date.UTC(2026, 9, 25, 2, 30), 'Europe/Berlin')).toBe(
      at('2026-10-25T02:30:00+02:00'),
    );
    expect(zoneOffsetMinutes(at('2026-01-10T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes(at('2026-07-10T12:00:00Z'))).toBe(120);
    expect(toWallTime(at('2026-10-25T01:30:00Z'))).toMatchObject({ hour: 2, minute: 30 });
  });

  it('TU9: other zones, including a half-hour offset', () => {
    const t2 = at('2026-03-08T12:10:00-04:00');
    expect(startOfUnit(t2, 'Days', 'America/New_York')).toBe(at('2026-03-08T00:00:00-05:00'));
    expect(startOfUnit(at('2026-06-17T10:50:00Z'), 'Hours', 'Asia/Kolkata')).toBe(
      at('2026-06-17T10:30:00Z'),
    );
    expect(startOfUnit(at('2026-06-17T10:50:00Z'), 'Days', 'Asia/Kolkata')).toBe(
      at('2026-06-16T18:30:00Z'),
    );
  });
});

describe('SPEC §4 adding units', () => {
  it('TU10: days and weeks keep the wall clock across DST; hours are exact', () => {
    const before = at('2026-03-28T12:00:00+01:00');
    expect(addUnits(before, 'Days', 1)).toBe(at('2026-03-29T12:00:00+02:00'));
    expect(addUnits(before, 'Days', 1) - before).toBe(23 * HOUR_MS);
    expect(addUnits(before, 'Hours', 24) - before).toBe(24 * HOUR_MS);
    expect(addUnits(before, 'Weeks', 1)).toBe(at('2026-04-04T12:00:00+02:00'));
    expect(addUnits(at('2026-10-26T12:00:00+01:00'), 'Days', -1)).toBe(
      at('2026-10-25T12:00:00+01:00'),
    );
    expect(addUnits(before, 'Minutes', -90)).toBe(before - 90 * 60_000);
  });

  it('TU11: months and years clamp the day of month', () => {
    expect(addUnits(at('2026-01-31T08:00:00+01:00'), 'Months', 1)).toBe(
      at('2026-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2026-03-31T08:00:00+02:00'), 'Months', -1)).toBe(
      at('2026-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2028-02-29T08:00:00+01:00'), 'Years', 1)).toBe(
      at('2029-02-28T08:00:00+01:00'),
    );
    expect(addUnits(at('2026-11-15T08:00:00+01:00'), 'Months', 14)).toBe(
      at('2028-01-15T08:00:00+01:00'),
    );
    expect(() => addUnits(0, 'Days', 1.5)).toThrow(RangeError);
  });
});

describe('SPEC §9 quarter-hour rounding', () => {
  it('QH1: floors, ceils and rounds to 15 minutes', () => {
    const t = at('2026-06-17T14:37:12+02:00');
    expect(roundToQuarterHour(t, 'floor')).toBe(at('2026-06-17T14:30:00+02:00'));
    expect(roundToQuarterHour(t, 'ceil')).toBe(at('2026-06-17T14:45:00+02:00'));
    expect(roundToQuarterHour(t)).toBe(at('2026-06-17T14:30:00+02:00'));
    expect(roundToQuarterHour(at('2026-06-17T14:38:00+02:00'))).toBe(
      at('2026-06-17T14:45:00+02:00'),
    );
    const exact = at('2026-06-17T14:45:00+02:00');
    expect(roundToQuarterHour(exact, 'ceil')).toBe(exact);
  });
});

describe('SPEC §2 archive trend line duration', () => {
  it('DU1: amount and unit parse; the start is the negative of the duration', () => {
    expect(parseDuration('7', 'Days')).toEqual({ amount: 7, unit: 'Days' });
    expect(parseDuration('2', 'Week')).toEqual({ amount: 2, unit: 'Weeks' });
    const now = at('2026-03-30T10:00:00+02:00');
    expect(rangeBefore(now, { amount: 7, unit: 'Days' })).toEqual({
      start: at('2026-03-23T10:00:00+01:00'),
      end: now,
    });
  });

  it('DU2: bad amounts and unsupported units raise', () => {
    for (const bad of ['0', '-3', '1.5', 'x', '']) {
      expect(() => parseDuration(bad, 'Days')).toThrow(InvalidDurationError);
    }
    expect(() => parseDuration('7', 'Second')).toThrow(UnsupportedTimeUnitError);
    expect(() => parseDuration('7', 'Custom')).toThrow(UnsupportedTimeUnitError);
  });
});
