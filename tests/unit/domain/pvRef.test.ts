import { describe, expect, it } from 'vitest';
import { makePvNr, splitPvNr } from '../../../src/domain/pvRef.ts';
import { parsePvKey, parsePvUrlId, pvKey, pvUrlId } from '../../../src/contract/keys.ts';

describe('SPEC §3 PvRef', () => {
  it('PV1: AnaIn, AnaOut, DigiIn, DigiOut split into station and number', () => {
    expect(splitPvNr({ type: 'AnaIn', nr: 1200042 })).toEqual({ station: 12, number: 42 });
    expect(splitPvNr({ type: 'DigiOut', nr: 99999 })).toEqual({ station: 0, number: 99999 });
    expect(makePvNr(12, 42)).toBe(1200042);
  });

  it('PV2: other types use nr as is', () => {
    expect(splitPvNr({ type: 'RechenWert', nr: 1200042 })).toEqual({
      station: null,
      number: 1200042,
    });
  });

  it('PV3: live keys carry the type prefix and round-trip', () => {
    expect(pvKey({ type: 'AnaIn', nr: 100001 })).toBe('ai100001');
    expect(pvKey({ type: 'ZaehlWert', nr: 7 })).toBe('count7');
    expect(parsePvKey('minMax12')).toEqual({ type: 'MinMax', nr: 12 });
    expect(parsePvKey('xx12')).toBeNull();
    expect(parsePvKey('ai')).toBeNull();
  });

  it('PV4: URL ids are TYPE-NR', () => {
    expect(pvUrlId({ type: 'AnaIn', nr: 100001 })).toBe('AnaIn-100001');
    expect(parsePvUrlId('DigiIn-5')).toEqual({ type: 'DigiIn', nr: 5 });
    expect(parsePvUrlId('Nope-5')).toBeNull();
    expect(parsePvUrlId('AnaIn-x')).toBeNull();
  });
});
