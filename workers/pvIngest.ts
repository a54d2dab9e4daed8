/**
 * The PV hub's value path into the engine: `newValues` batches and single `newValue`
 * messages are checked, kept in the value store when some tab leases the key, and marked
 * dirty for those tabs. It counts what it receives and applies, so the bench can set the
 * values the engine applied against the values the server sent (`EngineStats`).
 */
import type { PvValue } from '../src/contract/pv.ts';
import type { PvValueStore } from './PvValueStore.ts';
import { isPvValue } from './validate.ts';
import { OBJECT_ROW, PvValueBatch } from './pvValueBatch.ts';

/** Counters of the engine since it started (monotonic; readers take differences). */
export interface EngineStats {
  /** PV values that arrived from the hub (valid or not, leased or not). */
  pvValuesReceived: number;
  /** PV values stored for a leased key and marked for the tabs leasing it. */
  pvValuesApplied: number;
  /** Hub messages carrying PV values (one `newValues` batch counts once). */
  pvMessages: number;
  /**
   * Values marked for a tab that a newer value of the same PV replaced before the tab's next
   * frame (PvLeases.valuesReplaced): what the tabs did not receive, by design.
   */
  pvValuesReplaced: number;
}

export interface PvIngestDeps {
  /** The store holds a slot for each leased PV value key, and only for those. */
  values: PvValueStore;
  /**
   * The value in `slot` changed: mark it for the tabs leasing it (and live charts). `value`
   * when it came as an object; a value read into columns has none (the store has it).
   */
  applied(slot: number, value?: PvValue): void;
}

export class PvIngest {
  private readonly deps: PvIngestDeps;
  private received = 0;
  private applied = 0;
  private messages = 0;

  constructor(deps: PvIngestDeps) {
    this.deps = deps;
  }

  /**
   * `newValues([value, …])`, as objects or read into columns (PvHubProtocol); anything else
   * is ignored.
   */
  batch(payload: unknown): void {
    if (payload instanceof PvValueBatch) {
      this.columns(payload);
      return;
    }
    if (!Array.isArray(payload)) return;
    this.messages++;
    this.received += payload.length;
    for (const value of payload as unknown[]) this.apply(value);
  }

  /** `newValue(value)`. */
  one(payload: unknown): void {
    this.messages++;
    this.received++;
    this.apply(payload);
  }

  stats(): Omit<EngineStats, 'pvValuesReplaced'> {
    return {
      pvValuesReceived: this.received,
      pvValuesApplied: this.applied,
      pvMessages: this.messages,
    };
  }

  /** Plain rows straight into the store by (type, nr); object rows as `apply` takes them. */
  private columns(batch: PvValueBatch): void {
    this.messages++;
    this.received += batch.length;
    const { values } = this.deps;
    try {
      this.rows(batch, values);
    } finally {
      batch.release();
    }
  }

  private rows(batch: PvValueBatch, values: PvValueStore): void {
    const { codes, nums, objects } = batch;
    for (let row = 0; row < batch.length; row++) {
      const i = 3 * row;
      const valueType = codes[i]!;
      if (valueType === OBJECT_ROW) {
        this.apply(objects[nums[i]!]);
        continue;
      }
      const pvType = codes[i + 1]!;
      const nr = nums[i]!;
      const slot = values.slotOfTypeNr(pvType, nr);
      if (slot < 0) continue;
      values.setPlainAt(slot, valueType, pvType, nr, codes[i + 2]!, nums[i + 1]!, nums[i + 2]!);
      this.applied++;
      this.deps.applied(slot);
    }
  }

  private apply(payload: unknown): void {
    if (!isPvValue(payload)) return;
    // Found by type and nr, no key string made. NOTE: values can still arrive for a key
    // just unsubscribed; it has no slot then and they are not kept.
    const slot = this.deps.values.slotOfRef(payload.pvRef);
    if (slot < 0) return;
    this.deps.values.setAt(slot, payload);
    this.applied++;
    this.deps.applied(slot, payload);
  }
}
