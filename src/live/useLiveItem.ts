/**
 * The item of a keyed live topic (workers/topics/): alert state per binding, a PV's limits,
 * its alarm state, ... Leased while the component is mounted; undefined until the engine
 * sent it, null when the topic holds none for the key (e.g. a PV in no alarm).
 * `useLiveItemState` also tells a key whose subscribe failed from one still loading.
 */
import { pvKey } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import type { PvAlarmState, PvLimitSet } from '../domain/pvAlarm.ts';
import { stationAlarmKey, type StationAlarmState } from '../domain/stationAlarm.ts';
import type { ItemKind, ItemTypes } from '../../workers/topics/itemTopics.ts';
import { useMemo } from 'react';
import { useLiveKey } from './useLiveKey.ts';

export function useLiveItem<K extends ItemKind>(
  kind: K,
  key: string | null,
): ItemTypes[K] | null | undefined {
  return useLiveKey(kind, key, (store, k) => store.getItem(kind, k)) as
    ItemTypes[K] | null | undefined;
}

/** Empty, loading, done or failed (SPEC §4): the item of a key with the state it is in. */
export type LiveItemState<T> =
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'done'; item: T | null }
  /** The subscribe failed; `item` is the last one received, if any (no longer live). */
  | { state: 'error'; error: string; item: T | null | undefined };

const EMPTY = { state: 'empty' } as const;
const LOADING = { state: 'loading' } as const;

export function useLiveItemState<K extends ItemKind>(
  kind: K,
  key: string | null,
): LiveItemState<ItemTypes[K]> {
  const item = useLiveItem(kind, key);
  const error = useLiveKey(kind, key, (store, k) => store.getItemError(kind, k));
  return useMemo(() => {
    if (key === null) return EMPTY;
    if (error !== undefined) return { state: 'error', error, item };
    return item === undefined ? LOADING : { state: 'done', item };
  }, [key, item, error]);
}

/** The alarm state of a PV (DESIGN.md "Alarm states"): null when it is in no alarm. */
export function usePvAlarm(ref: PvRef | null): PvAlarmState | null | undefined {
  return useLiveItem('pvAlarm', ref ? pvKey(ref) : null);
}

/**
 * The alarm state of a station (highest active priority, unacknowledged and active counts):
 * null when it has no current alert, undefined until the engine sent it.
 */
export function useStationAlarm(
  stationNumber: number | null,
): StationAlarmState | null | undefined {
  return useLiveItem(
    'stationAlarm',
    stationNumber === null ? null : stationAlarmKey(stationNumber),
  );
}

/** The analogue limits of a PV, kept current by `newLimitConfig`. */
export function usePvLimits(ref: PvRef | null): PvLimitSet | null | undefined {
  return useLiveItem('limitConfig', ref ? pvKey(ref) : null);
}
