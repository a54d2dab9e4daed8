/**
 * A number per PV for the hot path: map lookups by number are many times cheaper than by a
 * freshly built key string, and PV values arrive at up to 250,000 per second.
 */
import { PV_TYPES, type PvType } from '../../src/contract/enums.ts';
import { parsePvKey } from '../../src/contract/keys.ts';
import type { PvRef } from '../../src/contract/pv.ts';

const TYPE_SLOTS = 16;
const TYPE_INDEX = Object.fromEntries(PV_TYPES.map((t, i) => [t, i])) as Record<PvType, number>;
/** Largest nr with a unique code (nr * 16 + type stays a safe integer). */
export const MAX_PV_NR = Math.floor(Number.MAX_SAFE_INTEGER / TYPE_SLOTS);

export function pvCode(ref: PvRef): number {
  return ref.nr * TYPE_SLOTS + TYPE_INDEX[ref.type];
}

export function pvCodeOfKey(key: string): number {
  return pvCode(parsePvKey(key)!);
}

export function pvRefOfCode(code: number): PvRef {
  const index = code % TYPE_SLOTS;
  return { type: PV_TYPES[index]!, nr: (code - index) / TYPE_SLOTS };
}
