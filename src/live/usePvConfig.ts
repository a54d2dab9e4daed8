import { pvKey } from '../contract/keys.ts';
import type { PvConfig, PvRef } from '../contract/pv.ts';
import { useLiveKey } from './useLiveKey.ts';

export interface PvConfigState {
  state: 'loading' | 'ready' | 'error';
  config?: PvConfig;
  error?: string;
}

const LOADING: PvConfigState = { state: 'loading' };

/** The config of a PV from the engine's shared cache, kept current by the pv hub. */
export function usePvConfig(ref: PvRef): PvConfigState {
  return useLiveKey('pvConfig', pvKey(ref), (store, key) => store.getPvConfig(key)) ?? LOADING;
}
