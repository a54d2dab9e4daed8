/**
 * Per key, which tabs lease it (DESIGN.md "Leases are counted"). The server holds one
 * subscription per key while at least one tab leases it; the registry says when a key
 * gains its first tab and loses its last.
 */
import type { LeaseKind } from './topics.ts';

export class SubscriptionRegistry {
  private readonly byKind = new Map<LeaseKind, Map<string, Set<string>>>();

  /** True when `key` had no tab before: the server must subscribe it. */
  add(kind: LeaseKind, key: string, tabId: string): boolean {
    const keys = this.keysMap(kind);
    const tabs = keys.get(key);
    if (tabs) {
      tabs.add(tabId);
      return false;
    }
    keys.set(key, new Set([tabId]));
    return true;
  }

  /** True when `tabId` was the last tab of `key`: the server must unsubscribe it. */
  remove(kind: LeaseKind, key: string, tabId: string): boolean {
    const keys = this.keysMap(kind);
    const tabs = keys.get(key);
    if (!tabs?.delete(tabId)) return false;
    if (tabs.size > 0) return false;
    keys.delete(key);
    return true;
  }

  tabsOf(kind: LeaseKind, key: string): ReadonlySet<string> | undefined {
    return this.byKind.get(kind)?.get(key);
  }

  keysOf(kind: LeaseKind): string[] {
    return [...(this.byKind.get(kind)?.keys() ?? [])];
  }

  has(kind: LeaseKind, key: string): boolean {
    return this.byKind.get(kind)?.has(key) ?? false;
  }

  private keysMap(kind: LeaseKind): Map<string, Set<string>> {
    let keys = this.byKind.get(kind);
    if (!keys) {
      keys = new Map();
      this.byKind.set(kind, keys);
    }
    return keys;
  }
}
