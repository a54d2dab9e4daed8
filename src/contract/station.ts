/** Stations, dial-up and station calls (SPEC §3 "Station"). */
import type { DialState, ResultStatus, ServerDialState, StationCallAction } from './enums.ts';

export interface GeoLocation {
  latitude: number;
  longitude: number;
}

export interface Station {
  id: number;
  name: string;
  /** Kind of installation, e.g. 'waterworks'; used for icons and dashboards. */
  kind: string;
  hasGeoLocation: boolean;
  location: GeoLocation | null;
  processImage: string | null;
  /** True for stations reached over a dial-up line. */
  dialUp: boolean;
  /**
   * A dial-up station's call-in interval in minutes: it calls in by itself at least this often,
   * and one silent for longer is overdue (src/domain/stationOverdue.ts). Null or absent for
   * permanently connected stations and where a plant server does not say.
   */
  callInIntervalMinutes?: number | null;
}

export interface StationRef {
  stationNumber: number;
}

export interface StationConfig {
  station: StationRef;
  name: string;
  dialState: ServerDialState;
  /** As Station.callInIntervalMinutes. */
  callInIntervalMinutes?: number | null;
}

export interface DialCounters {
  mobileNetworkStandard: string;
  dayCounter: number;
  monthCounter: number;
  yearCounter: number;
}

export interface StationLiveData {
  stationNumber: number;
  name: string;
  /** Epoch ms of the newest data received from the station. */
  timestamp: number | null;
  /** Epoch ms of the last dial-up connection. */
  lastConnection: number | null;
  dialCounters: DialCounters | null;
  dialState: DialState;
}

export interface StationCallRequest {
  action: StationCallAction;
  stations: StationRef[];
}

export interface StationCallResult {
  status: ResultStatus;
  missing: StationRef[];
  notCallable: StationRef[];
  unauthorized: StationRef[];
  errorMessage: string | null;
}
