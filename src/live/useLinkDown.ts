import { useCallback, useContext, useSyncExternalStore } from 'react';
import type { LinkDown } from '../domain/valueStanding.ts';
import { LiveContext } from './LiveContext.ts';

/**
 * LD1: why the live link vouches for no value now; null while it does (or without a link).
 * A file of its own: the header's alarm banner uses it, and what it imports is in the tab's
 * first script; the station hooks beside it are the pages'.
 */
export function useLinkDown(): LinkDown | null {
  const client = useContext(LiveContext);
  const subscribe = useCallback(
    (listener: () => void) => client?.store.subscribeStatus(listener) ?? (() => undefined),
    [client],
  );
  const snapshot = () => client?.store.getLink() ?? null;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
