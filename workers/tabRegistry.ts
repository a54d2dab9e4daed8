/**
 * The tabs an engine serves (DESIGN.md "Frames, not messages"): each with its coalescer, which
 * frames what the tab leases, its sink and its wait on the tab's Web Lock (DT1). Messages to one
 * tab or to all, and the keys that changed, reach the tabs here.
 */
import type { FrameSink, TabOptions } from './engineApi.ts';
import type { TabMessage } from './engineProtocol.ts';
import type { StationStore } from './StationStore.ts';
import type { SubscriptionRegistry } from './SubscriptionRegistry.ts';
import { frameSender, listenForAcks, TabCoalescer, type FrameSource } from './TabCoalescer.ts';
import type { TabLockManager } from './tabLocks.ts';
import type { Timers } from '../src/domain/timers.ts';
import type { KeyKind } from './topics.ts';

export interface Tab {
  coalescer: TabCoalescer;
  send(message: TabMessage): void;
  stopWaitingForLock(): void;
  closeSink(): void;
}

export interface TabRegistryDeps {
  timers: Timers;
  locks: TabLockManager;
  /** What every tab's frames read (the latest values). */
  source: FrameSource;
  /** Stations: each tab reads a station with or without its time stamp (FR9). */
  stations: StationStore;
  /** Which tabs lease which key. */
  registry: SubscriptionRegistry;
  /** The tab's Web Lock was granted: the tab is gone (DT1). */
  gone(tabId: string): void;
}

export class TabRegistry {
  private readonly tabs = new Map<string, Tab>();
  private readonly deps: TabRegistryDeps;

  constructor(deps: TabRegistryDeps) {
    this.deps = deps;
  }

  get(tabId: string): Tab | undefined {
    return this.tabs.get(tabId);
  }

  has(tabId: string): boolean {
    return this.tabs.has(tabId);
  }

  /** A new tab: its frames start (the first one carries the status). */
  add(tabId: string, sink: FrameSink, options: TabOptions): Tab {
    const { deps } = this;
    const send = frameSender(sink);
    // FR9: a station's time stamp only to a tab that shows its age.
    const source: FrameSource = {
      ...deps.source,
      station: (key) =>
        coalescer.leased.stationTime.has(key) ? deps.stations.get(key) : deps.stations.state(key),
    };
    const coalescer: TabCoalescer = new TabCoalescer({
      timers: deps.timers,
      source,
      send,
      ...options,
      acksFrames: options.acksFrames === true && typeof sink !== 'function',
    });
    listenForAcks(sink, coalescer);
    const tab: Tab = {
      coalescer,
      send,
      stopWaitingForLock: deps.locks.whenGone(tabId, () => deps.gone(tabId)),
      closeSink: () => {
        if (typeof sink !== 'function') sink.close();
      },
    };
    this.tabs.set(tabId, tab);
    return tab;
  }

  /** Takes the tab out and stops waiting on its lock; the caller releases and closes it. */
  remove(tabId: string): Tab | undefined {
    const tab = this.tabs.get(tabId);
    if (!tab) return undefined;
    this.tabs.delete(tabId);
    tab.stopWaitingForLock();
    return tab;
  }

  send(tabId: string, message: TabMessage): void {
    this.tabs.get(tabId)?.send(message);
  }

  /** To every tab, hidden ones too. */
  broadcast(message: TabMessage): void {
    for (const tab of this.tabs.values()) tab.send(message);
  }

  /** The connection status goes into every tab's next frame. */
  statusChanged(): void {
    for (const tab of this.tabs.values()) tab.coalescer.markStatusDirty();
  }

  /** Marks `key` dirty in every tab that leases it (as `leasedAs`: stationTime, FR9). */
  changed(kind: KeyKind, key: string, leasedAs: KeyKind = kind): void {
    const tabs = this.deps.registry.leasing(leasedAs, key);
    if (tabs === undefined) return;
    if (typeof tabs === 'string') this.tabs.get(tabs)?.coalescer.markDirty(kind, key);
    else for (const tabId of tabs) this.tabs.get(tabId)?.coalescer.markDirty(kind, key);
  }
}
