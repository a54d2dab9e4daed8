/**
 * Per key, which tabs lease it (DESIGN.md "Leases are counted"). The server holds one
 * subscription per key while at least one tab leases it; the registry says when a key
 * gains its first tab and loses its last. The engine keeps PV value leases, the most
 * numerous kind, by value-store slot instead (pvLeases.ts).
 */
import type { LeaseKind } from './topics.ts';

/**
 * The tabs of one key: the tab id itself while one tab leases it (the common case, and a
 * Set per key would cost about a hundred bytes across tens of thousands of keys), a Set
 * from the second tab on.
 */
type Tabs = string | Set<string>;

export class SubscriptionRegistry {
  private readonly byKind = new Map<LeaseKind, Map<string, Tabs>>();

  /** True when `key` had no tab before: the server must subscribe it. */
  add(kind: LeaseKind, key: string, tabId: string): boolean {
    const keys = this.keysMap(kind);
    const tabs = keys.get(key);
    if (tabs === undefined) {
      keys.set(key, tabId);
      return true;
    }
    if (typeof tabs === 'string') {
      if (tabs !== tabId) keys.set(key, new Set([tabs, tabId]));
    } else tabs.add(tabId);
    return false;
  }

  /** True when `key` lost its last tab: the server subscription can go. */
  remove(kind: LeaseKind, key: string, tabId: string): boolean {
    const keys = this.keysMap(kind);
    const tabs = keys.get(key);
    if (tabs === undefined) return false;
    if (typeof tabs === 'string') {
      if (tabs !== tabId) return false;
      keys.delete(key);
      return true;
    }
    if (!tabs.delete(tabId)) return false;
    if (tabs.size === 1) keys.set(key, tabs.values().next().value!);
    return false;
  }

  /** The tab leasing `key`, or the set of them when several do (undefined: none). */
  leasing(kind: LeaseKind, key: string): string | ReadonlySet<string> | undefined {
    return this.byKind.get(kind)?.get(key);
  }

  /** The tabs that lease `key` (a new array; for tests and diagnostics). */
  tabsOf(kind: LeaseKind, key: string): string[] {
    const tabs = this.leasing(kind, key);
    if (tabs === undefined) return [];
    return typeof tabs === 'string' ? [tabs] : [...tabs];
  }

  keysOf(kind: LeaseKind): string[] {
    return [...(this.byKind.get(kind)?.keys() ?? [])];
  }

  has(kind: LeaseKind, key: string): boolean {
    return this.byKind.get(kind)?.has(key) ?? false;
  }

  private keysMap(kind: LeaseKind): Map<string, Tabs> {
    let keys = this.byKind.get(kind);
    if (!keys) {
      keys = new Map();
      this.byKind.set(kind, keys);
    }
    return keys;
  }
}
