import { describe, expect, it } from 'vitest';
import type { PvRef } from '../../../src/contract/pv.ts';
import {
  anaOutItem,
  buildPvSetRequest,
  buildSetRuntimesRequest,
  checkAnalogueValue,
  decodeTimeOfDay,
  digiOutTarget,
  encodeTimeOfDay,
  hasRuntimes,
  isSettable,
  isValidDate,
  parseDateInput,
  parseNumberInput,
  decimalMarkOf,
  parseRuntimeInput,
  parseTimeOfDayInput,
  validRangeMessage,
} from '../../../src/domain/validation/valueEntry.ts';

const ao: PvRef = { type: 'AnaOut', nr: 100_001 };
const ao2: PvRef = { type: 'AnaOut', nr: 100_002 };
const dout: PvRef = { type: 'DigiOut', nr: 100_003 };
const ai: PvRef = { type: 'AnaIn', nr: 100_004 };
const di: PvRef = { type: 'DigiIn', nr: 100_005 };

describe('SPEC §5 Value entry: domain limits', () => {
  it('VE1: below min and above max name the value and the bound; inside is fine', () => {
    const domain = { min: 0, max: 10 };
    expect(checkAnalogueValue(-1, domain)).toEqual({
      key: 'validation.valueEntry.belowMin',
      params: { value: -1, min: 0 },
    });
    expect(checkAnalogueValue(10.5, domain)).toEqual({
      key: 'validation.valueEntry.aboveMax',
      params: { value: 10.5, max: 10 },
    });
    expect(checkAnalogueValue(0, domain)).toBeNull();
    expect(checkAnalogueValue(10, domain)).toBeNull();
    expect(checkAnalogueValue(1e9, null)).toBeNull();
    expect(checkAnalogueValue(-5, { min: null, max: 3 })).toBeNull();
  });

  it('VE2: the valid range message: range, or minimum only, or maximum only', () => {
    expect(validRangeMessage({ min: 0, max: 10 })).toEqual({
      key: 'validation.valueEntry.validRange',
      params: { min: 0, max: 10 },
    });
    expect(validRangeMessage({ min: 2 })).toEqual({
      key: 'validation.valueEntry.validMin',
      params: { min: 2 },
    });
    expect(validRangeMessage({ max: 7, min: NaN })).toEqual({
      key: 'validation.valueEntry.validMax',
      params: { max: 7 },
    });
    expect(validRangeMessage(null)).toBeNull();
  });
});

