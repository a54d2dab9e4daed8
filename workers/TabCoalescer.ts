/**
 * One per tab: which keys the tab leases, which of them changed since its last frame, and
 * when the next frame goes out (DESIGN.md "Frames, not messages"). At most one frame per
 * flush interval, the latest value per key, only keys the tab leases; a hidden tab gets
 * nothing and, when visible again, one full frame.
 */
import type { PvValue } from '../src/contract/pv.ts';
import { STATION_AGE_GRACE_MS, type StationLiveData } from '../src/contract/station.ts';
import type {
  ConnectionStatus,
  Frame,
  FrameAck,
  PvConfigEntry,
  TabMessage,
} from './engineProtocol.ts';
import type { FrameSink } from './engineApi.ts';
import { columnBuffers, type PvValueColumns } from './pvColumns.ts';
import type { PvTab } from './pvLeases.ts';
import { SlotQueue, SlotSet, type SlotSource } from './slotSets.ts';
import { DEFAULT_FLUSH_INTERVAL_MS } from './flushInterval.ts';
import type { TimerHandle, Timers } from '../src/domain/timers.ts';
import { KEY_KINDS, type KeyKind } from './topics.ts';
import {
  ITEM_KINDS,
  type ItemEntry,
  type ItemError,
  type ItemKind,
  type ItemTypes,
} from './topics/itemTopics.ts';

/** The default lives beside the tab's view of it (flushInterval.ts); re-exported here. */
export { DEFAULT_FLUSH_INTERVAL_MS };

/**
 * A tab that acknowledges frames gets the next one after its ack, or after this long without
 * one: an ack that never comes (a tab stuck in a long task) must not stop its values for good.
 */
export const ACK_TIMEOUT_MS = 1_000;

/**
 * FR8: a station whose only change is a newer time stamp reaches a tab at most this often. A
 * plant sends a station's time stamp with every value it takes in (ten times a second and
 * more), a tab shows its age in whole seconds: every one of those was a frame, a render of
 * the station page and its age texts for nothing the eye could see.
 */
export const STATION_TIMESTAMP_STEP_MS = 1_000;

/**
 * FR8: how long before the tab's time stamp of a station leaves just now (its age
 * STATION_AGE_GRACE_MS) the newest goes out, so that a station that keeps sending reads just
 * now without a gap, and one that went quiet reads its true age from the moment it leaves just
 * now. Covers the frame's way to the tab and its wait for an animation frame (FR7c, 1 s at most).
 */
export const STATION_TIMESTAMP_LEAD_MS = 1_500;

/** Where a frame's contents are read at flush time, so the latest value wins. */
export interface FrameSource {
  /** Values of these slots: plain ones as columns, the rest as objects (PvValueStore.collectSlots). */
  pvValues(slots: SlotSource): { columns: PvValueColumns | undefined; others: PvValue[] };
  pvConfig(key: string): PvConfigEntry | undefined;
  station(key: string): StationLiveData | undefined;
  /** The item of a keyed topic: undefined while none arrived, null when there is none. */
  item<K extends ItemKind>(kind: K, key: string): ItemTypes[K] | null | undefined;
  /** Why the key of a keyed topic is not live (its subscribe failed); undefined if it is. */
  itemError?(kind: ItemKind, key: string): string | undefined;
  status(): ConnectionStatus;
}

export interface TabCoalescerOptions {
  timers: Timers;
  source: FrameSource;
  /** `transfer`: buffers the message moves rather than copies (a frame's columns). */
  send(message: TabMessage, transfer?: Transferable[]): void;
  flushIntervalMs?: number;
  visible?: boolean;
  /** The tab acknowledges every frame (`ack()`): at most one frame in flight. */
  acksFrames?: boolean;
}

type KeySets = Record<KeyKind, Set<string>>;

function keySets(): KeySets {
  return Object.fromEntries(KEY_KINDS.map((kind) => [kind, new Set<string>()])) as KeySets;
}

