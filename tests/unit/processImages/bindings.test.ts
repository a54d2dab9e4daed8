/** PI rules: evaluation of process-image bindings (DESIGN.md "Process images"). */
import { describe, expect, it } from 'vitest';
import type { PvValue } from '../../../src/contract/pv.ts';
import {
  fillFraction,
  isVisible,
  parseBindings,
  stateOf,
  valueText,
} from '../../../src/features/shared/pvBindings.ts';
import { pvConfigOf } from '../../support/pvConfigs.ts';

const ref = { type: 'AnaIn', nr: 700001 } as const;
const dbl = (doubleValue: number, quality: PvValue['quality'] = 'Good'): PvValue => ({
  pvRef: ref,
  typeOfValue: 'DoubleValue',
  doubleValue,
  quality,
  timestamp: 0,
});
const config = pvConfigOf(ref, {
  name: 'Füllstand Pumpensumpf',
  subtype: 'Füllstand',
  dimension: 'm',
  decimalPlaces: 2,
  hasArchiveData: true,
  stationNumber: 7,
  stationName: 'Abwasserpumpwerk Mühlgraben',
  domainConfig: { min: 0, max: 3.5 },
});

describe('process image bindings', () => {
  it('PI-B1: data-bind lists known kinds and ignores the rest', () => {
    expect(parseBindings('state  rotate bogus')).toEqual(['state', 'rotate']);
    expect(parseBindings(null)).toEqual([]);
  });

  it('PI-B2: value text has the unit, locale decimals and the quality class', () => {
    expect(valueText(dbl(1.234), config, 'de')).toEqual({
      text: '1,23 m',
      quality: 'qualitygood',
      stale: null,
    });
    expect(valueText(undefined, config, 'de').text).toBe('—');
  });

  it('PI-B6: a stale value reads with its mark and age in words, as in every view', () => {
    const hours2 = 2 * 3_600_000;
    expect(
      valueText(dbl(1.234), config, 'de', { connection: 'notConnected', now: hours2 }),
    ).toEqual({
      text: '? 1,23 m · vor 2 Stunden',
      quality: 'qualityuncertain',
      stale: 'stationOffline',
    });
    expect(valueText(dbl(1.234, 'Bad'), config, 'en')).toEqual({
      text: '! 1.23 m',
      quality: 'qualitybad',
      stale: 'bad',
    });
    expect(
      valueText(dbl(1.234), config, 'ru', { connection: 'connected', now: hours2 }).stale,
    ).toBeNull();
  });

  it('PI-B3: state: failure inputs, digital values, numbers, bad quality', () => {
    const base = { pvRef: { type: 'DigiIn', nr: 700010 }, quality: 'Good', timestamp: 0 } as const;
    expect(stateOf({ ...base, typeOfValue: 'FailureStateValue', failureStateValue: true })).toBe(
      'failure',
    );
    expect(stateOf({ ...base, typeOfValue: 'FailureStateValue', failureStateValue: false })).toBe(
      'ok',
    );
    expect(stateOf({ ...base, typeOfValue: 'BoolValue', boolValue: true })).toBe('on');
    expect(stateOf({ ...base, typeOfValue: 'BoolValue', boolValue: false })).toBe('off');
    expect(stateOf(dbl(0))).toBe('off');
    expect(stateOf(dbl(4))).toBe('on');
    expect(stateOf(dbl(4, 'Bad'))).toBe('bad');
    expect(stateOf(undefined)).toBe('unknown');
  });

  it('PI-B4: fill level within the domain, clamped, or within data-fill-min/max', () => {
    expect(fillFraction(dbl(1.75), config)).toBeCloseTo(0.5);
    expect(fillFraction(dbl(-1), config)).toBe(0);
    expect(fillFraction(dbl(9), config)).toBe(1);
    expect(fillFraction(dbl(1), config, { min: 0, max: 2 })).toBeCloseTo(0.5);
    expect(fillFraction(dbl(1), { ...config, domainConfig: null })).toBeNull();
    expect(fillFraction(undefined, config)).toBeNull();
  });

  it('PI-B5: visibility follows data-visible-when', () => {
    expect(isVisible('failure', 'failure')).toBe(true);
    expect(isVisible('failure', 'ok')).toBe(false);
    expect(isVisible('failure', 'unknown')).toBe(false);
    expect(isVisible(null, 'on')).toBe(true);
    expect(isVisible('off', 'off')).toBe(true);
  });
});