describe('SPEC §5 Value entry: runtimes, dates and times of day', () => {
  it('VE3: runtime values must be non-empty and not negative', () => {
    expect(parseRuntimeInput('')).toEqual({
      ok: false,
      message: { key: 'validation.valueEntry.runtimeEmpty' },
    });
    expect(parseRuntimeInput('   ')).toMatchObject({
      message: { key: 'validation.valueEntry.runtimeEmpty' },
    });
    expect(parseRuntimeInput(null)).toMatchObject({ ok: false });
    expect(parseRuntimeInput('-1')).toEqual({
      ok: false,
      message: { key: 'validation.valueEntry.runtimeNegative' },
    });
    expect(parseRuntimeInput('abc')).toMatchObject({
      message: { key: 'validation.valueEntry.notANumber' },
    });
    expect(parseRuntimeInput('0')).toEqual({ ok: true, value: 0 });
    expect(parseRuntimeInput('12,5')).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberInput('1e3')).toBeNull();
    expect(parseNumberInput('12,5', ',')).toBe(12.5);
    expect(parseNumberInput('12.5', ',')).toBeNull();
    expect(parseNumberInput('12.5', '.')).toBe(12.5);
    expect(parseNumberInput('12,5', '.')).toBeNull();
    expect(decimalMarkOf('de')).toBe(',');
    expect(decimalMarkOf('ru')).toBe(',');
    expect(decimalMarkOf('cs')).toBe(',');
    expect(decimalMarkOf('en')).toBe('.');
    expect(parseNumberInput('1.2.3')).toBeNull();
  });

  it('VE4: a time of day is hour*256 + minutes, and decodes back', () => {
    expect(encodeTimeOfDay({ hour: 0, minutes: 0 })).toBe(0);
    expect(encodeTimeOfDay({ hour: 6, minutes: 30 })).toBe(1566);
    expect(encodeTimeOfDay({ hour: 23, minutes: 59 })).toBe(23 * 256 + 59);
    expect(decodeTimeOfDay(1566)).toEqual({ hour: 6, minutes: 30 });
    for (let h = 0; h < 24; h++) {
      for (const m of [0, 1, 59]) {
        expect(decodeTimeOfDay(encodeTimeOfDay({ hour: h, minutes: m }))).toEqual({
          hour: h,
          minutes: m,
        });
      }
    }
  });

  it("VE5: invalid dates and times of day give 'Ungültiges Datum'", () => {
    const invalid = { ok: false, message: { key: 'validation.valueEntry.invalidDate' } };
    expect(parseTimeOfDayInput('06:30')).toEqual({ ok: true, value: { hour: 6, minutes: 30 } });
    expect(parseTimeOfDayInput('6:05')).toEqual({ ok: true, value: { hour: 6, minutes: 5 } });
    expect(parseTimeOfDayInput('24:00')).toEqual(invalid);
    expect(parseTimeOfDayInput('12:60')).toEqual(invalid);
    expect(parseTimeOfDayInput('noon')).toEqual(invalid);
    expect(parseDateInput('2026-02-28')).toMatchObject({ ok: true });
    expect(parseDateInput('28.02.2026')).toEqual(parseDateInput('2026-02-28'));
    expect(parseDateInput('2026-02-30')).toEqual(invalid);
    expect(parseDateInput('31.04.2026')).toEqual(invalid);
    expect(parseDateInput('yesterday')).toEqual(invalid);
    expect(isValidDate(new Date('x'))).toBe(false);
    expect(isValidDate(new Date(0))).toBe(true);
    expect(isValidDate(null)).toBe(false);
  });

  it('VE6: runtime values are loaded only for DigiIn and AnaIn', () => {
    expect(hasRuntimes(ai)).toBe(true);
    expect(hasRuntimes(di)).toBe(true);
    expect(hasRuntimes(ao)).toBe(false);
    expect(hasRuntimes(dout)).toBe(false);
    expect(hasRuntimes({ type: 'ZaehlWert', nr: 1 })).toBe(false);
  });
});

