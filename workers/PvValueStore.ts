/**
 * Latest value per PV key, kept in columns (typed arrays per field, one slot per key)
 * rather than one object per PV: a plant has tens of thousands of PVs and the engine
 * lives as long as the browser does. Plain values (double, bool, failure state) cost
 * 27 bytes plus the key; counters, runtimes and times of day keep their small object.
 */
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES, type PvValueType } from '../src/contract/enums.ts';
import {
  createPvColumns,
  isPlainValueType,
  plainPvValue,
  writePlain,
  type PvValueColumns,
} from './pvColumns.ts';
import { pvKey } from '../src/contract/keys.ts';
import type { CounterValue, PvValue, RuntimeValue, TimeOfDayValue } from '../src/contract/pv.ts';

type Extra = CounterValue | RuntimeValue | TimeOfDayValue;

const INITIAL_CAPACITY = 1024;
const VALUE_TYPE_INDEX = new Map<string, number>(PV_VALUE_TYPES.map((t, i) => [t, i]));
const PV_TYPE_INDEX = new Map<string, number>(PV_TYPES.map((t, i) => [t, i]));
const QUALITY_INDEX = new Map<string, number>(QUALITIES.map((q, i) => [q, i]));
/** valueType of a reserved slot that holds no value yet. */
const NO_VALUE = 255;

export class PvValueStore {
  private readonly slots = new Map<string, number>();
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

  /** Bytes held by the columns, for the bench's bytes-per-PV figure. */
  get columnBytes(): number {
    return this.capacity * (3 + 3 * 8);
  }

  /**
   * Makes a slot for `key` before its first value, keyed by this string: the engine reserves
   * with the leased key, so the map holds that one string rather than a second copy made
   * from the first value's ref (about 20 bytes per PV).
   */
  reserve(key: string): void {
    if (this.slots.has(key)) return;
    const slot = this.freeSlots.pop() ?? this.nextSlot();
    this.slots.set(key, slot);
    this.valueType[slot] = NO_VALUE;
    this.extras.delete(slot);
  }

  /** Stores `value` under its key (computed unless given) and returns the key. */
  set(value: PvValue, key: string = pvKey(value.pvRef)): string {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.nextSlot();
      this.slots.set(key, slot);
      this.valued++;
    } else if (this.valueType[slot] === NO_VALUE) this.valued++;
    this.valueType[slot] = VALUE_TYPE_INDEX.get(value.typeOfValue) ?? 0;
    this.pvType[slot] = PV_TYPE_INDEX.get(value.pvRef.type) ?? 0;
    this.quality[slot] = QUALITY_INDEX.get(value.quality) ?? QUALITIES.indexOf('Unspecified');
    this.nr[slot] = value.pvRef.nr;
    this.timestamp[slot] = value.timestamp;
    this.num[slot] = plainNumber(value);
    const extra = value.counterValue ?? value.runtimeValue ?? value.timeOfDayValue;
    if (extra) this.extras.set(slot, extra);
    else this.extras.delete(slot);
    return key;
  }

  has(key: string): boolean {
    const slot = this.slots.get(key);
    return slot !== undefined && this.valueType[slot] !== NO_VALUE;
  }

  /** A fresh object each call: callers may hand it on (frames, structured clone). */
  get(key: string): PvValue | undefined {
    const slot = this.slots.get(key);
    if (slot === undefined || this.valueType[slot] === NO_VALUE) return undefined;
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
    const others: PvValue[] = [];
    if (keys.size === 0) return { columns: undefined, others };
    const columns = createPvColumns(keys.size);
    for (const key of keys) {
      const slot = this.slots.get(key);
      if (slot === undefined) continue;
      const valueType = this.valueType[slot]!;
      if (valueType === NO_VALUE) continue;
      if (!isPlainValueType(valueType) || this.extras.has(slot)) {
        const value = this.get(key);
        if (value) others.push(value);
        continue;
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
    }
    return { columns: columns.length > 0 ? columns : undefined, others };
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    if (this.valueType[slot] !== NO_VALUE) this.valued--;
    this.slots.delete(key);
    this.extras.delete(slot);
    this.freeSlots.push(slot);
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
