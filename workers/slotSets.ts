/**
 * Sets of value-store slots (PvValueStore) for a tab's leased and changed PVs: one bit per
 * slot rather than a Set of key strings (about 13 bytes per entry plus the key, per tab).
 */

/** Slots to visit, e.g. for a frame (a Set<number> is one too). */
export interface SlotSource {
  /** How many slots at most `forEach` visits. */
  readonly size: number;
  forEach(visit: (slot: number) => void): void;
}

/** A set of slots as a bitset, grown by doubling. */
export class SlotSet implements SlotSource {
  private bits = new Uint32Array(0);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(slot: number): boolean {
    const word = slot >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (slot & 31))) !== 0;
  }

  /** True when `slot` was not in the set. */
  add(slot: number): boolean {
    const word = slot >>> 5;
    if (word >= this.bits.length) this.grow(word + 1);
    const bit = 1 << (slot & 31);
    const bits = this.bits[word]!;
    if ((bits & bit) !== 0) return false;
    this.bits[word] = bits | bit;
    this.count++;
    return true;
  }

  /** True when `slot` was in the set. */
  delete(slot: number): boolean {
    if (!this.has(slot)) return false;
    this.bits[slot >>> 5]! &= ~(1 << (slot & 31));
    this.count--;
    return true;
  }

  clear(): void {
    this.bits.fill(0);
    this.count = 0;
  }

  /** In slot order. The set must not change while it is visited. */
  forEach(visit: (slot: number) => void): void {
    const { bits } = this;
    for (let word = 0; word < bits.length; word++) {
      let rest = bits[word]!;
      while (rest !== 0) {
        const low = rest & -rest;
        visit((word << 5) | (31 - Math.clz32(low)));
        rest ^= low;
      }
    }
  }

  /** The slots as an array (to change the set while going through them). */
  toArray(): number[] {
    const out: number[] = [];
    this.forEach((slot) => out.push(slot));
    return out;
  }

  private grow(words: number): void {
    const bits = new Uint32Array(Math.max(words, 2 * this.bits.length, 32));
    bits.set(this.bits);
    this.bits = bits;
  }
}

/** Slots a queue lists at most; beyond, it visits its bitset instead (and keeps no list). */
const QUEUE_LIST_LIMIT = 4096;

/**
 * Slots changed since the last frame: a bitset to add each once, and a list to visit them
 * without scanning every slot, in the order they first changed. A burst larger than the
 * list (a tab leasing 50,000 PVs at once) is visited from the bitset, in slot order, so the
 * list never holds four bytes per leased PV for good.
 */
export class SlotQueue implements SlotSource {
  private readonly queued = new SlotSet();
  private list = new Int32Array(64);
  private length = 0;
  private overflow = false;

  /** At most this many slots are queued (a removed one may still hold its place). */
  get size(): number {
    return this.overflow ? this.queued.size : this.length;
  }

  has(slot: number): boolean {
    return this.queued.has(slot);
  }

  /** False when `slot` was queued already. */
  add(slot: number): boolean {
    if (!this.queued.add(slot)) return false;
    if (this.overflow) return true;
    if (this.length === this.list.length) {
      if (this.length >= QUEUE_LIST_LIMIT) {
        this.overflow = true;
        return true;
      }
      const list = new Int32Array(2 * this.list.length);
      list.set(this.list);
      this.list = list;
    }
    this.list[this.length++] = slot;
    return true;
  }

  delete(slot: number): void {
    this.queued.delete(slot);
  }

  /** Visits every queued slot once and empties the queue. */
  forEach(visit: (slot: number) => void): void {
    if (this.overflow) {
      this.queued.forEach(visit);
      this.clear();
      return;
    }
    const { list, length } = this;
    this.length = 0;
    for (let i = 0; i < length; i++) {
      const slot = list[i]!;
      if (this.queued.delete(slot)) visit(slot);
    }
  }

  clear(): void {
    if (this.overflow) this.queued.clear();
    else for (let i = 0; i < this.length; i++) this.queued.delete(this.list[i]!);
    this.length = 0;
    this.overflow = false;
  }
}
