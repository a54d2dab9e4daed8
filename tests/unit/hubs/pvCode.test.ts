/** Numeric PV codes of the value hot path (server/hubs/pvCode.ts). */
import { describe, expect, it } from 'vitest';
import { PV_TYPES } from '../../../src/contract/enums.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import { MAX_PV_NR, pvCode, pvCodeOfKey, pvRefOfCode } from '../../../server/hubs/pvCode.ts';
import { isPvKey } from '../../../server/hubs/hubArgs.ts';

describe('pvCode', () => {
  it('LH1: every PV type and nr maps to a distinct code and back (SPEC §3 PvRef)', () => {
    const codes = new Set<number>();
    for (const type of PV_TYPES) {
      for (const nr of [0, 1, 100001, 9_999_999, MAX_PV_NR]) {
        const ref = { type, nr };
        const code = pvCode(ref);
        expect(pvRefOfCode(code)).toEqual(ref);
        if (nr <= 9_999_999) expect(pvCodeOfKey(pvKey(ref))).toBe(code);
        codes.add(code);
      }
    }
    expect(codes.size).toBe(PV_TYPES.length * 5);
    expect(isPvKey(`ai${MAX_PV_NR + 1}`)).toBe(false);
  });
});
