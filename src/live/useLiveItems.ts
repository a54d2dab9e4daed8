/**
 * The items of several keys of one keyed live topic (a chart's series, a list), leased while
 * mounted. The array changes identity only when one of the items changed.
 */
import { useEffect, useState } from 'react';
import type { ItemKind, ItemTypes } from '../../workers/topics/itemTopics.ts';
import { useLiveClient } from './LiveContext.ts';

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
    const cleanups = list.flatMap((key) => [
      client.store.subscribe(kind, key, update),
      client.lease(kind, key),
    ]);
    update();
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }, [client, kind, joined]);
  return items;
}
