/**
 * A keyed live topic: items pushed per key on a hub (alert state per binding, limit configs
 * per PV, plans, lines, energy and leakage values ...). The engine leases, batches and
 * re-subscribes them like PV values; a topic module only says where the items come from.
 * See README.md beside this file.
 */
import type { HubName } from '../../src/contract/hubs.ts';
import type { MethodPair } from '../topics.ts';
import type { ItemKind } from './itemTopics.ts';

/**
 * The items a hub message carries (its arguments as the hub sent them), by key. Malformed
 * payloads give no items.
 */
export type ItemParser<T> = (args: unknown[]) => readonly (readonly [key: string, item: T])[];

/** A topic's parsers by hub message name. */
export type ItemParsers<T> = Readonly<Record<string, ItemParser<T>>>;

export interface ItemTopic<T> {
  kind: ItemKind;
  hub: HubName;
  /** Subscribe/unsubscribe pairs, each sent the same key list; none for a derived topic. */
  methods: readonly MethodPair[];
  /** Keys per invocation (SPEC §9). */
  batchSize: number;
  /** The hub messages that carry items of the topic. */
  messages: readonly string[];
  /**
   * Their parsers, by message name. A rarely used topic gives a function that fetches them:
   * its validation code then comes with its first lease, not with the engine's start.
   */
  parsers: ItemParsers<T> | (() => Promise<ItemParsers<T>>);
  /** Combines a pushed part with the item held (e.g. one limit of a PV's four). */
  merge?(held: T | undefined, pushed: T): T;
}
