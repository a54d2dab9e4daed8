/**
 * Leases one key while the component is mounted and reads it from the tab store with
 * `useSyncExternalStore`, so the component renders again only when that key changes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { LeaseKind } from '../../workers/topics.ts';
import type { TabLiveStore } from './TabLiveStore.ts';
import { useLiveClient } from './LiveContext.ts';

export function useLiveKey<T>(
  kind: LeaseKind,
  key: string | null,
  read: (store: TabLiveStore, key: string) => T | undefined,
): T | undefined {
  const client = useLiveClient();
  useEffect(() => (key === null ? undefined : client.lease(kind, key)), [client, kind, key]);
  const subscribe = useCallback(
    (listener: () => void) =>
      key === null ? () => undefined : client.store.subscribe(kind, key, listener),
    [client, kind, key],
  );
  const snapshot = () => (key === null ? undefined : read(client.store, key));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Like useLiveKey, but for a component that writes what it shows itself (as usePvLive writes a
 * PV's value, for any kind): `write` gets `read`'s data at each render and whenever the key
 * changes, straight from the tab store's listener, without a render (issue 44: a station's time
 * stamp, new each second, moves its age in place).
 */
export function useLiveKeyWriter<T>(
  kind: LeaseKind,
  key: string | null,
  read: (store: TabLiveStore, key: string) => T | undefined,
  write: (data: T | undefined) => void,
): void {
  const client = useLiveClient();
  const latest = useRef({ read, write });
  useEffect(() => (key === null ? undefined : client.lease(kind, key)), [client, kind, key]);
  useLayoutEffect(
    () =>
      key === null
        ? undefined
        : client.store.subscribe(kind, key, () =>
            latest.current.write(latest.current.read(client.store, key)),
          ),
    [client, kind, key],
  );
  // After every render: the writer may write differently now (language), and a render may
  // have replaced what the last write set.
  useLayoutEffect(() => {
    latest.current = { read, write };
    write(key === null ? undefined : read(client.store, key));
  });
}
