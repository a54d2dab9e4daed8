/**
 * A keyed live topic: items pushed per key on a hub (alert state per binding, limit configs
 * per PV, plans, lines, energy and leakage values ...). The engine leases, batches and
 * re-subscribes them like PV values; a topic module only says where the items come from.
 * See README.md beside this file.
 */
import { HUB_METHODS, SUBSCRIPTION_BATCH_SIZE, type HubName } from '../../src/contract/hubs.ts';
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

type HubMethods = typeof HUB_METHODS;

/** The names N of a hub's `subscribeToN`/`unsubscribeFromN` method pairs. */
type PairName<H extends HubName> = {
  [M in keyof HubMethods[H]]: M extends `subscribeTo${infer N}`
    ? `unsubscribeFrom${N}` extends keyof HubMethods[H]
      ? N
      : never
    : never;
}[keyof HubMethods[H]];

/**
 * Where the items of most topics come from: one subscribe/unsubscribe pair of `hub` (e.g.
 * `SubscribeToPlans`/`UnsubscribeFromPlans` for `'Plans'`), the batch size of SPEC §9, and the
 * one hub message that pushes them.
 */
export function pushedOn<H extends HubName>(
  hub: H,
  pair: PairName<H>,
  message: string,
): Pick<ItemTopic<never>, 'hub' | 'methods' | 'batchSize' | 'messages'> {
  const methods: Readonly<Record<string, string>> = HUB_METHODS[hub];
  const subscribe = methods[`subscribeTo${pair}`];
  const unsubscribe = methods[`unsubscribeFrom${pair}`];
  if (subscribe === undefined || unsubscribe === undefined) {
    throw new Error(`hub ${hub} has no method pair ${pair}`);
  }
  return {
    hub,
    methods: [{ subscribe, unsubscribe }],
    batchSize: SUBSCRIPTION_BATCH_SIZE,
    messages: [message],
  };
}
