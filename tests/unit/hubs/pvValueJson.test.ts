/** The hand-written PvValue serialiser of the hot path writes what JSON.stringify writes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES, RUNTIME_TYPES } from '../../../src/contract/enums.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { pvValueJson } from '../../../server/hubs/pvValueJson.ts';

const RUNS = Number(process.env.PEGEL_PROPERTY_RUNS ?? 300);

const base: PvValue = {
  pvRef: { type: 'AnaIn', nr: 100010001 },
  typeOfValue: 'DoubleValue',
  doubleValue: 12.34,
  quality: 'Good',
  timestamp: 1760000000123,
};

/** Numbers that stress the text: hundredths, integers, tiny, huge, -0 and non-finite ones. */
const anyNumber = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map((i) => i / 100),
  fc.integer({ min: -1e15, max: 1e15 }).map((i) => i / 100),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 0.1, 0.07, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 2 ** 30 / 100),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);

/** Strings that need escapes: quotes, backslashes, controls, lone surrogates, non-ASCII. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud800', 'Ä€🙂', ...PV_TYPES),
);

/** Optional fields present, absent, or undefined; other JSON values in odd places. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 3, arbitrary: arb },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
  );

/** A PvValue built in the contract's key order, as the plants build them. */
const pvValue = fc
  .record(
    {
      pvRef: fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            type: fc.oneof(fc.constantFrom(...PV_TYPES), anyString),
            nr: anyNumber,
          }),
        },
        { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
      ),
      typeOfValue: fc.oneof(fc.constantFrom(...PV_VALUE_TYPES), anyString),
      boolValue: maybe(fc.boolean()),
      doubleValue: maybe(anyNumber),
      failureStateValue: maybe(fc.boolean()),
      counterValue: maybe(
        fc.record({
          value: anyNumber,
          resetable: fc.boolean(),
          day: fc.integer(),
          month: fc.integer(),
          year: fc.integer(),
        }),
      ),
      runtimeValue: maybe(
        fc.record({
          lower: anyNumber,
          lowerMid: anyNumber,
          upperMid: anyNumber,
          upper: anyNumber,
          value: anyNumber,
          runtimeType: fc.constantFrom(...RUNTIME_TYPES),
        }),
      ),
      timeOfDayValue: maybe(fc.record({ hour: fc.integer(), minutes: fc.integer() })),
      quality: fc.oneof(fc.constantFrom(...QUALITIES), anyString),
      timestamp: anyNumber,
    },
    { requiredKeys: ['pvRef', 'typeOfValue', 'quality', 'timestamp'] },
  )
  .map((v) => v as unknown as PvValue);

describe('pvValueJson', () => {
  it('writes an analog value of the load plant as JSON.stringify does', () => {
    expect(pvValueJson(base)).toBe(JSON.stringify(base));
    for (const doubleValue of [0, -0, 1, -1, 0.01, 0.1, 0.5, 12.3, 12.05, -7.99, 99.99, 1e6 + 0.25])
      expect(pvValueJson({ ...base, doubleValue })).toBe(JSON.stringify({ ...base, doubleValue }));
  });

  it('writes non-finite numbers as null and leaves undefined fields out', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const v = { ...base, doubleValue: n, timestamp: n, pvRef: { type: 'AnaIn' as const, nr: n } };
      expect(pvValueJson(v)).toBe(JSON.stringify(v));
    }
    const v = { ...base, doubleValue: undefined, boolValue: undefined };
    expect(pvValueJson(v)).toBe(JSON.stringify(v));
  });

  it('escapes strings as JSON.stringify does', () => {
    const v = { ...base, quality: 'a"b\\c\n\u0001\ud800Ä' } as unknown as PvValue;
    expect(pvValueJson(v)).toBe(JSON.stringify(v));
  });

  it('writes the other kinds of value (bool, counter, runtime, time of day)', () => {
    const values: PvValue[] = [
      {
        pvRef: { type: 'DigiIn', nr: 5 },
        typeOfValue: 'BoolValue',
        boolValue: true,
        quality: 'Bad',
        timestamp: 1,
      },
      {
        pvRef: { type: 'DigiIn', nr: 6 },
        typeOfValue: 'FailureStateValue',
        failureStateValue: false,
        quality: 'Uncertain',
        timestamp: 2,
      },
      {
        pvRef: { type: 'ZaehlWert', nr: 7 },
        typeOfValue: 'CounterValue',
        counterValue: { value: 12345.678, resetable: true, day: 1, month: 2, year: 2026 },
        quality: 'Good',
        timestamp: 3,
      },
      {
        pvRef: { type: 'MinMax', nr: 8 },
        typeOfValue: 'RuntimeValue',
        runtimeValue: {
          lower: 0,
          lowerMid: 1,
          upperMid: 2,
          upper: 3,
          value: 1.5,
          runtimeType: 'Betriebszeit',
        },
        quality: 'Good',
        timestamp: 4,
      },
      {
        pvRef: { type: 'RechenWert', nr: 9 },
        typeOfValue: 'TimeOfDayValue',
        timeOfDayValue: { hour: 7, minutes: 30 },
        quality: 'Unspecified',
        timestamp: 5,
      },
    ];
    for (const v of values) expect(pvValueJson(v)).toBe(JSON.stringify(v));
  });

  it('property: equals JSON.stringify for any value in the contract order', () => {
    fc.assert(
      fc.property(pvValue, (v) => {
        expect(pvValueJson(v)).toBe(JSON.stringify(v));
      }),
      { numRuns: RUNS },
    );
  });

  it('property: another key order gives the same JSON value', () => {
    fc.assert(
      fc.property(pvValue, (v) => {
        const reversed = Object.fromEntries(Object.entries(v).reverse()) as unknown as PvValue;
        expect(JSON.parse(pvValueJson(reversed))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: RUNS },
    );
  });
});
