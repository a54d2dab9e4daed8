/**
 * Latest value per PV key, kept in columns (typed arrays per field, one slot per key)
 * rather than one object per PV: a plant has tens of thousands of PVs and the engine
 * lives as long as the browser does. Plain values (double, bool, failure state) cost
 * 27 bytes per slot; counters, runtimes and times of day keep their small object.
 *
 * The store is also where the engine interns leased PV keys: a key is found by its type
 * and nr in a numeric index over the columns (pvKeyIndex.ts), so no key string, Map entry
 * or object is kept per PV. The engine addresses PVs by slot from the lease on; the
 * string API (`set`, `get`, `has`, `delete`, `collect`) is the same store by key.
 */
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES, type PvValueType } from '../src/contract/enums.ts';
import {
  createPvColumns,
  isPlainValueType,
  plainPvValue,
  writePlain,
  type PvValueColumns,
} from './pvColumns.ts';
import { parseCanonicalKey, parsed, PvKeyIndex } from './pvKeyIndex.ts';
import type { SlotSource } from './slotSets.ts';
import { pvKey } from '../src/contract/keys.ts';
import type {
  CounterValue,
  PvRef,
  PvValue,
  RuntimeValue,
  TimeOfDayValue,
} from '../src/contract/pv.ts';

type Extra = CounterValue | RuntimeValue | TimeOfDayValue;

const INITIAL_CAPACITY = 1024;
const VALUE_TYPE_INDEX = new Map<string, number>(PV_VALUE_TYPES.map((t, i) => [t, i]));
const PV_TYPE_INDEX = new Map<string, number>(PV_TYPES.map((t, i) => [t, i]));
const QUALITY_INDEX = new Map<string, number>(QUALITIES.map((q, i) => [q, i]));
/** valueType of a reserved slot that holds no value yet. */
const NO_VALUE = 255;

export class PvValueStore {
  private readonly index = new PvKeyIndex({
    pvTypeOf: (slot) => this.pvType[slot]!,
    nrOf: (slot) => this.nr[slot]!,
  });
  /**
   * Side path: keys not in canonical form (`ai007`, `x1`) by string, and their slots. No
   * value from the hub carries such a key; they are kept only so leasing one behaves as
   * before (subscribed, released, no value).
   */
  private readonly sideSlots = new Map<string, number>();
  private readonly sideKeys = new Map<number, string>();
  private readonly freeSlots: number[] = [];
  private readonly extras = new Map<number, Extra>();
  private used = 0;
  private capacity = 0;
  /** Slots holding a value (reserved ones without a value are not counted). */
  private valued = 0;
  private valueType = new Uint8Array(0);
  private pvType = new Uint8Array(0);
  private quality = new Uint8Array(0);
  private nr = new Float64Array(0);
  private num = new Float64Array(0);
  private timestamp = new Float64Array(0);

  /** Keys holding a value. */
  get size(): number {
    return this.valued;
  }

  /** Bytes held by the value columns, for the bench's bytes-per-PV figure. */
  get columnBytes(): number {
    return this.capacity * (3 + 3 * 8);
  }

  /** Bytes of the key index (6 per slot of capacity). */
  get indexBytes(): number {
    return this.index.byteLength;
  }

  /** Slots the columns have room for (other per-slot arrays grow to this). */
  get slotCapacity(): number {
    return this.capacity;
  }

  /** The slot of `key`, or -1. */
  slotOf(key: string): number {
    if (parseCanonicalKey(key)) return this.index.find(parsed.type, parsed.nr);
    return this.sideSlots.get(key) ?? -1;
  }

  /** The slot of the PV `ref` (what the hub's values carry), or -1; makes no string. */
  slotOfRef(ref: PvRef): number {
    const type = PV_TYPE_INDEX.get(ref.type);
    const slot = type === undefined ? -1 : this.index.find(type, ref.nr);
    if (slot >= 0 || this.sideSlots.size === 0) return slot;
    return this.sideSlots.get(pvKey(ref)) ?? -1;
  }

