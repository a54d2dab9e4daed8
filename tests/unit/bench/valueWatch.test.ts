import { describe, expect, it } from 'vitest';
import { shownNumber, ValueHistory } from '../../../bench/harness/valueWatch.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { doubleValue } from '../../support/engine/engineHarness.ts';

const value = (nr: number, v: number): PvValue => doubleValue(nr, v, 0);

describe('dense view: what counts as the current value', () => {
  it('BENCH-CUR1: a value is current from its arrival until the next one arrives', () => {
    const h = new ValueHistory(['ai100001']);
    h.record([value(100001, 1)], 1000);
    h.record([value(100001, 2), value(100002, 9)], 2000);
    h.record([value(100001, 3)], 3000);
    // Shown at 3500, allowed to lag by 1 s: 2 (current until 3000) and 3.
    expect(h.currentBetween('ai100001', 2500, 3500)).toEqual([2, 3]);
    // A value replaced more than a second ago is stale.
    expect(h.currentBetween('ai100001', 3100, 3600)).toEqual([3]);
    // Before anything arrived there is no current value; an unwatched key has none.
    expect(h.currentBetween('ai100001', 0, 900)).toEqual([]);
    expect(h.currentBetween('ai100002', 0, 5000)).toEqual([]);
  });

  it('BENCH-CUR2: the number a value text shows, in either decimal mark', () => {
    expect(shownNumber('12,34 m³/h')).toBe(12.34);
    expect(shownNumber('-0.5')).toBe(-0.5);
    expect(shownNumber('—')).toBeNull();
    expect(shownNumber(null)).toBeNull();
  });
});
