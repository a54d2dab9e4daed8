/**
 * Appends live values to the archive. Every value of an archived PV counts towards its
 * quarter-hour aggregate in memory (quarter hours nest in the plant's days and months, so a
 * quarter-hour part is merged into its day and month when written); a raw sample is taken at most once per
 * archive interval per PV (digital PVs also on every change), and with it the PV's pending
 * aggregates are queued. Queued rows are written in one transaction per flush. A flush takes
 * at most `maxSamplesPerFlush` samples: beyond that a PV's sample waits for a later value (its
 * aggregates keep accumulating, nothing is lost), so a plant of 100,000 PVs cannot flood the
 * database; raw values just get sparser. A value held (holdTickMs) counts only until its PV is
 * re-sent with a worse quality and the same time (a dial-up station hanging up): the time the
 * station is not connected stays empty. A field plant's values that a newer one of the same PV
 * replaced within its batch (plant event `samples`, just before the batch) come through
 * `onValues` too, so the aggregates count every value measured and the raw values keep theirs.
 *
 * Values that arrive late, at their own older time (`onHistory`: a field device's
 * store-and-forward buffer after an outage) are written at once: each as a raw value at its
 * time, merged into the quarter hour, day and month it falls in, so those periods are the
 * aggregates of all their values, whenever they came. A time the link was down and nothing was
 * sent later stays empty.
 */
import { pvKey } from '../../src/contract/keys.ts';
import { QUARTER_HOUR_MS } from '../../src/domain/timeUnits.ts';
import type { PvRef, PvValue } from '../../src/contract/pv.ts';
import {
  addSample,
  AGGREGATE_LEVELS,
  counterIncrement,
  emptyAggregate,
  PeriodStarts,
  quarterHourStart,
  type Aggregate,
  type AggregateLevel,
  type ArchiveKind,
} from './aggregate.ts';
import { archivedNumber } from './archivedValue.ts';
import type { ArchiveStore } from './ArchiveStore.ts';

/**
 * How the live archive finds its PVs: `kindOf` answers null for PVs not archived (asked once
 * per PV); `idOf` gives the archive row id, asked only when the PV's first sample is written,
 * so the first tick of a large plant creates no rows for PVs the sample budget has not reached.
 */
export interface LivePvResolver {
  kindOf(ref: PvRef): ArchiveKind | null;
  idOf(ref: PvRef): number;
}

/** A quarter-hour part not yet written. */
interface PendingAggregate {
  start: number;
  aggregate: Aggregate;
}

interface LiveState {
  ref: PvRef;
  kind: ArchiveKind;
  id: number | null;
  lastSeenT: number;
  lastRawT: number;
  lastRawV: number | null;
  previousReading: number | null;
  /** The last archived number of a level or state: it holds until the next value. */
  heldV: number | null;
  open: PendingAggregate | null;
  closed: PendingAggregate[];
}

export interface LiveArchiveOptions {
  /** Values before this instant belong to the generated history and are ignored. */
  historyEnd: number;
  rawIntervalMs: number;
  maxSamplesPerFlush: number;
  /**
   * The plant's tick when it sends a value only on change (the simulator): each tick without
   * a new value counts the held value once more, so a quarter hour's mean is weighted by time,
   * not by how often the value changed (a pump's noisy flow while it runs, one 0 when it
   * stops). Null: every value is one sample (a plant that sends at its own cadence).
   */
  holdTickMs?: number | null;
  /** The plant's time zone: day and month periods start at its midnights. */
  zone: string;
}

export interface FlushResult {
  samples: number;
  /** Aggregate parts written per level. */
  aggregates: Record<AggregateLevel, number>;
}

export class LiveArchive {
  /** null: a PV that is not archived (no archive data), remembered so it is asked once. */
  private readonly states = new Map<string, LiveState | null>();
  /** The simulator reuses its PvRef objects: looking them up by identity skips the key text. */
  private readonly byRef = new WeakMap<PvRef, LiveState | null>();
  private readonly periods: PeriodStarts;
  private rawQueue: number[] = [];
  private rawValues: (number | null)[] = [];
  private aggregateQueue: { id: number; level: AggregateLevel; start: number; a: Aggregate }[] = [];
  private budget: number;
  deferredSamples = 0;
  acceptedValues = 0;
  /** The newest value's time: the plant's last tick. */
  private latestT = -Infinity;