  /**
   * The slot of the PV (`PV_TYPES` index, nr) as a hub value names it, or -1; the same
   * lookup as `slotOfRef` without the ref.
   */
  slotOfTypeNr(type: number, nr: number): number {
    const slot = this.index.find(type, nr);
    if (slot >= 0 || this.sideSlots.size === 0) return slot;
    return this.sideSlots.get(pvKey({ type: PV_TYPES[type]!, nr })) ?? -1;
  }

  /** The key of a slot in use. */
  keyOf(slot: number): string {
    return (
      this.sideKeys.get(slot) ?? pvKey({ type: PV_TYPES[this.pvType[slot]!]!, nr: this.nr[slot]! })
    );
  }

  /** The slot of `key`, made (without a value) when there is none. */
  reserve(key: string): number {
    const slot = this.slotOf(key);
    return slot >= 0 ? slot : this.add(key);
  }

  /** Stores `value` under its key (computed unless given) and returns the key. */
  set(value: PvValue, key: string = pvKey(value.pvRef)): string {
    this.setAt(this.reserve(key), value);
    return key;
  }

  /**
   * Stores `value` in `slot` (one in use). A slot of a canonical key keeps the key's type
   * and nr: the index finds it by them, and the hub's values reach it by them.
   */
  setAt(slot: number, value: PvValue): void {
    if (this.valueType[slot] === NO_VALUE) this.valued++;
    this.valueType[slot] = VALUE_TYPE_INDEX.get(value.typeOfValue) ?? 0;
    if (this.sideKeys.size > 0 && this.sideKeys.has(slot)) {
      this.pvType[slot] = PV_TYPE_INDEX.get(value.pvRef.type) ?? 0;
      this.nr[slot] = value.pvRef.nr;
    }
    this.quality[slot] = QUALITY_INDEX.get(value.quality) ?? QUALITIES.indexOf('Unspecified');
    this.timestamp[slot] = value.timestamp;
    this.num[slot] = plainNumber(value);
    const extra = value.counterValue ?? value.runtimeValue ?? value.timeOfDayValue;
    if (extra) this.extras.set(slot, extra);
    else if (this.extras.size > 0) this.extras.delete(slot);
  }

  /**
   * Stores a plain value (double, bool or failure state; `num` as `plainNumber` makes it) in
   * `slot`, as `setAt` stores the same value as an object.
   */
  setPlainAt(
    slot: number,
    valueType: number,
    pvType: number,
    nr: number,
    quality: number,
    num: number,
    timestamp: number,
  ): void {
    if (this.valueType[slot] === NO_VALUE) this.valued++;
    this.valueType[slot] = valueType;
    if (this.sideKeys.size > 0 && this.sideKeys.has(slot)) {
      this.pvType[slot] = pvType;
      this.nr[slot] = nr;
    }
    this.quality[slot] = quality;
    this.timestamp[slot] = timestamp;
    this.num[slot] = num;
    if (this.extras.size > 0) this.extras.delete(slot);
  }

  has(key: string): boolean {
    const slot = this.slotOf(key);
    return slot >= 0 && this.valueType[slot] !== NO_VALUE;
  }

  /** A fresh object each call: callers may hand it on (frames, structured clone). */
  get(key: string): PvValue | undefined {
    const slot = this.slotOf(key);
    return slot >= 0 ? this.getAt(slot) : undefined;
  }

