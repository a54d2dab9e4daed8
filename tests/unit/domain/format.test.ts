/** DESIGN.md "Languages": dates and numbers follow the chosen locale. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatNumber, NO_VALUE } from '../../../src/domain/format.ts';
import { formatPattern } from '../../../src/domain/formatPattern.ts';
import { testSize } from '../../support/testSize.ts';

const MIN = 60_000;
const AT = Date.UTC(2026, 2, 14, 13, 5, 9);

describe('FMT: formatting in the chosen locale', () => {
  it('FMT1: numbers use the locale separators and a fixed number of decimals', () => {
    expect(formatNumber(12345.678, 2, 'de')).toBe('12.345,68');
    expect(formatNumber(12345.678, 2, 'en')).toBe('12,345.68');
    expect(formatNumber(12345.678, 1, 'ru')).toBe('12\u00a0345,7');
    expect(formatNumber(12345.678, 0, 'cs')).toBe('12\u00a0346');
    expect(formatNumber(3, 2, 'de')).toBe('3,00');
  });

  it('FMT1: a value that is not a finite number shows the no-value mark', () => {
    expect(formatNumber(Number.NaN, 2, 'de')).toBe(NO_VALUE);
    expect(formatNumber(Number.POSITIVE_INFINITY, 2, 'en')).toBe(NO_VALUE);
  });

  it('FMT1b (NF1): the fast number path writes exactly what Intl writes, in all four languages', () => {
    const intl = (v: number, d: number, locale: string) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(
        v,
      );
    // Live values (two decimals, a plant's ranges), magnitudes from 1e-6 to 1e16, and values
    // on a rounding half, where a scaled value and Intl's shortest-decimal rounding part.
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 100),
      fc
        .tuple(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.integer({ min: 0, max: 6 }))
        .map(([n, d]) => (n + 0.5) / 10 ** d),
      fc.constantFrom(0, -0, 1.005, 2.675, 1.045, -0.001, 999_999.995, 21_474_836.475, 5e-7),
    );
    fc.assert(
      fc.property(
        value,
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('de', 'en', 'cs', 'ru' as const),
        (v, d, locale) => {
          expect(formatNumber(v, d, locale)).toBe(intl(v, d, locale));
        },
      ),
      { numRuns: testSize(2_000, 20_000) },
    );
  });

  it('FMT2: date and time follow the locale, in the given time zone', () => {
    expect(formatDateTime(AT, 'de', { timeZone: 'UTC' })).toBe('14.03.2026, 13:05:09');
    expect(formatDateTime(AT, 'en', { timeZone: 'UTC' })).toBe('03/14/2026, 01:05:09 PM');
    expect(formatDateTime(AT, 'ru', { timeZone: 'UTC', part: 'date' })).toBe('14.03.2026');
    expect(formatDateTime(AT, 'de', { timeZone: 'Europe/Berlin', seconds: false })).toBe(
      '14.03.2026, 14:05',
    );
    expect(formatDateTime(Number.NaN, 'de')).toBe(NO_VALUE);
  });

  it('FMT3: the age of data reads naturally with the plural rules of the language', () => {
    expect(formatAge(3 * MIN, 'de')).toBe('vor 3 Minuten');
    expect(formatAge(1 * MIN, 'de')).toBe('vor 1 Minute');
    expect(formatAge(3 * MIN, 'en')).toBe('3 minutes ago');
    expect(formatAge(1 * MIN, 'ru')).toBe('1 минуту назад');
    expect(formatAge(3 * MIN, 'ru')).toBe('3 минуты назад');
    expect(formatAge(5 * MIN, 'ru')).toBe('5 минут назад');
    expect(formatAge(3 * MIN, 'cs')).toBe('před 3 minutami');
  });

  it('FMT3: ages pick the largest whole unit and never go negative', () => {
    expect(formatAge(42_000, 'de')).toBe('vor 42 Sekunden');
    expect(formatAge(2 * 60 * MIN + 5 * MIN, 'de')).toBe('vor 2 Stunden');
    expect(formatAge(3 * 24 * 60 * MIN, 'de')).toBe('vor 3 Tagen');
    expect(formatAge(-5000, 'de')).toBe('jetzt');
  });

  it('FMT3b: an age under a second reads as now in every language, not as 0 seconds ago', () => {
    expect(formatAge(0, 'de')).toBe('jetzt');
    expect(formatAge(999, 'de')).toBe('jetzt');
    expect(formatAge(1_000, 'de')).toBe('vor 1 Sekunde');
    expect(formatAge(0, 'en')).toBe('now');
    expect(formatAge(0, 'cs')).toBe('nyní');
    expect(formatAge(0, 'ru')).toBe('сейчас');
  });

  it('FMT4: fixed patterns of SPEC §9 with the names of the language', () => {
    const local = new Date(2026, 2, 14, 13, 5, 9);
    expect(formatPattern(local, 'yyyy-MM-dd', 'de')).toBe('2026-03-14');
    expect(formatPattern(local, 'dd.MM.yyyy HH:mm:ss', 'ru')).toBe('14.03.2026 13:05:09');
    expect(formatPattern(local, 'LLLL', 'de')).toBe('März');
    expect(formatPattern(local, 'LLLL', 'ru')).toBe('март');
  });
});
