/**
 * A tab's leases of keys (DESIGN.md "Leases are counted", LK1-LK4): a key's first lease
 * subscribes it on the server (in the next batch) and keeps its hub's channel open, its last
 * release unsubscribes it and forgets what the engine held of it. PV values are leased by
 * value-store slot (pvLeases.ts), every other kind by key (SubscriptionRegistry).
 */
import { parsePvKey } from '../src/contract/keys.ts';
import type { PvAlarmState } from '../src/domain/pvAlarm.ts';
import type { StationAlarmState } from '../src/domain/stationAlarm.ts';
import type { DerivedAlarms } from './alerts/DerivedAlarms.ts';
import type { PendingPlanCount } from './PendingPlanCount.ts';
import type { HubLeases } from './hubLeases.ts';
import type { PvConfigCache } from './PvConfigCache.ts';
import type { PvLeases } from './pvLeases.ts';
import type { StationStore } from './StationStore.ts';
import type { SubscriptionBatcher } from './SubscriptionBatcher.ts';
import type { SubscriptionRegistry } from './SubscriptionRegistry.ts';
import type { TabCoalescer } from './TabCoalescer.ts';
import type { ItemTopicStore } from './topics/ItemTopicStore.ts';
import { isItemKind } from './topics/itemTopics.ts';
import { KEY_KINDS, TOPICS, type KeyKind, type LeaseKind } from './topics.ts';

export interface KeyLeaseDeps {
  registry: SubscriptionRegistry;
  pv: PvLeases;
  hubLeases: HubLeases;
  batcher: SubscriptionBatcher;
  configs: PvConfigCache;
  stations: StationStore;
  items: ItemTopicStore;
  pvAlarms: DerivedAlarms<PvAlarmState>;
  stationAlarms: DerivedAlarms<StationAlarmState>;
  pendingPlans: PendingPlanCount;
}

export class KeyLeases {
  private readonly deps: KeyLeaseDeps;

  constructor(deps: KeyLeaseDeps) {
    this.deps = deps;
  }

  /** Settles once the kind's parsers are here (a rarely used topic, IT7). */
  async lease(
    tabId: string,
    tab: TabCoalescer,
    kind: LeaseKind,
    keys: readonly string[],
  ): Promise<void> {
    const { registry, pv, items } = this.deps;
    if (kind === 'pvValue') return pv.lease(tab, keys);
    const leased = tab.leased[kind];
    for (const key of keys) {
      if (leased.has(key)) continue;
      leased.add(key);
      if (registry.add(kind, key, tabId)) this.keyAdded(kind, key);
      else if (kind === 'pendingRemoteAlarms') this.deps.pendingPlans.tabLeased();
      // A key others already lease has its value here: the newcomer gets it next frame.
      tab.markDirty(kind === 'stationTime' ? 'station' : kind, key);
    }
    // A rarely used topic's parsers may still be on their way (topics/README.md).
    await items.ready(kind);
  }

  /** Idempotent: a key the tab does not lease is left alone (LK3). */
  release(tabId: string, tab: TabCoalescer, kind: LeaseKind, keys: readonly string[]): void {
    if (kind === 'pvValue') return this.deps.pv.release(tab, keys);
    const leased = tab.leased[kind];
    for (const key of keys) {
      if (!leased.delete(key)) continue;
      if (this.deps.registry.remove(kind, key, tabId)) this.keyRemoved(kind, key);
      // FR9: the station's state without its time stamp, which the tab no longer follows.
      if (kind === 'stationTime') tab.markDirty('station', key);
    }
  }

  /**
   * Leases of the engine's own (`holder`, never a tab id): the plans of the waiting count
   * (PendingPlanCount.ts). Counted with the tabs' leases of the same keys, so a key is
   * subscribed once whoever holds it, and unsubscribed when the last of them lets it go.
   */
  hold(holder: string, kind: KeyKind, keys: readonly string[]): void {
    for (const key of keys) if (this.deps.registry.add(kind, key, holder)) this.keyAdded(kind, key);
    void this.deps.items.ready(kind);
  }

  unhold(holder: string, kind: KeyKind, keys: readonly string[]): void {
    for (const key of keys)
      if (this.deps.registry.remove(kind, key, holder)) this.keyRemoved(kind, key);
  }

  /** Every lease of a tab that is gone. */
  dropTab(tabId: string, tab: TabCoalescer): void {
    this.deps.pv.dropTab(tab);
    for (const kind of KEY_KINDS) this.release(tabId, tab, kind, [...tab.leased[kind]]);
  }

  /** The first tab leased `key`. */
  keyAdded(kind: LeaseKind, key: string): void {
    const { deps } = this;
    deps.hubLeases.added(TOPICS[kind].hub);
    if (TOPICS[kind].methods.length) deps.batcher.subscribe(kind, key);
    if (kind === 'pvAlarm') deps.pvAlarms.leaseAdded(key);
    if (kind === 'stationAlarm') deps.stationAlarms.leaseAdded(key);
    if (kind === 'pendingRemoteAlarms') deps.pendingPlans.leaseAdded();
    if (kind === 'pvConfig') {
      const ref = parsePvKey(key);
      if (ref) void deps.configs.request(ref);
    }
  }

  /** The last tab released `key`. */
  keyRemoved(kind: LeaseKind, key: string): void {
    const { deps } = this;
    if (TOPICS[kind].methods.length) deps.batcher.unsubscribe(kind, key);
    if (kind === 'pvConfig') deps.configs.evict(key);
    if (kind === 'station') deps.stations.delete(key);
    if (kind === 'pvAlarm') deps.pvAlarms.leaseRemoved(key);
    if (kind === 'stationAlarm') deps.stationAlarms.leaseRemoved(key);
    if (kind === 'pendingRemoteAlarms') deps.pendingPlans.leaseRemoved();
    if (isItemKind(kind)) deps.items.forget(kind, key);
    deps.hubLeases.removed(TOPICS[kind].hub);
  }
}
