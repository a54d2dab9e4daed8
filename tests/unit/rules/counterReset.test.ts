import { describe, expect, it } from 'vitest';
import type { PvValue } from '../../../src/contract/pv.ts';
import {
  buildCounterResetRequest,
  isResettableCounter,
} from '../../../src/domain/validation/counterReset.ts';

function counter(nr: number, resetable: boolean): PvValue {
  return {
    pvRef: { type: 'ZaehlWert', nr },
    typeOfValue: 'CounterValue',
    counterValue: { value: 12, resetable, day: 1, month: 2, year: 3 },
    quality: 'Good',
    timestamp: 0,
  };
}

describe('SPEC §3 CounterValue / §7 counter reset', () => {
  it('CR1: only a CounterValue flagged resetable can be reset', () => {
    expect(isResettableCounter(counter(1, true))).toBe(true);
    expect(isResettableCounter(counter(1, false))).toBe(false);
    expect(
      isResettableCounter({
        pvRef: { type: 'AnaIn', nr: 1 },
        typeOfValue: 'DoubleValue',
        doubleValue: 3,
        quality: 'Good',
        timestamp: 0,
      }),
    ).toBe(false);
    expect(isResettableCounter(undefined)).toBe(false);
  });

  it('CR2: the reset body holds each selected resettable counter once', () => {
    expect(
      buildCounterResetRequest([
        counter(1, true),
        counter(2, false),
        counter(1, true),
        counter(3, true),
      ]),
    ).toEqual([
      { type: 'ZaehlWert', nr: 1 },
      { type: 'ZaehlWert', nr: 3 },
    ]);
  });
});
