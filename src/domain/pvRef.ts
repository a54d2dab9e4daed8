/** SPEC §3 "Process value reference": station and number within the station. */
import type { PvRef } from '../contract/pv.ts';

/** SPEC §9: station = floor(nr / 100000), number = nr mod 100000. */
export const PV_NUMBER_SPLIT = 100_000;

const SPLIT_TYPES = new Set(['AnaIn', 'AnaOut', 'DigiIn', 'DigiOut']);

export function splitPvNr(ref: PvRef): { station: number | null; number: number } {
  if (!SPLIT_TYPES.has(ref.type)) return { station: null, number: ref.nr };
  return { station: Math.floor(ref.nr / PV_NUMBER_SPLIT), number: ref.nr % PV_NUMBER_SPLIT };
}

export function makePvNr(station: number, number: number): number {
  return station * PV_NUMBER_SPLIT + number;
}
