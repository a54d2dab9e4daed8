/** Answers of the plant list routes (GET /api/Pv/all, GET /api/station/GetAllStations). */
import type { DialState } from './enums.ts';
import type { PvRef } from './pv.ts';
import type { DialCounters, Station } from './station.ts';

/**
 * One entry of GET /api/Pv/all: every PV of the plant with what a picker shows without
 * loading its config (the full config comes from POST /api/Pv/configs).
 */
export interface PvListEntry {
  pvRef: PvRef;
  name: string;
  stationNumber: number;
  stationName: string;
  dimension: string;
}

/**
 * One entry of GET /api/station/GetAllStations: the Station of SPEC §3 plus the live state
 * the station overview shows, so it needs no second call to render.
 */
export interface StationOverview extends Station {
  stationNumber: number;
  dialState: DialState;
  /** Epoch ms of the newest data received from the station. */
  timestamp: number | null;
  /** Epoch ms of the last dial-up connection; null for permanently connected stations. */
  lastConnection: number | null;
  dialCounters: DialCounters | null;
  pvCount: number;
  /** Failure inputs (FailureStateValue) currently active. */
  activeFailures: number;
}
