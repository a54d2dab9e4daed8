/**
 * Leases one key while the component is mounted and reads it from the tab store with
 * `useSyncExternalStore`, so the component renders again only when that key changes.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
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
