/**
 * The live values of one tab, fed by engine frames. Each key has its own listeners, so a
 * frame wakes only the components whose keys changed (`useSyncExternalStore` per key).
 *
 * Plain PV values (double, bool, failure state) come as columns (workers/pvColumns.ts) and
 * stay numbers here: each PV has a slot, found by its type and number without building its
 * key, and its value object is built only when a view reads it (a value nobody shows, leased
 * for a later scroll, never becomes one).
 */
import { PV_TYPES, QUALITIES, type PvType } from '../contract/enums.ts';
import { pvKey, stationKey } from '../contract/keys.ts';
import type { PvValue } from '../contract/pv.ts';
import { plainPvValue } from '../../workers/pvColumns.ts';
import type { StationLiveData } from '../contract/station.ts';
import type { Frame, PvConfigEntry } from '../../workers/engineProtocol.ts';
import type { LeaseKind } from '../../workers/topics.ts';
import type { ItemKind, ItemTypes } from '../../workers/topics/itemTopics.ts';
import { isItemKind } from '../../workers/topics/topicNames.ts';
import type { LinkDown } from '../domain/valueStanding.ts';
import { sameStationState } from './stationState.ts';
import { linkDownOf, type TabConnectionStatus } from './linkDown.ts';

export type { TabConnectionState, TabConnectionStatus } from './linkDown.ts';

type Listener = () => void;

/**
 * The header shows the age of the last data in seconds, and only while not connected; finer
 * changes, and any while connected, wake nobody.
 */
export const LAST_DATA_RESOLUTION_MS = 1_000;

const INITIAL_STATUS: TabConnectionStatus = {
  display: 'connecting',
  serverStatus: 'WebServerDisconnected',
  lastDataAt: null,
  nextRetryAt: null,
  firstStart: true,
};

/** One PV's value: the frame's object, or the numbers of its column until a view reads it. */
interface PvSlot {
  key: string;
  pvType: number;
  nr: number;
  /** The value as an object; undefined while only its numbers are held (or there is none). */
  value: PvValue | undefined;
  /** Whether a value is held. */
  has: boolean;
  valueType: number;
  quality: number;
  num: number;
  timestamp: number;
  /** While the link is down (LD1): `value` as shown then, uncertain; rebuilt when it changes. */
  downOf: PvValue | undefined;
  down: PvValue | undefined;
}

const PV_TYPE_INDEX = new Map<PvType, number>(PV_TYPES.map((type, i) => [type, i]));
const UNCERTAIN = QUALITIES.indexOf('Uncertain');
const BAD = QUALITIES.indexOf('Bad');

export class TabLiveStore {
  /** PV value slots by key, and by type index then number (a column's value). */
  private readonly pvSlots = new Map<string, PvSlot>();
  private readonly pvByNr: Map<number, PvSlot>[] = PV_TYPES.map(() => new Map());
  private readonly pvConfigs = new Map<string, PvConfigEntry>();
  private readonly stations = new Map<string, StationLiveData>();
  /** Items of keyed topics by kind, then key; null = the topic holds none for the key. */
  private readonly items = new Map<ItemKind, Map<string, unknown>>();
  /** Keys of keyed topics whose subscribe failed, with why; cleared by the next item. */
  private readonly itemErrors = new Map<ItemKind, Map<string, string>>();
  private status: TabConnectionStatus = INITIAL_STATUS;
  /** LD1: why the link vouches for no value now; null while it does. */
  private link: LinkDown | null = null;
  /** While the link is down: each station's data as shown then (dial state not known). */
  private readonly stationsDown = new Map<string, { of: StationLiveData; down: StationLiveData }>();
  /** By kind, then key: a dense view looks keys up per value, so no joined string keys. */
  private readonly listeners = new Map<LeaseKind, Map<string, Set<Listener>>>();
  /** Listeners of a station's state alone: not woken by a newer time stamp (issue 44). */
  private readonly stationStateListeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<Listener>();

