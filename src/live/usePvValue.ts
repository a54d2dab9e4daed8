import { pvKey } from '../contract/keys.ts';
import type { PvRef, PvValue } from '../contract/pv.ts';
import { useLiveKey } from './useLiveKey.ts';

/** The live value of a PV; undefined until the first value arrives. */
export function usePvValue(ref: PvRef): PvValue | undefined {
  return useLiveKey('pvValue', pvKey(ref), (store, key) => store.getPvValue(key));
}
