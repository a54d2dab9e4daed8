/** Validation of hub method arguments (server/hubs/hubArgs.ts). */
import { describe, expect, it } from 'vitest';
import {
  HubError,
  isGenericKey,
  isPvKey,
  isStationKey,
  keyListArg,
  stationNumberOfKey,
} from '../../../server/hubs/hubArgs.ts';

describe('hub arguments', () => {
  it('LH5: key lists must be arrays of well-formed keys, at most 1024 (SPEC §9)', () => {
    expect(keyListArg('Sub', [['ai100001', 'minMax3', 'count7']], isPvKey, 'PV')).toEqual([
      'ai100001',
      'minMax3',
      'count7',
    ]);
    const cases: [unknown[], string][] = [
      [[], 'Sub expects 1 argument, got 0.'],
      [[null], 'Sub expects an array of PV keys.'],
      [[['ai1', 'xy1']], "Sub: key 1 ('xy1') is not a valid PV key."],
      [[['']], "Sub: key 0 ('') is not a valid PV key."],
      [[[{}]], 'Sub: key 0 (object) is not a valid PV key.'],
      [[Array(1025).fill('ai1')], 'Sub accepts at most 1024 keys per call, got 1025.'],
    ];
    for (const [args, message] of cases) {
      expect(() => keyListArg('Sub', args, isPvKey, 'PV')).toThrow(new HubError(message));
    }
  });

  it('LH8: station keys are st<nr>; generic keys are printable ASCII without spaces', () => {
    expect(isStationKey('st12')).toBe(true);
    expect(stationNumberOfKey('st12')).toBe(12);
    expect(isStationKey('st')).toBe(false);
    expect(isStationKey('ST1')).toBe(false);
    expect(isGenericKey('StationConnection-1:2')).toBe(true);
    expect(isGenericKey('a b')).toBe(false);
    expect(isGenericKey('AnaIn-100001|Day|0')).toBe(true);
    expect(isGenericKey('tab\tkey')).toBe(false);
    expect(isGenericKey('Füllstand')).toBe(false);
  });
});
