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

/**
 * A station's age reads as just now until its newest time stamp is this old (shownAge.ts). A
 * connected station sends one each second or more often; while they keep coming the age reads
 * just now, so the engine passes a newer time stamp alone on to a tab only shortly before the
 * one the tab has would turn its text (workers/SPEC.md FR8): an idle station page is not woken
 * each second for a text that does not change (issue 58).
 */
export const STATION_AGE_GRACE_MS = 10_000;

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
