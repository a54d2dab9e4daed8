/**
 * The station hub's pushed messages (SPEC §7: newConfig, newTimestamp, newDialCounter,
 * newDialState) into the station store, for leased stations only.
 */
import { HUB_MESSAGES } from '../src/contract/hubs.ts';
import { stationKey } from '../src/contract/keys.ts';
import type { StationStore } from './StationStore.ts';
import * as check from './validate.ts';

type On = (message: string, handler: (payload: unknown) => void) => void;

export interface StationMessageDeps {
  stations: StationStore;
  leases(stationNumber: number): boolean;
  /** The station's live key changed. */
  changed(key: string): void;
  /** Only the station's time stamp changed: news for the tabs that show its age (FR9). */
  timeChanged(key: string): void;
}

export function listenToStationHub(on: On, deps: StationMessageDeps): void {
  const { stations } = deps;
  on(HUB_MESSAGES.newConfig, (payload) => {
    if (check.isStationConfig(payload) && deps.leases(payload.station.stationNumber)) {
      deps.changed(stations.applyConfig(payload));
    }
  });
  on(HUB_MESSAGES.newTimestamp, (payload) => {
    if (check.isTimestampMessage(payload) && deps.leases(payload.stationNumber)) {
      const known = stations.get(stationKey(payload.stationNumber)) !== undefined;
      const key = stations.applyTimestamp(payload);
      // A station's first data is news for every tab, whichever message brings it.
      if (known) deps.timeChanged(key);
      else deps.changed(key);
    }
  });
  on(HUB_MESSAGES.newDialCounter, (payload) => {
    if (check.isDialCounterMessage(payload) && deps.leases(payload.stationNumber)) {
      deps.changed(stations.applyDialCounter(payload));
    }
  });
  on(HUB_MESSAGES.newDialState, (payload) => {
    if (check.isDialStateMessage(payload) && deps.leases(payload.stationNumber)) {
      deps.changed(stations.applyDialState(payload));
    }
  });
}
