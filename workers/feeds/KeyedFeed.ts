/**
 * Items pushed per id on a keyed hub, for every tab: dashboard notes (SPEC §7 "noteUpdate"
 * on the dashboard hub) and visualization text messages ("newMessage" on the text-message
 * hub). A tab leases ids; the engine subscribes each key once however many tabs show it,
 * forwards each pushed item to the tabs that lease its id, and re-subscribes after a
 * reconnect. Pushes sent while the connection was down are lost, so after a reconnect the
 * engine reads every leased item once more (`refetch`) and hands on those that changed.
 * The channel is held while any id is leased.
 */
import type { TabMessage } from '../engineProtocol.ts';

/** What distinguishes one feed from another. */
export interface KeyedFeedKind<T extends { id: number }> {
  subscribe: string;
  unsubscribe: string;
  keyOf(id: number): string;
  /** Checks a pushed payload. */
  is(value: unknown): value is T;
  message(item: T): TabMessage;
}

export interface KeyedFeedDeps {
  acquireChannel(): () => void;
  /** Whether the channel is connected now; until then `resubscribe` follows. */
  isConnected(): boolean;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  send(tabId: string, message: TabMessage): void;
  onError(error: unknown): void;
  /** Reads the current items of these ids over REST (after a reconnect). */
  refetch?(ids: number[]): Promise<unknown[]>;
}

/** A record with a safe-integer `id` and a string field `text`. */
export function hasIdAndText<K extends string>(
  value: unknown,
  text: K,
): value is { id: number } & Record<K, string> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && Number.isSafeInteger(v.id) && typeof v[text] === 'string';
}

export class KeyedFeed<T extends { id: number }> {
  /** Note key -> tabs leasing it. */
  private readonly tabsByKey = new Map<string, Set<string>>();
  private releaseChannel: (() => void) | null = null;
  /** Keys subscribed on the current connection; cleared when it is lost. */
  private readonly sent = new Set<string>();
  /** Key -> id of every leased item, for the refetch. */
  private readonly idOf = new Map<string, number>();
  /** The last item handed on per key, so a refetch passes on changes only. */
  private readonly last = new Map<string, string>();
  private everConnected = false;
  private lostSinceConnect = false;
  /** Keys pushed while a refetch is under way: the push is newer than its answer. */
  private pushedDuringRefetch: Set<string> | null = null;

  constructor(
    private readonly kind: KeyedFeedKind<T>,
    private readonly deps: KeyedFeedDeps,
  ) {}

  lease(tabId: string, ids: readonly number[]): void {
    const added: string[] = [];
    for (const id of ids) {
      const key = this.kind.keyOf(id);
      let tabs = this.tabsByKey.get(key);
      if (!tabs) {
        this.tabsByKey.set(key, (tabs = new Set()));
        this.idOf.set(key, id);
        added.push(key);
      }
      tabs.add(tabId);
    }
    if (this.tabsByKey.size > 0 && !this.releaseChannel)
      this.releaseChannel = this.deps.acquireChannel();
    // NOTE: a channel still starting subscribes every leased key when it connects (resubscribe).
    if (added.length && this.deps.isConnected()) this.subscribe(added);
  }

  release(tabId: string, ids: readonly number[]): void {
    this.drop(
      tabId,
      ids.map((id) => this.kind.keyOf(id)),
    );
  }

  dropTab(tabId: string): void {
    this.drop(tabId, [...this.tabsByKey.keys()]);
  }

  /** Keys leased now (tests, leak checks). */
  get leasedKeys(): string[] {
    return [...this.tabsByKey.keys()];
  }

  received(payload: unknown): void {
    if (!this.kind.is(payload)) return;
    const key = this.kind.keyOf(payload.id);
    this.pushedDuringRefetch?.add(key);
    this.handOn(key, payload);
  }

  /** After the channel (re)connected: subscribe every leased key again. */
  resubscribe(): void {
    this.subscribe([...this.tabsByKey.keys()]);
    const reconnected = this.everConnected && this.lostSinceConnect;
    this.everConnected = true;
    this.lostSinceConnect = false;
    if (reconnected) void this.refetch();
  }

  /** The connection was lost: nothing is subscribed on the server any more. */
  connectionLost(): void {
    this.sent.clear();
    if (this.everConnected) this.lostSinceConnect = true;
  }

  private async refetch(): Promise<void> {
    const ids = [...this.idOf.values()];
    if (!this.deps.refetch || ids.length === 0) return;
    const pushed = new Set<string>();
    this.pushedDuringRefetch = pushed;
    try {
      const items = await this.deps.refetch(ids);
      for (const item of items) {
        if (!this.kind.is(item)) continue;
        const key = this.kind.keyOf(item.id);
        if (!pushed.has(key)) this.handOn(key, item);
      }
    } catch (error) {
      this.deps.onError(error);
    } finally {
      if (this.pushedDuringRefetch === pushed) this.pushedDuringRefetch = null;
    }
  }

  /** Sends an item to the tabs leasing it, unless it equals the last one they got. */
  private handOn(key: string, item: T): void {
    const tabs = this.tabsByKey.get(key);
    if (!tabs) return;
    const text = JSON.stringify(item);
    if (this.last.get(key) === text) return;
    this.last.set(key, text);
    for (const tabId of tabs) this.deps.send(tabId, this.kind.message(item));
  }

  private subscribe(keys: readonly string[]): void {
    const fresh = keys.filter((k) => !this.sent.has(k));
    for (const k of fresh) this.sent.add(k);
    if (fresh.length) this.call(this.kind.subscribe, fresh);
  }

  private drop(tabId: string, keys: readonly string[]): void {
    const removed: string[] = [];
    for (const key of keys) {
      const tabs = this.tabsByKey.get(key);
      if (!tabs?.delete(tabId)) continue;
      if (tabs.size === 0) {
        this.tabsByKey.delete(key);
        this.idOf.delete(key);
        this.last.delete(key);
        removed.push(key);
      }
    }
    for (const k of removed) this.sent.delete(k);
    if (removed.length && this.deps.isConnected()) this.call(this.kind.unsubscribe, removed);
    if (this.tabsByKey.size === 0 && this.releaseChannel) {
      this.releaseChannel();
      this.releaseChannel = null;
    }
  }

  private call(method: string, keys: string[]): void {
    this.deps.invoke(method, keys).catch((error: unknown) => this.deps.onError(error));
  }
}