  /**
   * A PV's value. While the link is down (LD1) a good or unspecified value reads Uncertain,
   * with its time (a bad one stays bad), the same object until the value changes; the value
   * held is kept and reads as it is once the link is back.
   */
  getPvValue(key: string): PvValue | undefined {
    const slot = this.pvSlots.get(key);
    if (!slot?.has) return undefined;
    const value = (slot.value ??= plainPvValue(
      slot.valueType,
      slot.pvType,
      slot.quality,
      slot.nr,
      slot.num,
      slot.timestamp,
    ));
    if (this.link === null || value.quality === 'Uncertain' || value.quality === 'Bad') {
      return value;
    }
    if (slot.downOf !== value) {
      slot.downOf = value;
      slot.down = { ...value, quality: 'Uncertain' };
    }
    return slot.down;
  }

  private pvSlot(pvType: number, nr: number, key?: string): PvSlot {
    const byNr = this.pvByNr[pvType]!;
    let slot = byNr.get(nr);
    if (!slot) {
      slot = {
        key: key ?? pvKey({ type: PV_TYPES[pvType]!, nr }),
        pvType,
        nr,
        value: undefined,
        has: false,
        valueType: 0,
        quality: 0,
        num: 0,
        timestamp: 0,
        downOf: undefined,
        down: undefined,
      };
      byNr.set(nr, slot);
      this.pvSlots.set(slot.key, slot);
    }
    return slot;
  }

  getPvConfig(key: string): PvConfigEntry | undefined {
    return this.pvConfigs.get(key);
  }

  /**
   * A station's live data. While the link is down (LD1) its dial state reads NotDefined, never
   * "Verbunden" (as after an engine loss, EL2); the data held reads as it is once it is back.
   */
  getStation(key: string): StationLiveData | undefined {
    const live = this.stations.get(key);
    if (!live || this.link === null || live.dialState === 'NotDefined') return live;
    let held = this.stationsDown.get(key);
    if (held?.of !== live) {
      held = { of: live, down: { ...live, dialState: 'NotDefined' } };
      this.stationsDown.set(key, held);
    }
    return held.down;
  }

  /** LD1: why the link vouches for no value now (status listeners hear it change); null if it does. */
  getLink(): LinkDown | null {
    return this.link;
  }

  /** Undefined until the first item arrived; null when there is none (e.g. no alarm). */
  getItem<K extends ItemKind>(kind: K, key: string): ItemTypes[K] | null | undefined {
    return this.items.get(kind)?.get(key) as ItemTypes[K] | null | undefined;
  }

  /** Why a key of a keyed topic is not live (its subscribe failed); undefined if it is. */
  getItemError(kind: ItemKind, key: string): string | undefined {
    return this.itemErrors.get(kind)?.get(key);
  }

  getStatus(): TabConnectionStatus {
    return this.status;
  }

  subscribe(kind: LeaseKind, key: string, listener: Listener): () => void {
    let byKey = this.listeners.get(kind);
    if (!byKey) this.listeners.set(kind, (byKey = new Map()));
    return listen(byKey, key, listener);
  }

  /**
   * Listens to each of `keys` with the listener at the same place of `listeners`: one
   * clean-up for all, where `subscribe` gives one a key (a process image binds a thousand).
   */
  subscribeAll(
    kind: LeaseKind,
    keys: readonly string[],
    listeners: readonly Listener[],
  ): () => void {
    let byKey = this.listeners.get(kind);
    if (!byKey) this.listeners.set(kind, (byKey = new Map()));
    const map = byKey;
    keys.forEach((key, i) => {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(listeners[i]!);
    });
    return () =>
      keys.forEach((key, i) => {
        const set = map.get(key);
        if (!set) return;
        set.delete(listeners[i]!);
        if (set.size === 0) map.delete(key);
      });
  }

