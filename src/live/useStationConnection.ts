import type { PvConfig, PvRef } from '../contract/pv.ts';
import { splitPvNr } from '../domain/pvRef.ts';
import { stationConnection, type StationConnection } from '../domain/valueStanding.ts';
import { useStationDialState } from './useStationLive.ts';

/**
 * Whether a station is connected now (domain/valueStanding.ts), from its live dial state;
 * 'unknown' without a station or before its live data. Leases the station's live data.
 */
export function useStationConnection(stationNumber: number | null | undefined): StationConnection {
  return stationConnection(useStationDialState(stationNumber));
}

/** The station a PV belongs to: from its number (SPEC §9), else from its configuration. */
export function pvStationNumber(pv: PvRef, config?: PvConfig): number | null {
  return splitPvNr(pv).station ?? config?.stationNumber ?? null;
}
