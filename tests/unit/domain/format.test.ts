/** DESIGN.md "Languages": dates and numbers follow the chosen locale. */
import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatNumber, NO_VALUE } from '../../../src/domain/format.ts';
import { formatPattern } from '../../../src/domain/formatPattern.ts';

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
    expect(formatAge(-5000, 'de')).toBe('vor 0 Sekunden');
  });

  it('FMT4: fixed patterns of SPEC §9 with the names of the language', () => {
    const local = new Date(2026, 2, 14, 13, 5, 9);
    expect(formatPattern(local, 'yyyy-MM-dd', 'de')).toBe('2026-03-14');
    expect(formatPattern(local, 'dd.MM.yyyy HH:mm:ss', 'ru')).toBe('14.03.2026 13:05:09');
    expect(formatPattern(local, 'LLLL', 'de')).toBe('März');
    expect(formatPattern(local, 'LLLL', 'ru')).toBe('март');
  });
});