  /** The value in `slot` (one in use), as `get`. */
  getAt(slot: number): PvValue | undefined {
    if (this.valueType[slot] === NO_VALUE) return undefined;
    const value = plainPvValue(
      this.valueType[slot]!,
      this.pvType[slot]!,
      this.quality[slot]!,
      this.nr[slot]!,
      this.num[slot]!,
      this.timestamp[slot]!,
    );
    const extra = this.extras.get(slot);
    const typeOfValue: PvValueType = value.typeOfValue;
    if (typeOfValue === 'CounterValue') value.counterValue = extra as CounterValue;
    else if (typeOfValue === 'RuntimeValue') value.runtimeValue = extra as RuntimeValue;
    else if (typeOfValue === 'TimeOfDayValue') value.timeOfDayValue = extra as TimeOfDayValue;
    return value;
  }

  /**
   * The values of `keys` for a frame: plain ones written into columns (no object per
   * value), the others as objects. Keys without a value are left out.
   */
  collect(keys: ReadonlySet<string>): { columns: PvValueColumns | undefined; others: PvValue[] } {
    const slots: number[] = [];
    for (const key of keys) {
      const slot = this.slotOf(key);
      if (slot >= 0) slots.push(slot);
    }
    return this.collectSlots(new Set(slots));
  }

  /** `collect` by slot (slots in use). */
  collectSlots(slots: SlotSource): { columns: PvValueColumns | undefined; others: PvValue[] } {
    const others: PvValue[] = [];
    if (slots.size === 0) return { columns: undefined, others };
    const columns = createPvColumns(slots.size);
    slots.forEach((slot) => {
      const valueType = this.valueType[slot]!;
      if (valueType === NO_VALUE) return;
      if (!isPlainValueType(valueType) || this.extras.has(slot)) {
        const value = this.getAt(slot);
        if (value) others.push(value);
        return;
      }
      writePlain(
        columns,
        valueType,
        this.pvType[slot]!,
        this.quality[slot]!,
        this.nr[slot]!,
        this.num[slot]!,
        this.timestamp[slot]!,
      );
    });
    return { columns: columns.length > 0 ? columns : undefined, others };
  }

  delete(key: string): void {
    const slot = this.slotOf(key);
    if (slot >= 0) this.deleteAt(slot);
  }

  /** Frees `slot` (one in use) for the next key. */
  deleteAt(slot: number): void {
    if (this.valueType[slot] !== NO_VALUE) this.valued--;
    const side = this.sideKeys.get(slot);
    if (side === undefined) this.index.remove(slot);
    else {
      this.sideKeys.delete(slot);
      this.sideSlots.delete(side);
    }
    this.extras.delete(slot);
    this.freeSlots.push(slot);
  }

  private add(key: string): number {
    const slot = this.freeSlots.pop() ?? this.nextSlot();
    this.valueType[slot] = NO_VALUE;
    this.extras.delete(slot);
    if (parseCanonicalKey(key)) {
      this.pvType[slot] = parsed.type;
      this.nr[slot] = parsed.nr;
      this.index.add(slot, this.capacity);
    } else {
      this.sideSlots.set(key, slot);
      this.sideKeys.set(slot, key);
    }
    return slot;
  }

  private nextSlot(): number {
    // A quarter more each time, not double: the columns are most of the bytes per PV, and
    // doubling leaves up to half of them unused (the copy on growth is rare and cheap).
    if (this.used === this.capacity)
      this.grow(Math.max(INITIAL_CAPACITY, this.capacity + (this.capacity >> 2)));
    return this.used++;
  }

  private grow(capacity: number): void {
    this.valueType = resized(this.valueType, new Uint8Array(capacity));
    this.pvType = resized(this.pvType, new Uint8Array(capacity));
    this.quality = resized(this.quality, new Uint8Array(capacity));
    this.nr = resized(this.nr, new Float64Array(capacity));
    this.num = resized(this.num, new Float64Array(capacity));
    this.timestamp = resized(this.timestamp, new Float64Array(capacity));
    this.capacity = capacity;
  }
}

function resized<T extends Uint8Array | Float64Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

function plainNumber(value: PvValue): number {
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue ? 1 : 0;
  if (value.failureStateValue !== undefined) return value.failureStateValue ? 1 : 0;
  return 0;
}
