import type { PvConfig, PvRef } from '../contract/pv.ts';
import { splitPvNr } from '../domain/pvRef.ts';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import {
  stationConnection,
  type LinkDown,
  type StationConnection,
} from '../domain/valueStanding.ts';
import { LiveContext } from './LiveContext.ts';
import { useStationDialState } from './useStationLive.ts';

/**
 * Whether a station is connected now (domain/valueStanding.ts), from its live dial state;
 * 'unknown' without a station or before its live data; the link's state while the link to
 * the plant is down (LD1). Leases the station's live data.
 */
export function useStationConnection(stationNumber: number | null | undefined): StationConnection {
  return stationConnection(useStationDialState(stationNumber), useLinkDown());
}

/** LD1: why the live link vouches for no value now; null while it does (or without a link). */
export function useLinkDown(): LinkDown | null {
  const client = useContext(LiveContext);
  const subscribe = useCallback(
    (listener: () => void) => client?.store.subscribeStatus(listener) ?? (() => undefined),
    [client],
  );
  const snapshot = () => client?.store.getLink() ?? null;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The station a PV belongs to: from its number (SPEC §9), else from its configuration. */
export function pvStationNumber(pv: PvRef, config?: PvConfig): number | null {
  return splitPvNr(pv).station ?? config?.stationNumber ?? null;
}
