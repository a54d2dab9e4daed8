/**
 * A value cell written in place: `write` gets a PV's value when the component renders and
 * whenever the value changes, straight from the tab store's listener, without rendering the
 * component or the row around it (issue 44: a live value costs the tab a few microseconds
 * where it is shown). What a value changes that React renders (whether it is stale) comes
 * from `useStaleValue`, which renders only when that changes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { pvKey } from '../contract/keys.ts';
import type { PvRef, PvValue } from '../contract/pv.ts';
import { valueStanding, type StationConnection } from '../domain/valueStanding.ts';
import { useLiveClient } from './LiveContext.ts';

export type PvValueWrite = (value: PvValue | undefined) => void;

/** Leases a PV's value while mounted and calls `write` with it in place (see above). */
export function usePvValueWriter(ref: PvRef, write: PvValueWrite): void {
  const client = useLiveClient();
  const key = pvKey(ref);
  const latest = useRef(write);
  useEffect(() => client.lease('pvValue', key), [client, key]);
  useLayoutEffect(
    () =>
      client.store.subscribe('pvValue', key, () => latest.current(client.store.getPvValue(key))),
    [client, key],
  );
  // After every render: the writer may format differently now (config, language), and a
  // render may have replaced what the last write set.
  useLayoutEffect(() => {
    latest.current = write;
    write(client.store.getPvValue(key));
  });
}

/**
 * Leases a PV's value while mounted and renders when `select(value)` changes (compared with
 * Object.is): that selection, and the value current at this render.
 */
function usePvValueSelection<T>(
  ref: PvRef,
  select: (value: PvValue | undefined) => T,
): [selected: T, current: PvValue | undefined] {
  const client = useLiveClient();
  const key = pvKey(ref);
  useEffect(() => client.lease('pvValue', key), [client, key]);
  const subscribe = useCallback(
    (listener: () => void) => client.store.subscribe('pvValue', key, listener),
    [client, key],
  );
  const snapshot = () => select(client.store.getPvValue(key));
  return [useSyncExternalStore(subscribe, snapshot, snapshot), client.store.getPvValue(key)];
}

/**
 * A PV's value while it is stale (domain/valueStanding.ts), undefined while it is fresh or
 * there is none: the component renders when the value turns stale or fresh again and when a
 * stale value changes, never for a new fresh value.
 */
export function useStaleValue(ref: PvRef, connection: StationConnection): PvValue | undefined {
  return usePvValueSelection(ref, (value) =>
    valueStanding(value, connection).stale ? value : undefined,
  )[0];
}

/**
 * A PV's value for a component that writes the value itself (usePvValueWriter) but renders
 * what `standing` makes of it: the component renders only when `standing(value)` changes
 * (compared with Object.is, so return a string or a value object from the store), and reads
 * the value current at that render.
 */
export function usePvValueStanding(
  ref: PvRef,
  standing: (value: PvValue | undefined) => unknown,
): PvValue | undefined {
  return usePvValueSelection(ref, standing)[1];
}
