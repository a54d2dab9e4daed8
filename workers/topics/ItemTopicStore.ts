/**
 * The latest item per key of every keyed live topic (README.md beside this file). Pushed
 * items are kept only for leased keys; derived topics `put` theirs. Every change marks the
 * key dirty in the tabs that lease it. A key whose subscribe failed holds its failure until an
 * item arrives or the last tab releases it, so a view can tell "failed" from "loading".
 */
import type { HubChannel } from '../HubChannel.ts';
import type { ItemTopic } from './ItemTopic.ts';
import { ITEM_TOPICS, type ItemKind, type ItemTypes } from './itemTopics.ts';

export interface ItemTopicStoreDeps {
  isLeased(kind: ItemKind, key: string): boolean;
  changed(kind: ItemKind, key: string): void;
  /** Any hub message arrived (the header's data age). */
  dataReceived(): void;
}

export class ItemTopicStore {
  private readonly items = new Map<ItemKind, Map<string, unknown>>();
  private readonly failures = new Map<ItemKind, Map<string, string>>();

  constructor(private readonly deps: ItemTopicStoreDeps) {}

  /** Listens on a new channel for the messages of every topic of its hub. */
  attach(channel: HubChannel): void {
    for (const topic of Object.values(ITEM_TOPICS) as ItemTopic<unknown>[]) {
      if (topic.hub !== channel.hub) continue;
      for (const message of topic.messages) {
        channel.on(message.name, (...args: unknown[]) => {
          this.deps.dataReceived();
          for (const [key, item] of message.parse(args)) this.pushed(topic, key, item);
        });
      }
    }
  }

  get<K extends ItemKind>(kind: K, key: string): ItemTypes[K] | null | undefined {
    return this.items.get(kind)?.get(key) as ItemTypes[K] | null | undefined;
  }

  /** Sets the item of a derived topic; `null` = none. */
  put<K extends ItemKind>(kind: K, key: string, item: ItemTypes[K] | null): void {
    if (!this.deps.isLeased(kind, key)) return;
    this.mapOf(kind).set(key, item);
    this.failures.get(kind)?.delete(key);
    this.deps.changed(kind, key);
  }

  /** Why the key is not live (its subscribe failed); undefined while nothing failed. */
  error(kind: ItemKind, key: string): string | undefined {
    return this.failures.get(kind)?.get(key);
  }

  /** The subscribe of these keys failed: each leased one says so until an item arrives. */
  fail(kind: ItemKind, keys: readonly string[], error: string): void {
    for (const key of keys) {
      if (!this.deps.isLeased(kind, key)) continue;
      let map = this.failures.get(kind);
      if (!map) this.failures.set(kind, (map = new Map()));
      map.set(key, error);
      this.deps.changed(kind, key);
    }
  }

  /** The last tab released the key. */
  forget(kind: ItemKind, key: string): void {
    this.items.get(kind)?.delete(key);
    this.failures.get(kind)?.delete(key);
  }

  /** Keys held per kind (tests, leak checks). */
  size(kind: ItemKind): number {
    return this.items.get(kind)?.size ?? 0;
  }

  private pushed(topic: ItemTopic<unknown>, key: string, item: unknown): void {
    // NOTE: items can still arrive for a key just unsubscribed; they are not kept.
    if (!this.deps.isLeased(topic.kind, key)) return;
    const map = this.mapOf(topic.kind);
    const held = map.get(key);
    map.set(key, topic.merge ? topic.merge(held ?? undefined, item) : item);
    this.failures.get(topic.kind)?.delete(key);
    this.deps.changed(topic.kind, key);
  }

  private mapOf(kind: ItemKind): Map<string, unknown> {
    let map = this.items.get(kind);
    if (!map) this.items.set(kind, (map = new Map()));
    return map;
  }
}