export class TabCoalescer implements PvTab {
  readonly leased: KeySets = keySets();
  readonly pvLeased = new SlotSet();
  private dirty: KeySets = keySets();
  private readonly pvDirty = new SlotQueue();
  private statusDirty = true;
  private fullPending = false;
  private visible: boolean;
  private flushIntervalMs: number;
  private timer: TimerHandle | null = null;
  /** When the last frame went out; -Infinity before the first. */
  private lastFlushAt = Number.NEGATIVE_INFINITY;
  /** A frame went out and its ack has not come back yet (acksFrames only). */
  private unacked = false;
  /** FR8: what the tab was last sent of each station, and when. */
  private readonly sentStations = new Map<string, { live: StationLiveData; at: number }>();
  /** FR8: stations whose newer time stamp waits for its step; the timer that sends them. */
  private heldStations = new Set<string>();
  private stationTimer: TimerHandle | null = null;
  private readonly options: TabCoalescerOptions;

  constructor(options: TabCoalescerOptions) {
    this.options = options;
    this.visible = options.visible ?? true;
    this.flushIntervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
    this.schedule();
  }

  markDirty(kind: KeyKind, key: string): void {
    if (!this.visible || !this.leased[kind].has(key)) return;
    this.dirty[kind].add(key);
    this.schedule();
  }

  markPvDirty(slot: number): boolean {
    if (!this.visible || !this.pvLeased.has(slot)) return false;
    if (!this.pvDirty.add(slot)) return true;
    this.schedule();
    return false;
  }

  pvReleased(slot: number): void {
    this.pvDirty.delete(slot);
  }

  markStatusDirty(): void {
    this.statusDirty = true;
    if (this.visible) this.schedule();
  }

  setVisible(visible: boolean): void {
    if (visible === this.visible) return;
    this.visible = visible;
    if (visible) {
      this.fullPending = true;
      this.schedule();
    } else {
      this.dirty = keySets();
      this.pvDirty.clear();
      this.cancel();
      this.heldStations.clear();
      this.cancelStationTimer();
    }
  }

  setFlushInterval(ms: number): void {
    this.flushIntervalMs = Math.max(0, ms);
  }

  /** The tab applied the frame in flight: the next one may go once the interval allows. */
  ack(): void {
    if (!this.unacked) return;
    this.unacked = false;
    // A flush that waited for this ack goes out now (or when the interval ends).
    if (this.timer !== null) {
      this.cancel();
      this.schedule();
    }
  }

  /** Sends the pending frame now (also what the timer does). */
  flush(): void {
    this.cancel();
    if (!this.visible) return;
    const { timers } = this.options;
    const waited = timers.now() - this.lastFlushAt;
    if (this.unacked && waited < ACK_TIMEOUT_MS) {
      // Changes keep collecting (newest wins) until the tab took the frame in flight.
      this.flushIn(ACK_TIMEOUT_MS - waited);
      return;
    }
    const full = this.fullPending;
    const keys = full ? this.leased : this.dirty;
    const { source } = this.options;
    const values = source.pvValues(full ? this.pvLeased : this.pvDirty);
    const frame: Frame = {
      type: 'frame',
      full,
      pvValues: values.others,
      pvConfigs: [...keys.pvConfig].flatMap((key) => {
        const entry = source.pvConfig(key);
        return entry ? [[key, entry] as [string, PvConfigEntry]] : [];
      }),
      stations: this.takeStations(keys.station, full),
      items: ITEM_KINDS.flatMap((kind) => itemEntries(source, kind, keys[kind])),
      lastDataAt: source.status().lastDataAt,
    };
    const itemErrors = ITEM_KINDS.flatMap((kind) => errorEntries(source, kind, keys[kind]));
    if (itemErrors.length) frame.itemErrors = itemErrors;
    if (values.columns) frame.pvColumns = values.columns;
    if (full || this.statusDirty) frame.status = source.status();
    this.dirty = keySets();
    this.pvDirty.clear();
    this.fullPending = false;
    this.statusDirty = false;
    const empty =
      !full &&
      !frame.status &&
      !frame.pvValues.length &&
      !frame.pvColumns &&
      !frame.pvConfigs.length &&
      !frame.stations.length &&
      !frame.items.length &&
      !frame.itemErrors;
    if (!empty) {
      this.lastFlushAt = timers.now();
      this.unacked = this.options.acksFrames === true;
      this.options.send(frame, columnBuffers(frame.pvColumns));
    }
  }

  dispose(): void {
    this.cancel();
    this.cancelStationTimer();
  }

