import { useSyncExternalStore } from 'react';
import type { ConnectionStatus } from '../../workers/engineProtocol.ts';
import { useLiveClient } from './LiveContext.ts';

/**
 * Connection and server status (SPEC §4) with the time of the last data, so a header can
 * show its age when stale. `lastDataAt` moves in steps of at least a second.
 */
export function useConnectionStatus(): ConnectionStatus {
  const { store } = useLiveClient();
  return useSyncExternalStore(
    (listener) => store.subscribeStatus(listener),
    () => store.getStatus(),
    () => store.getStatus(),
  );
}