describe('SPEC §5 Value entry / §4: building POST /api/Pv', () => {
  it('VE7: only AnaOut and DigiOut are settable', () => {
    expect(isSettable(ao)).toBe(true);
    expect(isSettable(dout)).toBe(true);
    expect(isSettable(ai)).toBe(false);
    expect(isSettable(di)).toBe(false);
  });

  it("VE8: an AnaOut takes a number or a time of day; anything else raises 'Unknown data type'", () => {
    expect(anaOutItem(ao, 4.5)).toEqual({
      pvRef: ao,
      typeOfValue: 'DoubleValue',
      doubleValue: 4.5,
    });
    expect(anaOutItem(ao, { hour: 6, minutes: 30 })).toEqual({
      pvRef: ao,
      typeOfValue: 'TimeOfDayValue',
      timeOfDayValue: 1566,
    });
    for (const bad of ['4.5', true, [1], {}, NaN, Infinity]) {
      expect(() => anaOutItem(ao, bad)).toThrow('Unknown data type');
    }
    expect(() => buildPvSetRequest([{ pvRef: ao, target: 'x' }])).toThrow('Unknown data type');
  });

  it('VE9: digital output target 2 inverts the current value; booleans and 0/1 as given', () => {
    expect(digiOutTarget(2, true)).toBe(false);
    expect(digiOutTarget(2, false)).toBe(true);
    expect(digiOutTarget(2, null)).toBeNull();
    expect(digiOutTarget(true, false)).toBe(true);
    expect(digiOutTarget(false, true)).toBe(false);
    expect(digiOutTarget(1, undefined)).toBe(true);
    expect(digiOutTarget(0, undefined)).toBe(false);
    expect(digiOutTarget(undefined, true)).toBeNull();
    expect(digiOutTarget('true', true)).toBeNull();
    expect(digiOutTarget(3, true)).toBeNull();
  });

  it('VE10: the request holds AnaOut values and DigiOut values with a bool; others are dropped', () => {
    const built = buildPvSetRequest([
      { pvRef: ao, target: 5, domain: { min: 0, max: 10 } },
      { pvRef: ao2, target: { hour: 7, minutes: 15 } },
      { pvRef: dout, target: 2, current: true },
      { pvRef: { type: 'DigiOut', nr: 9 }, target: undefined, current: true },
      { pvRef: { type: 'AnaOut', nr: 8 }, target: '' },
      { pvRef: ai, target: 3 },
      { pvRef: di, target: true },
    ]);
    expect(built).toEqual({
      ok: true,
      items: [
        { pvRef: ao, typeOfValue: 'DoubleValue', doubleValue: 5 },
        { pvRef: ao2, typeOfValue: 'TimeOfDayValue', timeOfDayValue: 7 * 256 + 15 },
        { pvRef: dout, typeOfValue: 'BoolValue', boolValue: false },
      ],
    });
  });

  it("VE11: any value outside its limits sends nothing: 'Werte sind außerhalb der Grenzwerte' with the range", () => {
    const built = buildPvSetRequest([
      { pvRef: ao, target: 11, domain: { min: 0, max: 10 } },
      { pvRef: ao2, target: -1, domain: { min: 0 } },
      { pvRef: dout, target: true },
    ]);
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.message).toEqual({ key: 'validation.valueEntry.outOfLimits' });
    expect(built.violations).toEqual([
      {
        pvRef: ao,
        value: 11,
        message: { key: 'validation.valueEntry.aboveMax', params: { value: 11, max: 10 } },
        range: { key: 'validation.valueEntry.validRange', params: { min: 0, max: 10 } },
      },
      {
        pvRef: ao2,
        value: -1,
        message: { key: 'validation.valueEntry.belowMin', params: { value: -1, min: 0 } },
        range: { key: 'validation.valueEntry.validMin', params: { min: 0 } },
      },
    ]);
    expect('items' in built).toBe(false);
  });

  it('VE12: an invalid time of day or an invert without a known current value sends nothing', () => {
    const badTime = buildPvSetRequest([{ pvRef: ao, target: { hour: 25, minutes: 0 } }]);
    expect(badTime).toMatchObject({
      ok: false,
      violations: [{ message: { key: 'validation.valueEntry.invalidDate' } }],
    });
    const unknown = buildPvSetRequest([{ pvRef: dout, target: 2 }]);
    expect(unknown).toEqual({
      ok: false,
      message: { key: 'validation.valueEntry.currentUnknown' },
      violations: [],
      unknownCurrent: [dout],
    });
  });
});

describe('SPEC §5 Value entry / §7 set-runtimes (old and new)', () => {
  const runtime = (value: number) => ({
    lower: 0,
    lowerMid: 0,
    upperMid: 0,
    upper: 0,
    value,
    runtimeType: 'Betriebszeit' as const,
  });
  const loaded = [
    { pvRef: di, runtimeValue: runtime(100) },
    { pvRef: ai, runtimeValue: runtime(5) },
    { pvRef: di, runtimeValue: runtime(7) },
  ];

  it('VE13: only changed runtime values are sent, old and new at the same position', () => {
    expect(buildSetRuntimesRequest(loaded, ['120', '5', undefined])).toEqual({
      ok: true,
      request: {
        oldValues: [loaded[0]],
        newValues: [{ pvRef: di, runtimeValue: runtime(120) }],
      },
    });
  });

  it('VE13: an empty or negative runtime value blocks the request, per field', () => {
    expect(buildSetRuntimesRequest(loaded, ['', '-3', '8'])).toEqual({
      ok: false,
      messages: [
        { key: 'validation.valueEntry.runtimeEmpty', field: '0' },
        { key: 'validation.valueEntry.runtimeNegative', field: '1' },
      ],
    });
  });
});
