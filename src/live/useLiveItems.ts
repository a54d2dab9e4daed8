/**
 * The items of several keys of one keyed live topic (a chart's series, a list), leased while
 * mounted. The array changes identity only when one of the items changed.
 */
import { useEffect, useState } from 'react';
import type { ItemKind, ItemTypes } from '../../workers/topics/itemTopics.ts';
import type { LiveClient } from './LiveClient.ts';
import { useLiveClient } from './LiveContext.ts';

/**
 * Leases the items of `keys` and calls `changed` when one of them changes in the tab's store;
 * the function returned releases and unsubscribes them all.
 */
export function watchLiveItems(
  client: LiveClient,
  kind: ItemKind,
  keys: readonly string[],
  changed: () => void,
): () => void {
  const cleanups = keys.flatMap((key) => [
    client.store.subscribe(kind, key, changed),
    client.lease(kind, key),
  ]);
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}

export function useLiveItems<K extends ItemKind>(
  kind: K,
  keys: readonly string[],
): (ItemTypes[K] | null | undefined)[] {
  const client = useLiveClient();
  const joined = keys.join('\n');
  const read = () => keys.map((key) => client.store.getItem(kind, key));
  const [items, setItems] = useState(read);
  useEffect(() => {
    const list = joined ? joined.split('\n') : [];
    const update = () =>
      setItems((held) => {
        const next = list.map((key) => client.store.getItem(kind, key));
        return next.length === held.length && next.every((v, i) => v === held[i]) ? held : next;
      });
    const release = watchLiveItems(client, kind, list, update);
    update();
    return release;
  }, [client, kind, joined]);
  return items;
}
