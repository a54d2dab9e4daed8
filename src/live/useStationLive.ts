import { stationKey } from '../contract/keys.ts';
import type { StationLiveData } from '../contract/station.ts';
import { useLiveKey } from './useLiveKey.ts';

/** Live data of a station (name, timestamp, dial counters, dial state); none without a station. */
export function useStationLive(stationNumber: number | null): StationLiveData | undefined {
  return useLiveKey(
    'station',
    stationNumber === null ? null : stationKey(stationNumber),
    (store, key) => store.getStation(key),
  );
}
