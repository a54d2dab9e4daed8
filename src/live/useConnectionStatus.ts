import { useSyncExternalStore } from 'react';
import { useLiveClient } from './LiveContext.ts';
import type { TabConnectionStatus } from './TabLiveStore.ts';

/**
 * Connection and server status (SPEC §4) with the time of the last data, so a header can
 * show its age when stale, or that the engine itself was lost (EL2). `lastDataAt` moves in
 * steps of at least a second.
 */
export function useConnectionStatus(): TabConnectionStatus {
  const { store } = useLiveClient();
  return useSyncExternalStore(
    (listener) => store.subscribeStatus(listener),
    () => store.getStatus(),
    () => store.getStatus(),
  );
}
