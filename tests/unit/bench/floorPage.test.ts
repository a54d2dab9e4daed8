/** The floor pages' numbers (bench/baseline/floor/snapshot.ts): written as Pegel's texts were. */
import { describe, expect, it } from 'vitest';
import {
  numberTemplate,
  readNumber,
  scaleFraction,
} from '../../../bench/baseline/floor/snapshot.ts';

describe('floor page numbers', () => {
  it.each([
    ['12,34', 'de', 7.5, '7,50'],
    ['12,34 m³/h', 'de', 101.256, '101,26 m³/h'],
    ['-3,1\u00a0bar', 'de', 2, '2,0\u00a0bar'],
    ['1.234', 'de', 5.6, '6'],
    ['12.5 %', 'en', 99.94, '99.9 %'],
    ['—', 'de', 3.14159, '3,14'],
    ['', 'en', 1, '1.00'],
  ])('BENCH-FLOOR1: a value in the shape of %j (%s): %d → %j', (shown, lang, value, written) => {
    expect(numberTemplate(shown, lang)(value)).toBe(written);
  });

  it('BENCH-FLOOR2: a gauge’s scale read back in its language, and where a value stands on it', () => {
    expect(readNumber('1.000', 'de')).toBe(1000);
    expect(readNumber('1,000.5', 'en')).toBe(1000.5);
    expect(readNumber('-2,5', 'de')).toBe(-2.5);
    expect(readNumber('150', 'en')).toBe(150);
    expect(readNumber('', 'de')).toBeNull();
    expect(readNumber(null, 'de')).toBeNull();
    expect(readNumber('—', 'de')).toBeNull();
    expect(scaleFraction(75, 0, 150)).toBe(0.5);
    expect(scaleFraction(-5, 0, 150)).toBe(0);
    expect(scaleFraction(200, 0, 150)).toBe(1);
    expect(scaleFraction(1, null, 150)).toBeNull();
    expect(scaleFraction(1, 5, 5)).toBeNull();
  });
});
