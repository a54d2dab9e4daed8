import { stationKey } from '../contract/keys.ts';
import type { StationLiveData } from '../contract/station.ts';
import { useLiveKey, useLiveKeyWriter } from './useLiveKey.ts';

/** Live data of a station (name, timestamp, dial counters, dial state); none without a station. */
export function useStationLive(stationNumber: number | null): StationLiveData | undefined {
  return useLiveKey(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key),
  );
}

/**
 * A station's live data written in place: `write` gets it at each render and whenever it
 * changes, without rendering the component (a time stamp a second moves an age, not a render).
 */
export function useStationLiveWriter(
  stationNumber: number | null,
  write: (live: StationLiveData | undefined) => void,
): void {
  useLiveKeyWriter(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key),
    write,
  );
}

/** A station's dial state alone: renders when it changes, not for a newer time stamp. */
export function useStationDialState(
  stationNumber: number | null,
): StationLiveData['dialState'] | undefined {
  return useLiveKey(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key)?.dialState,
  );
}
