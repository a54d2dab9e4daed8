/**
 * Dashboard notes for every tab (SPEC §7 "noteUpdate"): a tab leases note keys; the engine
 * subscribes each key once on the dashboard hub however many tabs show it, forwards
 * `noteUpdate(note)` to the tabs that lease the note, and re-subscribes after a reconnect.
 * The channel is held while any note is leased.
 */
import { HUB_METHODS } from '../../src/contract/hubs.ts';
import { noteKey, type DashboardNote } from '../../src/contract/dashboard.ts';
import type { NoteMessage } from '../engineProtocol.ts';

export interface NoteFeedDeps {
  acquireChannel(): () => void;
  /** Whether the dashboard channel is connected now; until then `resubscribe` follows. */
  isConnected(): boolean;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  send(tabId: string, message: NoteMessage): void;
  onError(error: unknown): void;
}

export function isDashboardNote(value: unknown): value is DashboardNote {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && Number.isSafeInteger(v.id) && typeof v.note === 'string';
}

export class NoteFeed {
  /** Note key -> tabs leasing it. */
  private readonly tabsByKey = new Map<string, Set<string>>();
  private releaseChannel: (() => void) | null = null;
  /** Keys subscribed on the current connection; cleared when it is lost. */
  private readonly sent = new Set<string>();

  constructor(private readonly deps: NoteFeedDeps) {}

  lease(tabId: string, ids: readonly number[]): void {
    const added: string[] = [];
    for (const id of ids) {
      const key = noteKey(id);
      let tabs = this.tabsByKey.get(key);
      if (!tabs) {
        this.tabsByKey.set(key, (tabs = new Set()));
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
    this.drop(tabId, ids.map(noteKey));
  }

  dropTab(tabId: string): void {
    this.drop(tabId, [...this.tabsByKey.keys()]);
  }

  /** Keys leased now (tests, leak checks). */
  get leasedKeys(): string[] {
    return [...this.tabsByKey.keys()];
  }

  received(payload: unknown): void {
    if (!isDashboardNote(payload)) return;
    for (const tabId of this.tabsByKey.get(noteKey(payload.id)) ?? [])
      this.deps.send(tabId, { type: 'note', note: payload });
  }

  /** After the dashboard channel (re)connected: subscribe every leased key again. */
  resubscribe(): void {
    this.subscribe([...this.tabsByKey.keys()]);
  }

  /** The connection was lost: nothing is subscribed on the server any more. */
  connectionLost(): void {
    this.sent.clear();
  }

  private subscribe(keys: readonly string[]): void {
    const fresh = keys.filter((k) => !this.sent.has(k));
    for (const k of fresh) this.sent.add(k);
    if (fresh.length) this.call(HUB_METHODS.dashboard.subscribeToNotes, fresh);
  }

  private drop(tabId: string, keys: readonly string[]): void {
    const removed: string[] = [];
    for (const key of keys) {
      const tabs = this.tabsByKey.get(key);
      if (!tabs?.delete(tabId)) continue;
      if (tabs.size === 0) {
        this.tabsByKey.delete(key);
        removed.push(key);
      }
    }
    for (const k of removed) this.sent.delete(k);
    if (removed.length && this.deps.isConnected())
      this.call(HUB_METHODS.dashboard.unsubscribeFromNotes, removed);
    if (this.tabsByKey.size === 0 && this.releaseChannel) {
      this.releaseChannel();
      this.releaseChannel = null;
    }
  }

  private call(method: string, keys: string[]): void {
    this.deps.invoke(method, keys).catch((error: unknown) => this.deps.onError(error));
  }
}
