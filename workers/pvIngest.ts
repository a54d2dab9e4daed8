/**
 * The PV hub's value path into the engine: `newValues` batches and single `newValue`
 * messages are checked, kept in the value store when some tab leases the key, and marked
 * dirty for those tabs. It counts what it receives and applies, so the bench can set the
 * values the engine applied against the values the server sent (`EngineStats`).
 */
import { pvKey } from '../src/contract/keys.ts';
import type { PvValue } from '../src/contract/pv.ts';
import type { PvValueStore } from './PvValueStore.ts';
import { isPvValue } from './validate.ts';

/** Counters of the engine since it started (monotonic; readers take differences). */
export interface EngineStats {
  /** PV values that arrived from the hub (valid or not, leased or not). */
  pvValuesReceived: number;
  /** PV values stored for a leased key and marked for the tabs leasing it. */
  pvValuesApplied: number;
  /** Hub messages carrying PV values (one `newValues` batch counts once). */
  pvMessages: number;
}

export interface PvIngestDeps {
  values: PvValueStore;
  /** Whether some tab leases the PV value key. */
  isLeased(key: string): boolean;
  /** The stored value changed: mark it for the tabs leasing it (and live charts). */
  applied(key: string, value: PvValue): void;
}

export class PvIngest {
  private readonly deps: PvIngestDeps;
  private received = 0;
  private applied = 0;
  private messages = 0;

  constructor(deps: PvIngestDeps) {
    this.deps = deps;
  }

  /** `newValues([value, …])`; anything but an array is ignored. */
  batch(payload: unknown): void {
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

  stats(): EngineStats {
    return {
      pvValuesReceived: this.received,
      pvValuesApplied: this.applied,
      pvMessages: this.messages,
    };
  }

  private apply(payload: unknown): void {
    if (!isPvValue(payload)) return;
    const key = pvKey(payload.pvRef);
    // NOTE: values can still arrive for a key just unsubscribed; they are not kept.
    if (!this.deps.isLeased(key)) return;
    this.deps.values.set(payload, key);
    this.applied++;
    this.deps.applied(key, payload);
  }
}
