/**
 * A tab's live client for hook tests: a real TabLiveStore, and leases counted by `kind:key`
 * (taken minus released; a release counts once however often it is called).
 */
import type { LiveClient } from '../../src/live/LiveClient.ts';
import { TabLiveStore } from '../../src/live/TabLiveStore.ts';

export function countingClient() {
  const store = new TabLiveStore();
  const held = new Map<string, number>();
  const lease = (kind: string, key: string) => {
    const id = `${kind}:${key}`;
    held.set(id, (held.get(id) ?? 0) + 1);
    let released = false;
    return () => {
      if (!released) held.set(id, held.get(id)! - 1);
      released = true;
    };
  };
  const client = { store, lease } as unknown as LiveClient;
  /** The leases held now, by `kind:key`, in key order. */
  const leased = () =>
    Object.fromEntries([...held].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
  return { store, client, held, leased };
}
