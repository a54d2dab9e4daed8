/**
 * The item of a keyed live topic (workers/topics/): alert state per binding, a PV's limits,
 * its alarm state, ... Leased while the component is mounted; undefined until the engine
 * sent it, null when the topic holds none for the key (e.g. a PV in no alarm).
 */
import { pvKey } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import type { PvAlarmState, PvLimitSet } from '../domain/pvAlarm.ts';
import type { ItemKind, ItemTypes } from '../../workers/topics/itemTopics.ts';
import { useLiveKey } from './useLiveKey.ts';

export function useLiveItem<K extends ItemKind>(
  kind: K,
  key: string | null,
): ItemTypes[K] | null | undefined {
  return useLiveKey(kind, key, (store, k) => store.getItem(kind, k)) as
    ItemTypes[K] | null | undefined;
}

/** The alarm state of a PV (DESIGN.md "Alarm states"): null when it is in no alarm. */
export function usePvAlarm(ref: PvRef | null): PvAlarmState | null | undefined {
  return useLiveItem('pvAlarm', ref ? pvKey(ref) : null);
}

/** The analogue limits of a PV, kept current by `newLimitConfig`. */
export function usePvLimits(ref: PvRef | null): PvLimitSet | null | undefined {
  return useLiveItem('limitConfig', ref ? pvKey(ref) : null);
}
