import { describe, expect, it } from 'vitest';
import {
  InvalidDurationError,
  parseDuration,
  parseTimeUnit,
  roundToQuarterHour,
  TIME_UNITS,
  timeUnitOfSpan,
  UnsupportedTimeUnitError,
} from '../../../src/domain/timeUnits.ts';

const at = (iso: string): number => Date.parse(iso);

describe('SPEC §4 time units', () => {
  it('TU1: the plural names are the units', () => {
    for (const u of TIME_UNITS) expect(parseTimeUnit(u)).toBe(u);
  });

  it('TU2: the singular names map to the units', () => {
    for (const singular of ['Year', 'Month', 'Week', 'Day', 'Hour', 'Minute'])
      expect(parseTimeUnit(singular)).toBe(`${singular}s`);
    expect(timeUnitOfSpan('Week')).toBe('Weeks');
  });

  it('TU3: Second, Unspecified, Custom and unknown names raise', () => {
    for (const bad of ['Second', 'Seconds', 'Unspecified', 'Custom', 'days', '', 'toString']) {
      expect(() => parseTimeUnit(bad)).toThrow(UnsupportedTimeUnitError);
    }
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
  it('DU1: amount and unit parse (the range before now: clock.test.ts CK9)', () => {
    expect(parseDuration('7', 'Days')).toEqual({ amount: 7, unit: 'Days' });
    expect(parseDuration('2', 'Week')).toEqual({ amount: 2, unit: 'Weeks' });
  });

  it('DU2: bad amounts and unsupported units raise', () => {
    for (const bad of ['0', '-3', '1.5', 'x', '']) {
      expect(() => parseDuration(bad, 'Days')).toThrow(InvalidDurationError);
    }
    expect(() => parseDuration('7', 'Second')).toThrow(UnsupportedTimeUnitError);
    expect(() => parseDuration('7', 'Custom')).toThrow(UnsupportedTimeUnitError);
  });
});
