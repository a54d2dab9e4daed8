import { stationKey } from '../contract/keys.ts';
import type { StationLiveData } from '../contract/station.ts';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLiveClient } from './LiveContext.ts';
import { useLiveKey, useLiveKeyWriter } from './useLiveKey.ts';

/**
 * A station's time stamp, leased while a view shows its age or staleness (FR9): the tab's
 * frames carry a station's time stamp only while one of its views holds this lease, counted
 * like every lease (the last release stops them). Without it the station's data reads
 * `timestamp: null`.
 */
export function useStationTime(stationNumber: number | null | undefined): void {
  const client = useLiveClient();
  const key = typeof stationNumber === 'number' ? stationKey(stationNumber) : null;
  useEffect(() => (key === null ? undefined : client.lease('stationTime', key)), [client, key]);
}

/** Live data of a station (name, timestamp, dial counters, dial state); none without a station. */
export function useStationLive(stationNumber: number | null): StationLiveData | undefined {
  useStationTime(stationNumber);
  return useLiveKey(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key),
  );
}

/**
 * A station's live data written in place: `write` gets it at each render and whenever it
 * changes, without rendering the component (a time stamp a second moves an age, not a render).
 * Leases the time stamp (useStationTime).
 */
export function useStationLiveWriter(
  stationNumber: number | null,
  write: (live: StationLiveData | undefined) => void,
): void {
  useStationTime(stationNumber);
  useLiveKeyWriter(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key),
    write,
  );
}

/**
 * A station's live data but for its time stamp: renders when its dial state, counters or name
 * change, not for a newer time stamp alone (TabLiveStore.subscribeStationState). It does not
 * lease the time stamp (FR9): the data read carries one only while another view of the tab
 * does; show the age with useStationLiveWriter.
 */
export function useStationState(
  stationNumber: number | null | undefined,
): StationLiveData | undefined {
  return useStationStateOf(stationNumber, (live) => live);
}

/** A station's dial state alone: renders when it changes, not for a newer time stamp. */
export function useStationDialState(
  stationNumber: number | null | undefined,
): StationLiveData['dialState'] | undefined {
  return useStationStateOf(stationNumber, (live) => live.dialState);
}

function useStationStateOf<T>(
  stationNumber: number | null | undefined,
  read: (live: StationLiveData) => T,
): T | undefined {
  const client = useLiveClient();
  const key = typeof stationNumber === 'number' ? stationKey(stationNumber) : null;
  useEffect(() => (key === null ? undefined : client.lease('station', key)), [client, key]);
  // Subscribed to the station's state, not its time stamp: a connected station's new time
  // stamp each second wakes nothing here.
  const subscribe = useCallback(
    (listener: () => void) =>
      key === null ? () => undefined : client.store.subscribeStationState(key, listener),
    [client, key],
  );
  const snapshot = () => {
    const live = key === null ? undefined : client.store.getStation(key);
    return live === undefined ? undefined : read(live);
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Whether a station's newest data is older than `staleAfterMs`: renders when that turns, never
 * for a newer time stamp alone. A new time stamp is checked as it comes (no render while the
 * answer stays); the moment the newest data would turn stale is one timeout, moved with each
 * time stamp, so a station that goes quiet turns stale on time without a tick.
 */
export function useStationStale(stationNumber: number | null, staleAfterMs: number): boolean {
  const client = useLiveClient();
  const key = stationNumber === null ? null : stationKey(stationNumber);
  useEffect(() => (key === null ? undefined : client.lease('station', key)), [client, key]);
  // Staleness is the time stamp's age: the mark needs the time stamps (FR9).
  useStationTime(stationNumber);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (key === null) return () => undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(timer);
        const timestamp = client.store.getStation(key)?.timestamp;
        if (!timestamp) return;
        const wait = timestamp + staleAfterMs - Date.now();
        if (wait >= 0) timer = setTimeout(listener, wait + 1);
      };
      const unsubscribe = client.store.subscribe('station', key, () => {
        arm();
        listener();
      });
      arm();
      return () => {
        unsubscribe();
        clearTimeout(timer);
      };
    },
    [client, key, staleAfterMs],
  );
  const snapshot = () => {
    const timestamp = key === null ? null : client.store.getStation(key)?.timestamp;
    return !!timestamp && Date.now() - timestamp > staleAfterMs;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