  /**
   * Listens to a station's data but its time stamp (its dial state, counters, name): a
   * connected station's time stamp, new each second, wakes only the listeners of `subscribe`,
   * so a view that shows no station age does nothing for it, not even draw a frame.
   */
  subscribeStationState(key: string, listener: Listener): () => void {
    return listen(this.stationStateListeners, key, listener);
  }

  subscribeStatus(listener: Listener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * Applies a frame and notifies the listeners of each changed key once. Returns whether any
   * listener woke (false: nothing on screen changed).
   */
  apply(frame: Frame): boolean {
    const woken = new Set<Listener>();
    const wake = (kind: LeaseKind, key: string) => {
      const set = this.listeners.get(kind)?.get(key);
      if (set) for (const listener of set) woken.add(listener);
    };
    for (const value of frame.pvValues) {
      const pvType = PV_TYPE_INDEX.get(value.pvRef.type);
      if (pvType === undefined) continue;
      const slot = this.pvSlot(pvType, value.pvRef.nr);
      slot.value = value;
      slot.has = true;
      wake('pvValue', slot.key);
    }
    const columns = frame.pvColumns;
    if (columns) {
      const { codes, nums } = columns;
      const listeners = this.listeners.get('pvValue');
      for (let k = 0; k < columns.length; k++) {
        const i = 3 * k;
        const slot = this.pvSlot(codes[i + 1]!, nums[i]!);
        slot.valueType = codes[i]!;
        slot.quality = codes[i + 2]!;
        slot.num = nums[i + 1]!;
        slot.timestamp = nums[i + 2]!;
        slot.value = undefined;
        slot.has = true;
        const set = listeners?.get(slot.key);
        if (set) for (const listener of set) woken.add(listener);
      }
    }
    for (const [key, entry] of frame.pvConfigs) {
      this.pvConfigs.set(key, entry);
      wake('pvConfig', key);
    }
    for (const station of frame.stations) {
      const key = stationKey(station.stationNumber);
      const before = this.stations.get(key);
      this.stations.set(key, station);
      wake('station', key);
      if (!before || !sameStationState(before, station)) {
        const set = this.stationStateListeners.get(key);
        if (set) for (const listener of set) woken.add(listener);
      }
    }
    for (const [kind, key, item] of frame.items) {
      let byKey = this.items.get(kind);
      if (!byKey) this.items.set(kind, (byKey = new Map()));
      byKey.set(key, item);
      this.itemErrors.get(kind)?.delete(key);
      wake(kind, key);
    }
    for (const [kind, key, error] of frame.itemErrors ?? []) {
      let byKey = this.itemErrors.get(kind);
      if (!byKey) this.itemErrors.set(kind, (byKey = new Map()));
      byKey.set(key, error);
      wake(kind, key);
    }
    if (this.updateStatus(frame)) {
      for (const listener of this.statusListeners) woken.add(listener);
      const link = linkDownOf(this.status, this.link);
      if (link !== this.link) this.setLink(link, woken);
    }
    for (const listener of woken) listener();
    return woken.size > 0;
  }

  /**
   * EL2: the engine has ended. No value here is kept alive any more: each is marked
   * uncertain (with its time, so views show its age), each station's dial state is not
   * known, and the connection state says the engine is lost, until the new engine's frames
   * bring values and a state again.
   */
  markEngineLost(): void {
    const woken = new Set<Listener>(this.statusListeners);
    const byKey = this.listeners.get('pvValue');
    for (const [key, slot] of this.pvSlots) {
      if (!slot.has) continue;
      if (slot.value) {
        // A bad value stays bad: it says more than uncertain.
        if (slot.value.quality === 'Uncertain' || slot.value.quality === 'Bad') continue;
        slot.value = { ...slot.value, quality: 'Uncertain' };
      } else {
        if (slot.quality === UNCERTAIN || slot.quality === BAD) continue;
        slot.quality = UNCERTAIN;
      }
      const set = byKey?.get(key);
      if (set) for (const listener of set) woken.add(listener);
    }
    // A station's dial state came from the engine too: unknown now, never "Verbunden".
    const stations = this.listeners.get('station');
    for (const [key, station] of this.stations) {
      if (station.dialState === 'NotDefined') continue;
      this.stations.set(key, { ...station, dialState: 'NotDefined' });
      for (const set of [stations?.get(key), this.stationStateListeners.get(key)])
        if (set) for (const listener of set) woken.add(listener);
    }
    this.status = { ...this.status, display: 'engineLost', nextRetryAt: null, firstStart: false };
    this.setLink('restarting', woken);
    for (const listener of woken) listener();
  }

  /**
   * LD1: the link turned down or back, or why it is down changed: every value and station
   * that reads differently now (a good or unspecified value, a station's dial state but
   * NotDefined) wakes its listeners, in the frame that brought the change.
   */
  private setLink(link: LinkDown | null, woken: Set<Listener>): void {
    if (link === this.link) return;
    this.link = link;
    if (link === null) this.stationsDown.clear();
    const values = this.listeners.get('pvValue');
    if (values)
      for (const [key, set] of values) {
        const slot = this.pvSlots.get(key);
        if (!slot?.has) continue;
        const quality = slot.value ? QUALITIES.indexOf(slot.value.quality) : slot.quality;
        if (quality === UNCERTAIN || quality === BAD) continue;
        for (const listener of set) woken.add(listener);
      }
    const stations = this.listeners.get('station');
    for (const [key, station] of this.stations) {
      if (station.dialState === 'NotDefined') continue;
      for (const set of [stations?.get(key), this.stationStateListeners.get(key)])
        if (set) for (const listener of set) woken.add(listener);
    }
  }

  /** Drops a key the tab no longer leases. */
  forget(kind: LeaseKind, key: string): void {
    if (kind === 'pvValue') {
      const slot = this.pvSlots.get(key);
      if (slot) {
        this.pvSlots.delete(key);
        this.pvByNr[slot.pvType]!.delete(slot.nr);
      }
    } else if (kind === 'pvConfig') this.pvConfigs.delete(key);
    else if (kind === 'station') {
      this.stations.delete(key);
      this.stationsDown.delete(key);
    } else if (isItemKind(kind)) {
      this.items.get(kind)?.delete(key);
      this.itemErrors.get(kind)?.delete(key);
    }
  }

  private updateStatus(frame: Frame): boolean {
    const next: TabConnectionStatus = frame.status ?? this.status;
    const lastDataAt = frame.lastDataAt;
    const before = this.status;
    // While connected the keep-alive vouches for every value (domain/freshness.ts): no view
    // shows the data age then, so its moving wakes nobody; otherwise in whole seconds.
    const ageMoved =
      lastDataAt !== before.lastDataAt &&
      (lastDataAt === null ||
        before.lastDataAt === null ||
        (next.display !== 'connected' &&
          lastDataAt - before.lastDataAt >= LAST_DATA_RESOLUTION_MS));
    if (
      next.display === before.display &&
      next.serverStatus === before.serverStatus &&
      next.nextRetryAt === before.nextRetryAt &&
      next.firstStart === before.firstStart &&
      !ageMoved
    ) {
      return false;
    }
    this.status = {
      display: next.display,
      serverStatus: next.serverStatus,
      // A change of state carries the newest time of data, so the age shown from then on is.
      lastDataAt,
      nextRetryAt: next.nextRetryAt ?? null,
      firstStart: next.firstStart,
    };
    return true;
  }
}

/** Adds a listener of `key`; its release drops the key's set once it is empty. */
function listen(byKey: Map<string, Set<Listener>>, key: string, listener: Listener): () => void {
  let set = byKey.get(key);
  if (!set) byKey.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && byKey.get(key) === set) byKey.delete(key);
  };
}
