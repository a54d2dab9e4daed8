import type { PvConfig, PvRef } from '../contract/pv.ts';
import { splitPvNr } from '../domain/pvRef.ts';
import { stationConnection, type StationConnection } from '../domain/valueStanding.ts';
import { useLinkDown } from './useLinkDown.ts';
import { useStationDialState } from './useStationLive.ts';

/**
 * Whether a station is connected now (domain/valueStanding.ts), from its live dial state;
 * 'unknown' without a station or before its live data; the link's state while the link to
 * the plant is down (LD1). Leases the station's live data.
 */
export function useStationConnection(stationNumber: number | null | undefined): StationConnection {
  return stationConnection(useStationDialState(stationNumber), useLinkDown());
}

/** The station a PV belongs to: from its number (SPEC §9), else from its configuration. */
export function pvStationNumber(pv: PvRef, config?: PvConfig): number | null {
  return splitPvNr(pv).station ?? config?.stationNumber ?? null;
}