  constructor(
    private readonly store: ArchiveStore,
    private readonly resolver: LivePvResolver,
    private readonly options: LiveArchiveOptions,
  ) {
    this.budget = options.maxSamplesPerFlush;
    this.periods = new PeriodStarts(options.zone);
  }

  /** One simulator tick. */
  onValues(values: readonly PvValue[]): void {
    for (const value of values) this.accept(value);
  }

  private state(ref: PvRef): LiveState | null {
    const known = this.byRef.get(ref);
    if (known !== undefined) return known;
    const key = pvKey(ref);
    let st = this.states.get(key);
    if (st === undefined) {
      const kind = this.resolver.kindOf(ref);
      st = kind
        ? {
            ref,
            kind,
            id: null,
            lastSeenT: -Infinity,
            lastRawT: -Infinity,
            lastRawV: null,
            previousReading: null,
            heldV: null,
            open: null,
            closed: [],
          }
        : null;
      this.states.set(key, st);
    }
    this.byRef.set(ref, st);
    return st;
  }

  private accept(value: PvValue): void {
    const t = value.timestamp;
    if (!Number.isFinite(t) || t < this.options.historyEnd) return;
    const st = this.state(value.pvRef);
    if (!st || t < st.lastSeenT) return;
    if (t === st.lastSeenT && value.quality !== 'Good') {
      // The value already archived, sent again with a worse quality: a dial-up station that
      // hung up keeps its last values (Uncertain, their old time). It is no new measurement,
      // and nobody knows what follows: the held value ends here, so the time until the
      // station calls again stays empty (an archive holds only what was measured). Held up to
      // the plant's last tick, it was still measured.
      if (st.kind !== 'counter' && this.latestT > st.lastSeenT) {
        this.holdUntil(st, this.latestT + (this.options.holdTickMs ?? 0));
        st.lastSeenT = this.latestT;
      }
      st.heldV = null;
      return;
    }
    if (t > this.latestT) this.latestT = t;
    if (st.kind !== 'counter') this.holdUntil(st, t);
    st.lastSeenT = t;
    this.acceptedValues++;
    const v = archivedNumber(value);
    let increment = 0;
    if (st.kind === 'counter') {
      increment = counterIncrement(st.previousReading, v);
      if (v !== null) st.previousReading = v;
    }
    const start = quarterHourStart(t);
    let p = st.open;
    if (!p || p.start !== start) {
      if (p) st.closed.push(p);
      p = { start, aggregate: emptyAggregate() };
      st.open = p;
    }
    addSample(p.aggregate, t, v, increment);
    st.heldV = v;
    const due =
      t - st.lastRawT >= this.options.rawIntervalMs || (st.kind === 'digital' && v !== st.lastRawV);
    if (!due) return;
    if (this.budget <= 0) {
      this.deferredSamples++;
      return;
    }
    this.budget--;
    st.lastRawT = t;
    st.lastRawV = v;
    st.id ??= this.resolver.idOf(st.ref);
    this.rawQueue.push(st.id, t);
    this.rawValues.push(v);
    this.queueAggregates(st);
  }