  /**
   * The stations a frame carries (FR8): each that changed, except one whose only change is a
   * time stamp less than a step newer than what the tab has; that one goes when its step is
   * up (the newest time stamp then), so the tab's age is never more than a step behind.
   */
  private takeStations(keys: Set<string>, full: boolean): StationLiveData[] {
    const { source, timers } = this.options;
    const now = timers.now();
    const out: StationLiveData[] = [];
    let dueIn = Number.POSITIVE_INFINITY;
    for (const key of keys) {
      const live = source.station(key);
      if (!live) {
        this.sentStations.delete(key);
        continue;
      }
      const sent = this.sentStations.get(key);
      if (!full && sent?.live === live) continue;
      if (!full && sent && onlyTimestampMoved(sent.live, live)) {
        const wait = Math.max(
          sent.at + STATION_TIMESTAMP_STEP_MS - now,
          unchangedUntil(sent.live.timestamp!, live.timestamp!) - now,
        );
        if (wait > 0) {
          this.heldStations.add(key);
          dueIn = Math.min(dueIn, wait);
          continue;
        }
      }
      this.heldStations.delete(key);
      this.sentStations.set(key, { live, at: now });
      out.push(live);
    }
    if (this.heldStations.size > 0 && this.stationTimer === null && dueIn < Infinity) {
      this.stationTimer = timers.setTimeout(() => {
        this.stationTimer = null;
        if (!this.visible) return;
        for (const key of this.heldStations) this.dirty.station.add(key);
        this.heldStations.clear();
        this.schedule();
      }, dueIn);
    }
    return out;
  }

  private cancelStationTimer(): void {
    if (this.stationTimer === null) return;
    this.options.timers.clearTimeout(this.stationTimer);
    this.stationTimer = null;
  }

  /**
   * Leading and trailing: a change after a quiet interval goes out at once (after the
   * current task, so one hub message makes one frame), later ones wait for the interval to
   * end. Sparse updates are not held back by a full interval; busy ones still get at most
   * one frame per interval.
   */
  private schedule(): void {
    if (this.timer !== null || !this.visible) return;
    const wait = this.lastFlushAt + this.flushIntervalMs - this.options.timers.now();
    this.flushIn(Math.max(0, wait));
  }

  private flushIn(ms: number): void {
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }

  private cancel(): void {
    if (this.timer === null) return;
    this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Feeds the FrameAcks a tab posts on its port to its coalescer. */
export function listenForAcks(sink: FrameSink, coalescer: TabCoalescer): void {
  if (typeof sink === 'function') return;
  sink.onmessage = (event: MessageEvent<FrameAck | null>) => {
    if (event.data?.type === 'frameAck') coalescer.ack();
  };
}

/** How frames reach a tab's sink: a port moves the buffers named in `transfer`. */
export function frameSender(
  sink: FrameSink,
): (message: TabMessage, transfer?: Transferable[]) => void {
  if (typeof sink === 'function') return sink;
  return (message, transfer = []) => sink.postMessage(message, transfer);
}

function itemEntries(source: FrameSource, kind: ItemKind, keys: Set<string>): ItemEntry[] {
  const out: ItemEntry[] = [];
  for (const key of keys) {
    const item = source.item(kind, key);
    if (item !== undefined) out.push([kind, key, item] as ItemEntry);
  }
  return out;
}

function errorEntries(source: FrameSource, kind: ItemKind, keys: Set<string>): ItemError[] {
  const out: ItemError[] = [];
  if (!source.itemError) return out;
  for (const key of keys) {
    const error = source.itemError(kind, key);
    if (error !== undefined) out.push([kind, key, error]);
  }
  return out;
}

/** Whether a station's live data differs from what was sent in its time stamp alone. */
/**
 * FR8: until when a tab that has a station's time stamp `sent` shows the same as it would with
 * the newer `newest` (ms since the epoch, the tab's clock, the engine's too): its age reads just
 * now until `sent` is STATION_AGE_GRACE_MS old, less the lead, and its date and time to the
 * minute (the age's title) while both are in one minute. -Infinity: it does not (send it).
 */
export function unchangedUntil(sent: number, newest: number): number {
  if (Math.floor(sent / 60_000) !== Math.floor(newest / 60_000)) return Number.NEGATIVE_INFINITY;
  return sent + STATION_AGE_GRACE_MS - STATION_TIMESTAMP_LEAD_MS;
}

function onlyTimestampMoved(sent: StationLiveData, live: StationLiveData): boolean {
  return (
    sent.name === live.name &&
    sent.lastConnection === live.lastConnection &&
    sent.dialCounters === live.dialCounters &&
    sent.dialState === live.dialState &&
    sent.timestamp !== null &&
    live.timestamp !== null
  );
}
