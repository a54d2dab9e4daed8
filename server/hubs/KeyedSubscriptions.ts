/**
 * Which connection listens to which key, for one kind of subscription of one hub.
 * key -> connections, so publishing a change costs one map lookup; a connection's keys are
 * freed on unsubscribe and when it closes.
 */
import {
  newSlot,
  type CoalesceMode,
  type HubConnection,
  type LatestSlot,
} from './HubConnection.ts';

/** Keys are strings, or numbers where a hot path wants cheap lookups (PV values). */
export class KeyedSubscriptions<K extends string | number = string> {
  /** key -> subscriber -> its latest-item slot. */
  private readonly byKey = new Map<K, Map<HubConnection, LatestSlot>>();
  private readonly byConnection = new Map<HubConnection, Map<K, LatestSlot>>();

  constructor(
    /** Hub name (metrics label). */
    readonly hubName: string,
    /** What is subscribed, e.g. 'values' (for diagnostics). */
    readonly kind: string,
  ) {}

  /** Adds keys for `conn`; returns the keys that were not yet subscribed by it. */
  subscribe(conn: HubConnection, keys: readonly K[]): K[] {
    if (!conn.isOpen) return [];
    let own = this.byConnection.get(conn);
    if (!own) {
      own = new Map();
      this.byConnection.set(conn, own);
      conn.onClose(() => this.removeConnection(conn));
    }
    const added: K[] = [];
    for (const key of keys) {
      if (own.has(key)) continue;
      const slot = newSlot();
      own.set(key, slot);
      let subscribers = this.byKey.get(key);
      if (!subscribers) {
        subscribers = new Map();
        this.byKey.set(key, subscribers);
      }
      subscribers.set(conn, slot);
      added.push(key);
    }
    return added;
  }

  unsubscribe(conn: HubConnection, keys: readonly K[]): void {
    const own = this.byConnection.get(conn);
    if (!own) return;
    for (const key of keys) {
      const slot = own.get(key);
      if (!slot) continue;
      own.delete(key);
      slot.live = false;
      this.dropSubscriber(key, conn);
    }
  }

  removeConnection(conn: HubConnection): void {
    const own = this.byConnection.get(conn);
    if (!own) return;
    this.byConnection.delete(conn);
    for (const [key, slot] of own) {
      slot.live = false;
      this.dropSubscriber(key, conn);
    }
  }

  hasSubscribers(key: K): boolean {
    return this.byKey.has(key);
  }

  subscribers(key: K): Iterable<HubConnection> {
    return this.byKey.get(key)?.keys() ?? [];
  }

  has(conn: HubConnection, key: K): boolean {
    return this.byConnection.get(conn)?.has(key) ?? false;
  }

  keysOf(conn: HubConnection): Iterable<K> {
    return this.byConnection.get(conn)?.keys() ?? [];
  }

  /** Distinct keys with at least one subscriber. */
  get keyCount(): number {
    return this.byKey.size;
  }

  /** Sends `target(...args)` to every subscriber of `key`. */
  publish(key: K, target: string, ...args: unknown[]): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers) return;
    for (const conn of subscribers.keys()) conn.send(target, ...args);
  }

  /**
   * Like publish, but only the latest item per key and connection leaves in the next frame:
   * mode 'each' as `target(item)` per key, mode 'batch' as one `target([item, …])`.
   * Use one target per subscription kind.
   */
  publishLatest(key: K, target: string, item: unknown, mode: CoalesceMode = 'each'): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers) return;
    for (const [conn, slot] of subscribers) conn.queueLatest(target, mode, slot, item);
  }

  /** Queues the latest item of `key` for one subscriber (the current state on subscribe). */
  pushLatest(
    conn: HubConnection,
    key: K,
    target: string,
    item: unknown,
    mode: CoalesceMode = 'each',
  ): void {
    const slot = this.byConnection.get(conn)?.get(key);
    if (slot) conn.queueLatest(target, mode, slot, item);
  }

  private dropSubscriber(key: K, conn: HubConnection): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers) return;
    subscribers.delete(conn);
    if (subscribers.size === 0) this.byKey.delete(key);
  }
}

/** A yes/no subscription per connection (SubscribeToAllAlerts and the like). */
export class FlagSubscriptions {
  private readonly members = new Set<HubConnection>();
  private readonly watched = new WeakSet<HubConnection>();

  constructor(
    readonly hubName: string,
    readonly kind: string,
  ) {}

  subscribe(conn: HubConnection): void {
    if (!conn.isOpen || this.members.has(conn)) return;
    this.members.add(conn);
    if (this.watched.has(conn)) return;
    this.watched.add(conn);
    conn.onClose(() => this.members.delete(conn));
  }

  unsubscribe(conn: HubConnection): void {
    this.members.delete(conn);
  }

  has(conn: HubConnection): boolean {
    return this.members.has(conn);
  }

  get size(): number {
    return this.members.size;
  }

  publish(target: string, ...args: unknown[]): void {
    for (const conn of this.members) conn.send(target, ...args);
  }
}