  /**
   * Late values (plant event `history`), written now in the caller's transaction. A value whose
   * PV already has a raw value at that very time was archived before (a buffer sent twice) and
   * is not counted again. A counter's late reading is archived as a reading; its increase stays
   * counted where the live readings put it (increments are not split after the fact).
   */
  onHistory(values: readonly PvValue[]): FlushResult {
    const aggregates: Record<AggregateLevel, number> = { quarterHour: 0, day: 0, month: 0 };
    const parts = new Map<string, { id: number; start: number; a: Aggregate }>();
    let samples = 0;
    for (const value of values) {
      const t = value.timestamp;
      if (!Number.isFinite(t) || t < this.options.historyEnd) continue;
      const st = this.state(value.pvRef);
      if (!st) continue;
      st.id ??= this.resolver.idOf(st.ref);
      if (this.store.hasRaw(st.id, t)) continue;
      const v = archivedNumber(value);
      this.store.insertRaw(st.id, t, v);
      samples++;
      const start = quarterHourStart(t);
      const key = `${st.id}:${start}`;
      let part = parts.get(key);
      if (!part) parts.set(key, (part = { id: st.id, start, a: emptyAggregate() }));
      addSample(part.a, t, v);
    }
    for (const { id, start, a } of parts.values()) {
      for (const level of AGGREGATE_LEVELS) {
        this.store.upsertAggregate(level, id, this.periods.of(level, start), a);
        aggregates[level]++;
      }
    }
    return { samples, aggregates };
  }

  /** Counts the held value once for every tick between its time and `t` (see holdTickMs). */
  private holdUntil(st: LiveState, t: number): void {
    const tick = this.options.holdTickMs;
    if (!tick || st.heldV === null || !Number.isFinite(st.lastSeenT)) return;
    const v = st.heldV;
    let from = st.lastSeenT + tick;
    while (from < t) {
      const start = quarterHourStart(from);
      const end = Math.min(start + QUARTER_HOUR_MS, t);
      const k = Math.ceil((end - from) / tick);
      let p = st.open;
      if (!p || p.start !== start) {
        if (p) st.closed.push(p);
        p = { start, aggregate: emptyAggregate() };
        st.open = p;
      }
      const a = p.aggregate;
      a.n += k;
      a.sum += k * v;
      a.min = a.min === null ? v : Math.min(a.min, v);
      a.max = a.max === null ? v : Math.max(a.max, v);
      const lastT = from + (k - 1) * tick;
      if (lastT >= a.lastT) {
        a.last = v;
        a.lastT = lastT;
      }
      from += k * tick;
    }
  }

  private queueAggregates(st: LiveState): void {
    if (st.id === null) {
      if (!st.open && st.closed.length === 0) return;
      st.id = this.resolver.idOf(st.ref);
    }
    const id = st.id;
    const parts = st.open ? [...st.closed, st.open] : st.closed;
    for (const { start, aggregate: a } of parts) {
      if (a.lastT === -Infinity) continue;
      for (const level of AGGREGATE_LEVELS) {
        this.aggregateQueue.push({ id, level, start: this.periods.of(level, start), a });
      }
    }
    st.closed = [];
    // The quarter hour stays open; its next part starts empty and merges on write.
    if (st.open) st.open = { start: st.open.start, aggregate: emptyAggregate() };
  }

  /** Writes everything queued in one transaction and renews the sample budget. */
  flush(): FlushResult {
    const raw = this.rawQueue;
    const values = this.rawValues;
    const aggregates = this.aggregateQueue;
    this.rawQueue = [];
    this.rawValues = [];
    this.aggregateQueue = [];
    this.budget = this.options.maxSamplesPerFlush;
    const counts: Record<AggregateLevel, number> = { quarterHour: 0, day: 0, month: 0 };
    if (raw.length === 0 && aggregates.length === 0) return { samples: 0, aggregates: counts };
    this.store.db.transaction(() => {
      for (let i = 0; i < values.length; i++) {
        this.store.insertRaw(raw[2 * i]!, raw[2 * i + 1]!, values[i]!);
      }
      for (const { id, level, start, a } of aggregates) {
        this.store.upsertAggregate(level, id, start, a);
        counts[level]++;
      }
    })();
    return { samples: values.length, aggregates: counts };
  }

  /** At shutdown: queues every pending aggregate regardless of the budget, then flushes. */
  flushAll(): FlushResult {
    const tick = this.options.holdTickMs;
    for (const st of this.states.values()) {
      if (!st) continue;
      // Held values count up to the last tick, though they did not change since.
      if (tick && st.kind !== 'counter' && st.lastSeenT < this.latestT) {
        this.holdUntil(st, this.latestT + tick);
        st.lastSeenT = this.latestT;
      }
      this.queueAggregates(st);
    }
    return this.flush();
  }
}
