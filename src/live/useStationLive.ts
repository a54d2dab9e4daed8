import { stationKey } from '../contract/keys.ts';
import type { StationLiveData } from '../contract/station.ts';
import { useLiveKey } from './useLiveKey.ts';

/** Live data of a station (name, timestamp, dial counters, dial state). */
export function useStationLive(stationNumber: number): StationLiveData | undefined {
  return useLiveKey('station', stationKey(stationNumber), (store, key) => store.getStation(key));
}
