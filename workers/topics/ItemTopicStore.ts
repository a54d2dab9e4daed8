/**
 * The latest item per key of every keyed live topic (README.md beside this file). Pushed
 * items are kept only for leased keys; derived topics `put` theirs. Every change marks the
 * key dirty in the tabs that lease it. A key whose subscribe failed holds its failure until an
 * item arrives or the last tab releases it, so a view can tell "failed" from "loading".
 *
 * A rarely used topic's parsers are fetched with its first lease (`ready`). Messages that
 * arrive meanwhile wait and are parsed in order once they are here; if they cannot be
 * fetched, every leased key of the topic fails with why, and the next lease or message of the
 * topic tries again.
 */
import type { HubChannel } from '../HubChannel.ts';
import type { ItemParsers, ItemTopic } from './ItemTopic.ts';
import { ITEM_TOPICS, isItemKind, type ItemKind, type ItemTypes } from './itemTopics.ts';
import { toError } from '../errors.ts';

export interface ItemTopicStoreDeps {
  /** Which keys tabs lease (the engine's subscription registry). */
  leases: {
    has(kind: ItemKind, key: string): boolean;
    keysOf(kind: ItemKind): readonly string[];
  };
  changed(kind: ItemKind, key: string): void;
  /** Any hub message arrived (the header's data age). */
  dataReceived(): void;
  /** The topics; ITEM_TOPICS unless given (tests). */
  topics?: readonly ItemTopic<unknown>[];
}

export class ItemTopicStore {
  private readonly items = new Map<ItemKind, Map<string, unknown>>();
  private readonly failures = new Map<ItemKind, Map<string, string>>();
  /** Parsers fetched so far (topics that give a function), and the fetches under way. */
  private readonly fetched = new Map<ItemKind, ItemParsers<unknown>>();
  private readonly fetching = new Map<ItemKind, Fetching>();
  private readonly topics: ReadonlyMap<ItemKind, ItemTopic<unknown>>;
  /** Counts pushed items; `pushedAt` holds the count at each key's last push. */
  private pushes = 0;
  private readonly pushedAt = new Map<ItemKind, Map<string, number>>();

  constructor(private readonly deps: ItemTopicStoreDeps) {
    const topics = deps.topics ?? (Object.values(ITEM_TOPICS) as ItemTopic<unknown>[]);
    this.topics = new Map(topics.map((topic) => [topic.kind, topic]));
  }

  /** Listens on a new channel for the messages of every topic of its hub. */
  attach(channel: Pick<HubChannel, 'hub' | 'on'>): void {
    for (const topic of this.topics.values()) {
      if (topic.hub !== channel.hub) continue;
      for (const message of topic.messages) {
        channel.on(message, (...args: unknown[]) => {
          this.deps.dataReceived();
          this.received(topic, message, args);
        });
      }
    }
  }

  /**
   * Settles once the parsers of `kind` are here (at once for most topics): a lease awaits it,
   * so the first item it is sent finds them. Never rejects; a failed fetch fails the keys.
   */
  ready(kind: string): Promise<void> {
    const topic = isItemKind(kind) ? this.topics.get(kind) : undefined;
    return !topic || this.parsersOf(topic) ? Promise.resolve() : this.fetch(topic).done;
  }

  get<K extends ItemKind>(kind: K, key: string): ItemTypes[K] | null | undefined {
    return this.items.get(kind)?.get(key) as ItemTypes[K] | null | undefined;
  }

  /** Sets the item of a derived topic; `null` = none. */
  put<K extends ItemKind>(kind: K, key: string, item: ItemTypes[K] | null): void {
    if (!this.deps.leases.has(kind, key)) return;
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
      if (!this.deps.leases.has(kind, key)) continue;
      let map = this.failures.get(kind);
      if (!map) this.failures.set(kind, (map = new Map()));
      map.set(key, error);
      this.deps.changed(kind, key);
    }
  }

  /** The subscribe of these keys failed (any lease kind; only item topics keep it). */
  subscribeFailed(kind: string, keys: readonly string[], error: unknown): void {
    if (isItemKind(kind)) this.fail(kind, keys, toError(error).message);
  }

  /** The last tab released the key. */
  forget(kind: ItemKind, key: string): void {
    this.items.get(kind)?.delete(key);
    this.pushedAt.get(kind)?.delete(key);
    this.failures.get(kind)?.delete(key);
  }

  /** A mark to ask `pushedSince` about: pushes after it are newer. */
  mark(): number {
    return this.pushes;
  }

  /** Whether the server pushed an item of the key after `mark` (its current state). */
  pushedSince(kind: ItemKind, key: string, mark: number): boolean {
    return (this.pushedAt.get(kind)?.get(key) ?? -1) > mark;
  }

  /** Keys held per kind (tests, leak checks). */
  size(kind: ItemKind): number {
    return this.items.get(kind)?.size ?? 0;
  }

  private parsersOf(topic: ItemTopic<unknown>): ItemParsers<unknown> | undefined {
    return typeof topic.parsers === 'function' ? this.fetched.get(topic.kind) : topic.parsers;
  }

  private received(topic: ItemTopic<unknown>, message: string, args: unknown[]): void {
    const parsers = this.parsersOf(topic);
    if (parsers) this.parse(parsers, topic, message, args);
    else this.fetch(topic).waiting.push([message, args]);
  }

  private parse(
    parsers: ItemParsers<unknown>,
    topic: ItemTopic<unknown>,
    message: string,
    args: unknown[],
  ): void {
    const parse = parsers[message];
    if (parse) for (const [key, item] of parse(args)) this.pushed(topic, key, item);
  }

  private fetch(topic: ItemTopic<unknown>): Fetching {
    const { kind, parsers } = topic;
    let fetching = this.fetching.get(kind);
    if (fetching || typeof parsers !== 'function')
      return fetching ?? { done: Promise.resolve(), waiting: [] };
    const waiting: Fetching['waiting'] = [];
    const done = parsers().then(
      (fetched) => {
        this.fetching.delete(kind);
        this.fetched.set(kind, fetched);
        for (const [message, args] of waiting) this.parse(fetched, topic, message, args);
      },
      (error: unknown) => {
        this.fetching.delete(kind);
        const why = toError(error).message;
        this.fail(kind, this.deps.leases.keysOf(kind), `Could not load the ${kind} topic: ${why}`);
      },
    );
    fetching = { done, waiting };
    this.fetching.set(kind, fetching);
    return fetching;
  }

  private pushed(topic: ItemTopic<unknown>, key: string, item: unknown): void {
    // NOTE: items can still arrive for a key just unsubscribed; they are not kept.
    if (!this.deps.leases.has(topic.kind, key)) return;
    let at = this.pushedAt.get(topic.kind);
    if (!at) this.pushedAt.set(topic.kind, (at = new Map()));
    at.set(key, ++this.pushes);
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

interface Fetching {
  done: Promise<void>;
  /** Messages that arrived before the parsers, in order. */
  waiting: [message: string, args: unknown[]][];
}
