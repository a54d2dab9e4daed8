/**
 * GS: what of a value a single-value tile renders (gaugeModel.ts `gaugeStanding`, issue 58),
 * read without formatting the value, is what the tile's model says: a stale value itself,
 * else its state, side of the limits, unit, quality and whether it has a bar. The tile renders
 * exactly when this changes, so a difference would leave a stale mark, a state colour or a
 * limit side unrendered.
 */
import { describe, expect, it } from 'vitest';
import type { PvConfig, PvValue } from '../../../src/contract/pv.ts';
import type { StationConnection } from '../../../src/domain/valueStanding.ts';
import {
  gaugeModel,
  gaugeStanding,
  type GaugeModel,
} from '../../../src/features/dashboard/gauges/gaugeModel.ts';

/** The standing the tile took from its model before (SingleValueTile's `tileStanding`). */
function fromModel(value: PvValue | undefined, m: GaugeModel): unknown {
  if (m.standing.stale) return value;
  const bar = m.fraction === null ? 'none' : 'bar';
  return `${m.state}|${m.limitState}|${m.unit}|${m.quality ?? ''}|${bar}`;
}

const REF = { type: 'AnaIn', nr: 100_001 } as const;
const base = { pvRef: REF, timestamp: 1_000 } as const;

const VALUES: (PvValue | undefined)[] = [
  undefined,
  ...(['Good', 'Uncertain', 'Bad', 'Unspecified'] as const).flatMap((quality): PvValue[] => [
    { ...base, quality, typeOfValue: 'DoubleValue', doubleValue: 5 },
    { ...base, quality, typeOfValue: 'DoubleValue', doubleValue: 0 },
    { ...base, quality, typeOfValue: 'DoubleValue', doubleValue: 9.5 },
    { ...base, quality, typeOfValue: 'DoubleValue', doubleValue: -1 },
    { ...base, quality, typeOfValue: 'BoolValue', boolValue: true },
    { ...base, quality, typeOfValue: 'BoolValue', boolValue: false },
    { ...base, quality, typeOfValue: 'FailureStateValue', failureStateValue: true },
    {
      ...base,
      quality,
      typeOfValue: 'CounterValue',
      counterValue: { value: 12, day: 1, month: 2, year: 3 },
    } as PvValue,
    { ...base, quality, typeOfValue: 'CounterValue' },
    {
      ...base,
      quality,
      typeOfValue: 'RuntimeValue',
      runtimeValue: { value: 3.5, runtimeType: 'Betriebsstunden' },
    } as unknown as PvValue,
    {
      ...base,
      quality,
      typeOfValue: 'TimeOfDayValue',
      timeOfDayValue: { hour: 6, minutes: 30 },
    } as PvValue,
  ]),
];

const CONFIGS: (PvConfig | undefined)[] = [
  undefined,
  { pvRef: REF, name: 'Füllstand', dimension: 'm', decimalPlaces: 1 } as unknown as PvConfig,
  {
    pvRef: REF,
    name: 'Füllstand',
    dimension: 'm',
    decimalPlaces: 1,
    domainConfig: { min: 0, max: 10 },
    anaLimitConfig: { lower: 1, lowerMid: 2, upperMid: 8, upper: 9 },
  } as unknown as PvConfig,
  {
    pvRef: REF,
    name: 'Pumpe',
    digiDisplayConfig: { stateActiveText: 'Ein', stateInactiveText: 'Aus' },
  } as unknown as PvConfig,
];

const CONNECTIONS: StationConnection[] = [
  'connected',
  'notConnected',
  'unknown',
  'linkDown',
  'restarting',
];

describe('GS: a tile renders when what its model shows changes', () => {
  it('GS1: the standing read without formatting is the model’s, for every kind of value, config and connection', () => {
    let cases = 0;
    for (const value of VALUES)
      for (const config of CONFIGS)
        for (const connection of CONNECTIONS) {
          const expected = fromModel(value, gaugeModel(value, config, 'de', null, connection));
          const entry = config ? { state: 'ready', config } : { state: 'loading' };
          expect(
            gaugeStanding(value, { config: entry, connection }),
            JSON.stringify({ value, config, connection }),
          ).toBe(expected);
          cases++;
        }
    expect(cases).toBeGreaterThan(800);
  });

  it('GS2: a stale value is its own standing (the tile renders its note for each), a fresh one a string', () => {
    const v: PvValue = {
      ...base,
      quality: 'Uncertain',
      typeOfValue: 'DoubleValue',
      doubleValue: 1,
    };
    expect(
      gaugeStanding(v, { config: { state: 'loading' } as never, connection: 'connected' }),
    ).toBe(v);
    const fresh = { ...v, quality: 'Good' } as PvValue;
    expect(typeof gaugeStanding(fresh, { config: {}, connection: 'connected' })).toBe('string');
  });
});
