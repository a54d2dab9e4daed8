/**
 * Finds the slot of a PV key without keeping the key: an open-addressing table of slot
 * numbers (Int32Array, linear probing) hashed on the PV's type and nr, which the value
 * store keeps in its columns anyway. A string-keyed Map costs the key string (about 20
 * bytes in the worker) plus an entry (12-28 bytes) per PV; this costs 6 bytes per slot of
 * capacity. Keys that are not in canonical form (`pvKey(parsePvKey(key)) !== key`) are the
 * store's side path, not this index.
 */
import { PV_KEY_PREFIX } from '../src/contract/keys.ts';
import { PV_TYPES } from '../src/contract/enums.ts';

const PREFIX_INDEX = new Map<string, number>(PV_TYPES.map((t, i) => [PV_KEY_PREFIX[t], i]));
const TWO_32 = 4294967296;

/** Where `parseCanonicalKey` leaves its result (no object per call). */
export const parsed = { type: 0, nr: 0 };

/**
 * Whether `key` is a PV key in the form `pvKey` writes (prefix, then the nr without leading
 * zeros); if so its type index and nr are in `parsed`.
 */
export function parseCanonicalKey(key: string): boolean {
  let i = 0;
  while (i < key.length && !isDigit(key.charCodeAt(i))) i++;
  if (i === 0 || i === key.length) return false;
  const type = PREFIX_INDEX.get(key.slice(0, i));
  if (type === undefined) return false;
  if (key.charCodeAt(i) === 48 && i + 1 < key.length) return false; // a leading zero
  let nr = 0;
  for (let j = i; j < key.length; j++) {
    const c = key.charCodeAt(j);
    if (!isDigit(c)) return false;
    nr = nr * 10 + (c - 48);
  }
  if (!Number.isSafeInteger(nr)) return false;
  parsed.type = type;
  parsed.nr = nr;
  return true;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The PV's type and nr of a slot, as the store holds them. */
export interface SlotRefs {
  pvTypeOf(slot: number): number;
  nrOf(slot: number): number;
}

export class PvKeyIndex {
  /** Slot + 1 per bucket; 0 is empty. */
  private table = new Int32Array(0);
  private count = 0;
  private readonly refs: SlotRefs;

  constructor(refs: SlotRefs) {
    this.refs = refs;
  }

  get size(): number {
    return this.count;
  }

  get byteLength(): number {
    return this.table.byteLength;
  }

  /** The slot of (type, nr), or -1. */
  find(type: number, nr: number): number {
    const { table } = this;
    const length = table.length;
    if (length === 0) return -1;
    const { refs } = this;
    for (let i = bucketOf(type, nr, length); ; i = i + 1 === length ? 0 : i + 1) {
      const entry = table[i]!;
      if (entry === 0) return -1;
      const slot = entry - 1;
      if (refs.nrOf(slot) === nr && refs.pvTypeOf(slot) === type) return slot;
    }
  }

  /**
   * Adds `slot`, whose type and nr the store holds already and which is not in the index.
   * `capacity`: the store's slot capacity; the table keeps 1.5 buckets per slot of it, so
   * it is at most two thirds full.
   */
  add(slot: number, capacity: number): void {
    const wanted = capacity + (capacity >> 1);
    if (this.table.length < wanted) this.rebuild(wanted);
    this.insert(slot);
    this.count++;
  }

  /** Removes `slot` (no-op when absent), shifting later entries back (no tombstones). */
  remove(slot: number): void {
    const { table, refs } = this;
    const length = table.length;
    if (length === 0) return;
    let i = bucketOf(refs.pvTypeOf(slot), refs.nrOf(slot), length);
    while (table[i] !== slot + 1) {
      if (table[i] === 0) return;
      i = i + 1 === length ? 0 : i + 1;
    }
    this.count--;
    // Knuth's algorithm R: move back every later entry of the run whose home bucket does
    // not lie cyclically in (i, j].
    let j = i;
    for (;;) {
      j = j + 1 === length ? 0 : j + 1;
      const entry = table[j]!;
      if (entry === 0) break;
      const home = bucketOf(refs.pvTypeOf(entry - 1), refs.nrOf(entry - 1), length);
      const stays = i <= j ? i < home && home <= j : i < home || home <= j;
      if (stays) continue;
      table[i] = entry;
      i = j;
    }
    table[i] = 0;
  }

  private insert(slot: number): void {
    const { table } = this;
    const length = table.length;
    let i = bucketOf(this.refs.pvTypeOf(slot), this.refs.nrOf(slot), length);
    while (table[i] !== 0) i = i + 1 === length ? 0 : i + 1;
    table[i] = slot + 1;
  }

  private rebuild(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    for (let i = 0; i < old.length; i++) if (old[i] !== 0) this.insert(old[i]! - 1);
  }
}

/** A bucket in [0, length): the mixed hash scaled to the table (no power of two needed). */
function bucketOf(type: number, nr: number, length: number): number {
  let h = Math.imul((nr >>> 0) ^ Math.imul((nr / TWO_32) >>> 0, 0x85ebca6b), 0x9e3779b1);
  h ^= Math.imul(type + 1, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return Math.floor(((h >>> 0) * length) / TWO_32);
}
