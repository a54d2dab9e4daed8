/**
 * Which connection listens to which key, for one kind of subscription of one hub.
 * key -> the subscribers' slots, so publishing a change costs one map lookup and a walk over
 * a short array (no Map iteration per value); a connection's keys are freed on unsubscribe
 * and when it closes.
 */
import {
  newSlot,
  type CoalesceMode,
  type HubConnection,
  type LatestSlot,
} from './HubConnection.ts';

/** Keys are strings, or numbers where a hot path wants cheap lookups (PV values). */
export class KeyedSubscriptions<K extends string | number = string> {
  /** key -> the latest-item slots of its subscribers (each slot knows its connection). */
  private readonly byKey = new Map<K, LatestSlot[]>();
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
      const slot = newSlot(conn);
      own.set(key, slot);
      const subscribers = this.byKey.get(key);
      if (subscribers) subscribers.push(slot);
      else this.byKey.set(key, [slot]);
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
      this.dropSubscriber(key, slot);
    }
  }

  removeConnection(conn: HubConnection): void {
    const own = this.byConnection.get(conn);
    if (!own) return;
    this.byConnection.delete(conn);
    for (const [key, slot] of own) {
      slot.live = false;
      this.dropSubscriber(key, slot);
    }
  }

  hasSubscribers(key: K): boolean {
    return this.byKey.has(key);
  }

  subscribers(key: K): Iterable<HubConnection> {
    return (this.byKey.get(key) ?? []).map((slot) => slot.conn!);
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
    for (const slot of subscribers) slot.conn!.send(target, ...args);
  }

  /**
   * Like publish, but only the latest item per key and connection leaves in the next frame:
   * mode 'each' as `target(item)` per key, mode 'batch' as one `target([item, …])`.
   * Use one target per subscription kind.
   */
  publishLatest(key: K, target: string, item: unknown, mode: CoalesceMode = 'each'): void {
    const subscribers = this.byKey.get(key);
    if (subscribers === undefined) return;
    for (let i = 0; i < subscribers.length; i++) {
      const slot = subscribers[i]!;
      slot.conn!.queueLatest(target, mode, slot, item);
    }
  }

  /**
   * publishLatest for a hot path whose item is costly to make (a value's JSON): `make` runs
   * only when the key has subscribers, once for all of them. Returns false without any.
   */
  publishLatestWith<T>(
    key: K,
    target: string,
    source: T,
    make: (source: T) => unknown,
    mode: CoalesceMode = 'each',
  ): boolean {
    const subscribers = this.byKey.get(key);
    if (subscribers === undefined) return false;
    const item = make(source);
    for (let i = 0; i < subscribers.length; i++) {
      const slot = subscribers[i]!;
      slot.conn!.queueLatest(target, mode, slot, item);
    }
    return true;
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

  private dropSubscriber(key: K, slot: LatestSlot): void {
    const subscribers = this.byKey.get(key);
    if (!subscribers) return;
    const i = subscribers.indexOf(slot);
    if (i < 0) return;
    // Order among a key's subscribers does not matter: swap the last one in.
    const last = subscribers.pop()!;
    if (i < subscribers.length) subscribers[i] = last;
    if (subscribers.length === 0) this.byKey.delete(key);
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
