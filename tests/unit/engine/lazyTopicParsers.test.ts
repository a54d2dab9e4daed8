/**
 * A rarely used topic's parsers come with its first lease (workers/topics/README.md, rule
 * IT7): items pushed meanwhile wait for them, a key released meanwhile keeps nothing, and a
 * fetch that fails shows as the keys' error until the next lease or push tries again.
 */
import { describe, expect, it } from 'vitest';
import type { HubMessageHandler } from '../../../workers/HubTransport.ts';
import { SubscriptionRegistry } from '../../../workers/SubscriptionRegistry.ts';
import type { ItemParsers, ItemTopic } from '../../../workers/topics/ItemTopic.ts';
import { ItemTopicStore } from '../../../workers/topics/ItemTopicStore.ts';
import { ITEM_TOPICS, type ItemKind } from '../../../workers/topics/itemTopics.ts';
import { deferredImport } from '../../support/deferredImport.ts';
import { settle } from '../../support/engine/FakeTimers.ts';

interface Item {
  id: string;
  v: number;
}

const PARSERS: ItemParsers<Item> = {
  pushed: ([item]) => {
    const i = item as Partial<Item> | null;
    return i && typeof i.id === 'string' && typeof i.v === 'number' ? [[i.id, i as Item]] : [];
  },
};

function setup() {
  const { load, loads: fetches } = deferredImport<ItemParsers<Item>>();
  const topic: ItemTopic<Item> = {
    kind: 'energy',
    hub: 'energyOpt',
    methods: [],
    batchSize: 10,
    messages: ['pushed'],
    parsers: load,
  };
  const registry = new SubscriptionRegistry();
  const changes: string[] = [];
  const handlers = new Map<string, HubMessageHandler>();
  const store = new ItemTopicStore({
    leases: registry,
    changed: (kind, key) => changes.push(`${kind}:${key}`),
    dataReceived: () => undefined,
    topics: [topic as ItemTopic<unknown>],
  });
  store.attach({ hub: 'energyOpt', on: (message, handler) => handlers.set(message, handler) });
  const push = (item: unknown) => handlers.get('pushed')!(item);
  const lease = (key: string) => {
    registry.add('energy', key, 'tab');
    return store.ready('energy');
  };
  return { store, registry, fetches, changes, push, lease };
}

describe('topic parsers fetched with the first lease', () => {
  it('IT7: items pushed while the parsers are on their way are applied once they are here, in order', async () => {
    const { store, fetches, changes, push, lease } = setup();
    const ready = lease('1');
    expect(fetches).toHaveLength(1);
    push({ id: '1', v: 1 });
    push({ id: '1', v: 2 });
    push({ id: '1', bad: true });
    const again = lease('2'); // one fetch for every lease
    expect(fetches).toHaveLength(1);
    expect(store.get('energy', '1')).toBeUndefined();
    fetches[0]!.resolve(PARSERS);
    await Promise.all([ready, again]);
    expect(store.get('energy', '1')).toEqual({ id: '1', v: 2 });
    expect(changes).toEqual(['energy:1', 'energy:1']);
    push({ id: '2', v: 3 }); // from now on at once
    expect(store.get('energy', '2')).toEqual({ id: '2', v: 3 });
    await lease('3');
    expect(fetches).toHaveLength(1);
  });

  it('IT7b: a key released while the parsers are on their way keeps nothing', async () => {
    const { store, registry, fetches, push, lease } = setup();
    const ready = lease('1');
    push({ id: '1', v: 1 });
    registry.remove('energy', '1', 'tab');
    store.forget('energy', '1');
    fetches[0]!.resolve(PARSERS);
    await ready;
    expect(store.get('energy', '1')).toBeUndefined();
    expect(store.size('energy')).toBe(0);
  });

  it('IT7c: parsers that cannot be fetched fail every leased key with why; the next lease fetches again', async () => {
    const { store, fetches, push, lease } = setup();
    const ready = lease('1');
    push({ id: '1', v: 1 });
    fetches[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(ready).resolves.toBeUndefined();
    expect(store.error('energy', '1')).toMatch(/energy.*Failed to fetch dynamically imported/);
    expect(store.get('energy', '1')).toBeUndefined();

    const retry = lease('2');
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve(PARSERS);
    await retry;
    push({ id: '1', v: 5 }); // the next item clears the failure (IT6)
    expect(store.get('energy', '1')).toEqual({ id: '1', v: 5 });
    expect(store.error('energy', '1')).toBeUndefined();
  });

  it('IT7d: a push after a failed fetch tries again, so a reconnect brings the topic back', async () => {
    const { store, fetches, push, lease } = setup();
    const ready = lease('1');
    fetches[0]!.reject(new Error('offline'));
    await ready;
    push({ id: '1', v: 7 });
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve(PARSERS);
    await settle();
    expect(store.get('energy', '1')).toEqual({ id: '1', v: 7 });
    expect(store.error('energy', '1')).toBeUndefined();
  });

  it('IT7e: every topic has a parser for each message it listens to', async () => {
    for (const kind of Object.keys(ITEM_TOPICS) as ItemKind[]) {
      const topic = ITEM_TOPICS[kind] as ItemTopic<unknown>;
      const parsers = typeof topic.parsers === 'function' ? await topic.parsers() : topic.parsers;
      expect(Object.keys(parsers).sort(), kind).toEqual([...topic.messages].sort());
    }
  });
});
