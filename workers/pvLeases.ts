/**
 * Who leases which PV value (DESIGN.md "Leases are counted"), by value-store slot: a tab's
 * PV leases are a bitset of slots (TabCoalescer.pvLeased) and the number of tabs leasing a
 * slot is a count in a typed array. This replaces, for the most numerous kind, a Map of key
 * strings to tabs plus a Set of key strings per tab: with the store's numeric key index no
 * key string, Map entry or Set entry is kept per PV (issue 13: engine bytes per PV).
 */
import type { PvValueStore } from './PvValueStore.ts';
import type { SlotSet } from './slotSets.ts';

/** A tab as the PV leases see it (TabCoalescer). */
export interface PvTab {
  readonly pvLeased: SlotSet;
  /**
   * A leased slot changed (or the tab is new to it): it goes into the next frame. True when
   * the slot was waiting for that frame already: the value it waited with is replaced.
   */
  markPvDirty(slot: number): boolean;
  /** The tab no longer leases the slot: it must not be in the next frame. */
  pvReleased(slot: number): void;
}

export interface PvLeaseEvents {
  /** The first tab leased `key`: subscribe it. */
  added(key: string): void;
  /** The last tab released `key` (its slot is freed right after): unsubscribe it. */
  removed(key: string): void;
}

export class PvLeases {
  private readonly values: PvValueStore;
  private readonly events: PvLeaseEvents;
  private readonly tabs = new Set<PvTab>();
  private replaced = 0;
  /** Tabs leasing each slot (at most the number of tabs); 0 for a free slot. */
  private counts = new Uint16Array(0);

  constructor(values: PvValueStore, events: PvLeaseEvents) {
    this.values = values;
    this.events = events;
  }

  attach(tab: PvTab): void {
    this.tabs.add(tab);
  }

  lease(tab: PvTab, keys: readonly string[]): void {
    this.tabs.add(tab);
    for (const key of keys) {
      const slot = this.values.reserve(key);
      if (!tab.pvLeased.add(slot)) continue;
      if (slot >= this.counts.length) this.grow();
      const count = this.counts[slot]!;
      this.counts[slot] = count + 1;
      if (count === 0) this.events.added(key);
      // A key others already lease has its value here: the newcomer gets it next frame.
      tab.markPvDirty(slot);
    }
  }

  /** Keys the tab does not lease are ignored. */
  release(tab: PvTab, keys: readonly string[]): void {
    for (const key of keys) {
      const slot = this.values.slotOf(key);
      if (slot >= 0) this.releaseSlot(tab, slot, key);
    }
  }

  /** Releases every PV of a tab that goes away. */
  dropTab(tab: PvTab): void {
    for (const slot of tab.pvLeased.toArray()) this.releaseSlot(tab, slot);
    this.tabs.delete(tab);
  }

  /** Whether some tab leases `key`. */
  has(key: string): boolean {
    const slot = this.values.slotOf(key);
    return slot >= 0 && slot < this.counts.length && this.counts[slot]! > 0;
  }

  /** Every leased key (for subscribing them again after a reconnect). */
  keys(): string[] {
    const out: string[] = [];
    const { counts } = this;
    for (let slot = 0; slot < counts.length; slot++)
      if (counts[slot] !== 0) out.push(this.values.keyOf(slot));
    return out;
  }

  /** The value in `slot` changed: mark it for the tabs leasing it. */
  changed(slot: number): void {
    let left = this.counts[slot] ?? 0;
    if (left === 0) return;
    for (const tab of this.tabs) {
      if (!tab.pvLeased.has(slot)) continue;
      if (tab.markPvDirty(slot)) this.replaced++;
      if (--left === 0) return;
    }
  }

  /**
   * Values a newer one replaced, per tab, before the tab's frame took them (the newest value
   * wins): on a tab slower than its values these never reach it, and are not lost. Monotonic.
   */
  get valuesReplaced(): number {
    return this.replaced;
  }

  private releaseSlot(tab: PvTab, slot: number, key?: string): void {
    if (!tab.pvLeased.delete(slot)) return;
    tab.pvReleased(slot);
    if (--this.counts[slot]! !== 0) return;
    this.events.removed(key ?? this.values.keyOf(slot));
    this.values.deleteAt(slot);
  }

  private grow(): void {
    const counts = new Uint16Array(this.values.slotCapacity);
    counts.set(this.counts);
    this.counts = counts;
  }
}
