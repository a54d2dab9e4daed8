import { describe, expect, it } from 'vitest';
import {
  clampWindowStart,
  rangeCovers,
  rowRange,
  scrollToIndex,
} from '../../../workers/alerts/rowWindow.ts';

describe('row windows: a tab receives only its visible rows plus a margin', () => {
  it('RW1: the start is clamped into the table; past the end it shows the last rows', () => {
    expect(clampWindowStart(-5, 10, 100)).toBe(0);
    expect(clampWindowStart(20, 10, 100)).toBe(20);
    expect(clampWindowStart(95, 10, 100)).toBe(90);
    expect(clampWindowStart(50, 10, 5)).toBe(0);
    expect(clampWindowStart(3.7, 10, 100)).toBe(3);
    expect(clampWindowStart(NaN, 10, 100)).toBe(0);
  });

  it('RW2: the range adds the margin on both sides and stays inside [0, total)', () => {
    expect(rowRange(20, 10, 5, 100)).toEqual({ from: 15, to: 35 });
    expect(rowRange(0, 10, 5, 100)).toEqual({ from: 0, to: 15 });
    expect(rowRange(90, 10, 5, 100)).toEqual({ from: 85, to: 100 });
    expect(rowRange(500, 10, 5, 100)).toEqual({ from: 85, to: 100 });
    expect(rowRange(0, 10, 5, 0)).toEqual({ from: 0, to: 0 });
    expect(rowRange(10, 10, -3, 100)).toEqual({ from: 10, to: 20 });
    expect(rowRange(10, 0, 2, 100)).toEqual({ from: 8, to: 12 });
  });

  it('RW3: a held range covers a needed one only when it contains it', () => {
    expect(rangeCovers({ from: 10, to: 50 }, { from: 15, to: 35 })).toBe(true);
    expect(rangeCovers({ from: 10, to: 50 }, { from: 5, to: 35 })).toBe(false);
    expect(rangeCovers({ from: 10, to: 50 }, { from: 40, to: 51 })).toBe(false);
  });

  it('RW4: scroll to an index with start, end, center and auto alignment', () => {
    expect(scrollToIndex(50, 10, 100, 0, 'start')).toBe(50);
    expect(scrollToIndex(50, 10, 100, 0, 'end')).toBe(41);
    expect(scrollToIndex(50, 10, 100, 0, 'center')).toBe(46);
    expect(scrollToIndex(99, 10, 100, 0, 'start')).toBe(90);
    expect(scrollToIndex(2, 10, 100, 0, 'end')).toBe(0);
    // auto: visible stays, above scrolls up to it, below scrolls down the least distance
    expect(scrollToIndex(25, 10, 100, 20, 'auto')).toBe(20);
    expect(scrollToIndex(5, 10, 100, 20)).toBe(5);
    expect(scrollToIndex(35, 10, 100, 20)).toBe(26);
    expect(scrollToIndex(500, 10, 100, 20)).toBe(90);
    expect(scrollToIndex(-1, 10, 100, 20)).toBe(0);
  });
});
