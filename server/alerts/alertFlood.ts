/**
 * An alarm flood for the bench and for trying the product under one (PEGEL_ALERT_FLOOD_PER_SEC):
 * the plant's PVs with limits raise `perSecond` alerts a second in ticks, each returning to
 * normal `clearAfterMs` later and staying in the current list until acknowledged (ISA-18.2),
 * as when a power failure or a lost line trips a whole area. Alerts go through the service
 * like any other (archive, newAlert, pending lists), a tick's alerts in one transaction.
 */
import type { Alert } from '../../src/contract/alerts.ts';
import type { Plant } from '../plant/types.ts';
import { createRandom } from '../plant/random.ts';
import type { NewAlert } from './AlertArchive.ts';
import { limitAlert } from './AlertRaiser.ts';
import type { PvConfig, PvLimitConfig } from '../../src/contract/pv.ts';

export interface AlertFloodOptions {
  perSecond: number;
  clearAfterMs: number;
  /**
   * Alerts to raise in all, then none (the bench's list at rest: its length, then no new
   * alert); those raised still return to normal after `clearAfterMs`. 0 or none: no end.
   */
  count?: number;
  plant: Plant;
  sink: {
    raiseMany(list: readonly NewAlert[]): Alert[];
    clearMany(ids: readonly number[], at: number): void;
  };
  now: () => number;
  seed?: number;
  tickMs?: number;
}

/** What the flood raises: the limits of the plant's PVs (each raised at its tick's time). */
function floodSources(plant: Plant): { config: PvConfig; limit: PvLimitConfig }[] {
  return plant.pvRefs().flatMap((ref) => {
    const config = plant.config(ref);
    return config ? plant.limitConfigs(ref).map((limit) => ({ config, limit })) : [];
  });
}

/** Starts the flood; the answer stops it (alerts still to clear stay as they are). */
export function startAlertFlood(options: AlertFloodOptions): () => void {
  const sources = floodSources(options.plant);
  if (options.perSecond <= 0 || sources.length === 0) return () => undefined;
  const random = createRandom(options.seed ?? 1);
  const tickMs = options.tickMs ?? 100;
  /** Alerts raised, oldest first, with when they return to normal. */
  const toClear: { id: number; at: number }[] = [];
  let carry = 0;
  let last = options.now();
  /** Alerts still to raise; Infinity without an end. */
  let left = options.count && options.count > 0 ? options.count : Infinity;
  const tick = () => {
    // All raised and all returned to normal: nothing left for a tick to do.
    if (left === 0 && toClear.length === 0) {
      clearInterval(timer);
      return;
    }
    const now = options.now();
    // The rate holds at any tick length: a late tick raises what the elapsed time asks for.
    carry += (options.perSecond * Math.max(0, now - last)) / 1000;
    last = now;
    const count = Math.min(left, Math.floor(carry));
    carry -= Math.floor(carry);
    left -= count;
    const due: number[] = [];
    while (toClear.length > 0 && toClear[0]!.at <= now) due.push(toClear.shift()!.id);
    if (due.length > 0) options.sink.clearMany(due, now);
    if (count === 0) return;
    const list: NewAlert[] = [];
    for (let i = 0; i < count; i++) {
      const { config, limit } = random.pick(sources);
      list.push(limitAlert(config, limit, now));
    }
    for (const a of options.sink.raiseMany(list))
      toClear.push({ id: a.id, at: now + options.clearAfterMs });
  };
  const timer = setInterval(tick, tickMs);
  timer.unref?.();
  return () => clearInterval(timer);
}
