/**
 * The staleness of several PVs' live values (domain/valueStanding.ts), for views that show
 * many PVs at once outside React's own rows (a chart's legend). Leases each PV's value and its
 * station's live data; the array changes identity only when a PV turns stale, fresh again, or
 * its stale reason or time stamp changes, not on every new fresh value.
 */
import { useEffect, useState } from 'react';
import { pvKey, stationKey } from '../contract/keys.ts';
import type { PvRef } from '../contract/pv.ts';
import { splitPvNr } from '../domain/pvRef.ts';
import {
  stationConnection,
  valueStanding,
  type StaleMark,
  type StaleReason,
} from '../domain/valueStanding.ts';
import { useLiveClient } from './LiveContext.ts';

export interface PvStandingItem {
  reason: StaleReason;
  mark: StaleMark;
  /** When the stale value was measured; null when unknown. */
  timestamp: number | null;
}

const same = (a: PvStandingItem | null, b: PvStandingItem | null) =>
  a === b || (a !== null && b !== null && a.reason === b.reason && a.timestamp === b.timestamp);

export function usePvStandings(refs: readonly PvRef[]): (PvStandingItem | null)[] {
  const client = useLiveClient();
  const joined = refs.map((r) => `${r.type}:${r.nr}`).join('\n');
  const [items, setItems] = useState<(PvStandingItem | null)[]>(() => refs.map(() => null));
  useEffect(() => {
    const list = joined
      ? joined.split('\n').map((s) => {
          const [type, nr] = s.split(':');
          const ref = { type, nr: Number(nr) } as PvRef;
          const station = splitPvNr(ref).station;
          return { key: pvKey(ref), station: station === null ? null : stationKey(station) };
        })
      : [];
    const read = (): (PvStandingItem | null)[] =>
      list.map(({ key, station }) => {
        const value = client.store.getPvValue(key);
        const dial = station === null ? undefined : client.store.getStation(station)?.dialState;
        const s = valueStanding(value, stationConnection(dial, client.store.getLink()));
        return s.stale && s.reason && s.mark
          ? { reason: s.reason, mark: s.mark, timestamp: value?.timestamp ?? null }
          : null;
      });
    const update = () =>
      setItems((held) => {
        const next = read();
        return next.length === held.length && next.every((v, i) => same(v, held[i] ?? null))
          ? held
          : next;
      });
    const stations = [...new Set(list.flatMap((p) => (p.station === null ? [] : [p.station])))];
    const cleanups = [
      ...list.flatMap(({ key }) => [
        client.store.subscribe('pvValue', key, update),
        client.lease('pvValue', key),
      ]),
      ...stations.flatMap((key) => [
        client.store.subscribe('station', key, update),
        client.lease('station', key),
      ]),
      // LD1: the link turning down or back changes every standing.
      client.store.subscribeStatus(update),
    ];
    update();
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [client, joined]);
  return items;
}
