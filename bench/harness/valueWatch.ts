/**
 * What the server sent for a few PVs, and when, as seen by a subscriber of the bench's own
 * (the official SignalR client in the bench process, beside the browser's connection): the
 * reference for "the element shows its PV's current value". A value is current from its
 * arrival here until the next value of the same PV arrives.
 */
import {
  HUBS,
  HUB_MESSAGES,
  HUB_METHODS,
  SUBSCRIPTION_BATCH_SIZE,
} from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { benchHubConnection } from './benchHub.ts';

export interface ValueWatch {
  /**
   * The values of `key` that were current at some moment of [from, to] (Date.now() ms of
   * the bench process), oldest first; empty when none had arrived by `to`.
   */
  currentBetween(key: string, from: number, to: number): number[];
  /**
   * How many values of these keys the server sent with a time stamp in [from, to) (the
   * plant's, on this machine's clock), numbers or not: not the current values a subscribe
   * brings, nor the bench process's own delays in taking them in.
   */
  sentBetween(keys: readonly string[], from: number, to: number): number;
  stop(): Promise<void>;
}

interface Seen {
  at: number;
  value: number;
}

/** The values each key had, with their arrival times. */
export class ValueHistory {
  private readonly seen: Map<string, Seen[]>;
  /** Time stamps of every value of each key (a value without a number too). */
  private readonly stamps: Map<string, number[]>;

  constructor(keys: readonly string[]) {
    this.seen = new Map(keys.map((k) => [k, []]));
    this.stamps = new Map(keys.map((k) => [k, []]));
  }

  /** Values that arrived at `at`; keys not watched are ignored. */
  record(values: readonly PvValue[], at: number): void {
    for (const v of values) {
      const key = pvKey(v.pvRef);
      this.stamps.get(key)?.push(v.timestamp);
      const list = this.seen.get(key);
      if (list && typeof v.doubleValue === 'number') list.push({ at, value: v.doubleValue });
    }
  }

  /** See ValueWatch.sentBetween. */
  sentBetween(keys: readonly string[], from: number, to: number): number {
    let n = 0;
    for (const key of keys)
      for (const t of this.stamps.get(key) ?? []) if (t >= from && t < to) n++;
    return n;
  }

  /** See ValueWatch.currentBetween. */
  currentBetween(key: string, from: number, to: number): number[] {
    const list = this.seen.get(key) ?? [];
    const out: number[] = [];
    for (let i = 0; i < list.length; i++) {
      const next = list[i + 1];
      if (list[i]!.at <= to && (next === undefined || next.at >= from)) out.push(list[i]!.value);
    }
    return out;
  }
}

/** Subscribes `keys` (PV keys, e.g. `ai100001`) and records every value that arrives. */
export async function watchValues(
  url: string,
  cookie: string | null,
  keys: readonly string[],
): Promise<ValueWatch> {
  const history = new ValueHistory(keys);
  const record = (values: PvValue[]) => history.record(values, Date.now());
  const connection = benchHubConnection(url, HUBS.pv, cookie);
  connection.on(HUB_MESSAGES.newValues, record);
  connection.on(HUB_MESSAGES.newValue, (v: PvValue) => record([v]));
  await connection.start();
  for (let i = 0; i < keys.length; i += SUBSCRIPTION_BATCH_SIZE)
    await connection.invoke(
      HUB_METHODS.pv.subscribeToPvs,
      keys.slice(i, i + SUBSCRIPTION_BATCH_SIZE),
    );
  return {
    currentBetween: (key, from, to) => history.currentBetween(key, from, to),
    sentBetween: (keys, from, to) => history.sentBetween(keys, from, to),
    stop: () => connection.stop(),
  };
}

/** The number a value text shows ("12,34 m³/h", "12.34"), or null when it shows none. */
export function shownNumber(text: string | null): number | null {
  const match = text?.replace(/\s/g, '').match(/-?\d+(?:[.,]\d+)?/);
  return match ? Number(match[0].replace(',', '.')) : null;
}

/** One reading of what a page shows: texts in the order of the keys read, and when. */
export interface ShownReading {
  /** Date.now() of the bench just before and just after the page was read. */
  from: number;
  to: number;
  texts: (string | null)[];
}

/**
 * Of the texts read (each against its key), how many showed a value its PV had at some moment
 * of the `lagMs` before the reading (values compared to `tolerance`, the texts' 2 decimals).
 */
export function countCurrent(
  watch: Pick<ValueWatch, 'currentBetween'>,
  keys: readonly string[],
  readings: readonly ShownReading[],
  lagMs = 1000,
  tolerance = 0.006,
): { current: number; read: number } {
  let current = 0;
  let read = 0;
  for (const { from, to, texts } of readings) {
    texts.forEach((text, i) => {
      read++;
      const value = shownNumber(text);
      if (value === null) return;
      if (
        watch
          .currentBetween(keys[i]!, from - lagMs, to)
          .some((v) => Math.abs(v - value) < tolerance)
      )
        current++;
    });
  }
  return { current, read };
}
