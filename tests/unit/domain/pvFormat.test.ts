import { describe, expect, it } from 'vitest';
import { formatPvValue, formatRuntime, qualityClass } from '../../../src/domain/pvFormat.ts';
import { NO_VALUE } from '../../../src/domain/format.ts';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';

const config: PvConfig = {
  pvRef: { type: 'AnaIn', nr: 100001 },
  name: 'Füllstand',
  eksNr: 'L01',
  subtype: '',
  dimension: 'm',
  decimalPlaces: 2,
  hasArchiveData: true,
  stationNumber: 1,
  stationName: 'Hochbehälter',
  domainConfig: { min: 0, max: 6 },
  digiDisplayConfig: { stateActiveText: 'Ein', stateInactiveText: 'Aus' },
  anaLimitConfig: null,
  alertInputConfig: null,
};
const base = { pvRef: config.pvRef, quality: 'Good' as const, timestamp: 0 };

describe('SPEC §3 PV value display', () => {
  it('PF1: quality maps to display classes, Unspecified to none', () => {
    expect(qualityClass('Good')).toBe('qualitygood');
    expect(qualityClass('Bad')).toBe('qualitybad');
    expect(qualityClass('Uncertain')).toBe('qualityuncertain');
    expect(qualityClass('Unspecified')).toBeNull();
  });

  it('PF2: analogue values use the decimal places, locale and dimension', () => {
    const v: PvValue = { ...base, typeOfValue: 'DoubleValue', doubleValue: 3.14159 };
    expect(formatPvValue(v, config, 'de')).toEqual({ text: '3,14', unit: 'm' });
    expect(formatPvValue(v, { ...config, decimalPlaces: 0 }, 'en').text).toBe('3');
  });

  it('PF3: digital values use the state texts', () => {
    const on: PvValue = { ...base, typeOfValue: 'BoolValue', boolValue: true };
    expect(formatPvValue(on, config, 'de')).toMatchObject({ text: 'Ein', active: true });
    const fail: PvValue = { ...base, typeOfValue: 'FailureStateValue', failureStateValue: false };
    expect(formatPvValue(fail, config, 'de')).toMatchObject({ text: 'Aus', failure: false });
  });

  it('PF4: counters show the value and the day/month/year periods', () => {
    const v: PvValue = {
      ...base,
      typeOfValue: 'CounterValue',
      counterValue: { value: 1234.5, resetable: true, day: 10, month: 300, year: 1200 },
    };
    expect(formatPvValue(v, config, 'en')).toMatchObject({
      text: '1,234.50',
      unit: 'm',
      detail: '10.00 / 300.00 / 1,200.00',
    });
  });

  it('PF5: runtimes read as hours and minutes, cycles as counts; time of day as HH:MM', () => {
    const r = {
      lower: 0,
      lowerMid: 0,
      upperMid: 0,
      upper: 0,
      value: 12.5,
      runtimeType: 'Betriebszeit' as const,
    };
    expect(formatRuntime(r, 'de')).toBe('12 h 30 min');
    expect(formatRuntime({ ...r, runtimeType: 'Schaltzyklen', value: 1500 }, 'de')).toBe('1.500');
    const t: PvValue = {
      ...base,
      typeOfValue: 'TimeOfDayValue',
      timeOfDayValue: { hour: 6, minutes: 5 },
    };
    expect(formatPvValue(t, config, 'de').text).toBe('06:05');
  });

  it('PF6: a missing number shows a dash, never NaN', () => {
    const v: PvValue = { ...base, typeOfValue: 'DoubleValue' };
    expect(formatPvValue(v, config, 'de').text).toBe(NO_VALUE);
  });
});
