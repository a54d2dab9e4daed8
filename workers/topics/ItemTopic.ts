/**
 * A keyed live topic: items pushed per key on a hub (alert state per binding, limit configs
 * per PV, plans, lines, energy and leakage values ...). The engine leases, batches and
 * re-subscribes them like PV values; a topic module only says where the items come from.
 * See README.md beside this file.
 */
import type { HubName } from '../../src/contract/hubs.ts';
import type { MethodPair } from '../topics.ts';
import type { ItemKind } from './itemTopics.ts';

/** One hub message that carries items of the topic. */
export interface ItemMessage<T> {
  name: string;
  /** The message's arguments as the hub sent them -> the items it carries, by key. Malformed
   * payloads give no items. */
  parse(args: unknown[]): readonly (readonly [key: string, item: T])[];
}

export interface ItemTopic<T> {
  kind: ItemKind;
  hub: HubName;
  /** Subscribe/unsubscribe pairs, each sent the same key list; none for a derived topic. */
  methods: readonly MethodPair[];
  /** Keys per invocation (SPEC §9). */
  batchSize: number;
  messages: readonly ItemMessage<T>[];
  /** Combines a pushed part with the item held (e.g. one limit of a PV's four). */
  merge?(held: T | undefined, pushed: T): T;
}
