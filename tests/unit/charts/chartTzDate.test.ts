/**
 * Issue 57 item 3: uPlot places a chart's time ticks by the local fields of the Date its
 * `tzDate` returns. chartTzDate gives it the plant's wall clock whatever zone the browser is in
 * (here: the process's zone, set to New York and Kathmandu), on the DST days too, and asks Intl
 * for the offset once per quarter hour, not once per call.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tzOffset } from '@date-fns/tz';
import { chartTzDate, wallClockDate } from '../../../src/domain/chartTzDate.ts';
import { wallOf } from '../../support/wallClock.ts';

vi.mock('@date-fns/tz', async (importOriginal) => {
  const real = await importOriginal<{ tzOffset: typeof tzOffset }>();
  return { ...real, tzOffset: vi.fn(real.tzOffset) };
});

const PLANT = 'Europe/Berlin';
const fieldsOf = (d: Date) => [
  d.getFullYear(),
  d.getMonth() + 1,
  d.getDate(),
  d.getHours(),
  d.getMinutes(),
  d.getSeconds(),
];

describe('chartTzDate', () => {
  const browserZone = process.env.TZ;
  afterEach(() => {
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
    vi.mocked(tzOffset).mockClear();
  });

  it.each([
    ['America/New_York', 300],
    ['Asia/Kathmandu', -345],
    ['UTC', 0],
  ] as const)(
    'ZD1: from a browser in %s the Date reads the plant wall clock, across both DST days',
    (zone, januaryOffset) => {
      process.env.TZ = zone;
      expect(new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset()).toBe(januaryOffset);
      // Every 7 minutes through the spring and autumn change days (Berlin 29 March, 25
      // October 2026) and a summer and a winter day; New York changes on 8 March / 1 November.
      const days = [
        '2026-03-28T12:00Z',
        '2026-10-24T12:00Z',
        '2026-07-01T00:00Z',
        '2026-01-15T00:00Z',
      ];
      for (const day of days) {
        const from = Date.parse(day);
        for (let ms = from; ms < from + 2 * 86_400_000; ms += 7 * 60_000 + 13_000)
          expect(fieldsOf(wallClockDate(PLANT, ms)), new Date(ms).toISOString()).toEqual(
            wallOf(ms, PLANT),
          );
      }
      // The plant's midnight after its 25-hour day is a midnight of the Date uPlot reads.
      const midnight = wallClockDate(PLANT, Date.parse('2026-10-25T23:00Z'));
      expect([midnight.getDate(), midnight.getHours(), midnight.getMinutes()]).toEqual([26, 0, 0]);
    },
  );

  it('ZD2: uPlot gets no tzDate while the zone is unknown; seconds are scaled to ms', () => {
    expect(chartTzDate(undefined)).toBeUndefined();
    const seconds = chartTzDate(PLANT, 1000)!;
    const at = Date.parse('2026-07-01T21:40:00Z');
    expect(fieldsOf(seconds(at / 1000))).toEqual(fieldsOf(chartTzDate(PLANT)!(at)));
  });

  it('ZD3: a year of hourly calls builds no Intl formatter and asks for an offset once per quarter hour', () => {
    const zone = 'America/Chicago';
    const from = Date.parse('2025-01-01T00:00Z');
    const tz = chartTzDate(zone)!;
    tz(from); // the zone's one formatter (in @date-fns/tz)
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const asked = vi.mocked(tzOffset);
    asked.mockClear();
    const hours = 365 * 24;
    for (let h = 1; h <= hours; h++) tz(from + h * 3_600_000);
    expect(built).not.toHaveBeenCalled();
    expect(asked).toHaveBeenCalledTimes(hours);
    // The same range drawn again (other instants in the same quarter hours) asks for none.
    asked.mockClear();
    for (let h = 1; h <= hours; h++) tz(from + h * 3_600_000 + 60_000);
    expect(asked).not.toHaveBeenCalled();
    built.mockRestore();
  });
});
