/**
 * A `newValues` batch in columns, one row per value, keyed by the PV's type index and nr (the
 * value store's slot key): no object, no key string and no enum string per value. The PV
 * hub's protocol (pvHubProtocol.ts) fills it from the message text with PvValuesReader
 * (pvValuesReader.ts); the engine reads it (PvIngest). The reader loads with the PV hub's
 * first connection, not with the engine (signalrTransport.ts).
 */

/** `codes[3 * row]` of a row that is an object (`objects[nums[3 * row]]`). */
export const OBJECT_ROW = 255;

const INITIAL_ROWS = 1024;
/**
 * Rows a batch keeps room for between messages. A larger one (the values of thousands of PVs
 * leased at once come in one message) gives its buffers back once the engine has read it: kept,
 * they held 27-54 bytes for each row of the largest message ever read, which the bench's
 * memory per leased PV counted (issue 58: 59.2 → 97.9 B with the reader of 828687e).
 */
export const KEPT_ROWS = 4 * INITIAL_ROWS;

export class PvValueBatch {
  /** Rows in the columns (the buffers may be longer). */
  length = 0;
  /** Per row: PV_VALUE_TYPES index (or OBJECT_ROW), PV_TYPES index, QUALITIES index. */
  codes = new Uint8Array(3 * INITIAL_ROWS);
  /** Per row: PV nr (of an object row: its index in `objects`), the number, timestamp. */
  nums = new Float64Array(3 * INITIAL_ROWS);
  /** Values that are not plain or not valid, as `JSON.parse` made them. */
  objects: unknown[] = [];
  /** Handed to the engine and not yet read: the reader may not fill it again. */
  inUse = false;

  /** Empties the batch for the next message. */
  reset(): void {
    this.length = 0;
    if (this.objects.length > 0) this.objects = [];
    this.inUse = true;
  }

  /** The engine has read the rows; the buffers may be filled again. */
  release(): void {
    this.inUse = false;
    if (this.objects.length > 0) this.objects = [];
    if (this.codes.length > 3 * KEPT_ROWS) {
      this.codes = new Uint8Array(3 * INITIAL_ROWS);
      this.nums = new Float64Array(3 * INITIAL_ROWS);
    }
  }

  pushPlain(
    valueType: number,
    pvType: number,
    quality: number,
    nr: number,
    num: number,
    timestamp: number,
  ): void {
    const i = this.nextRow();
    this.codes[i] = valueType;
    this.codes[i + 1] = pvType;
    this.codes[i + 2] = quality;
    this.nums[i] = nr;
    this.nums[i + 1] = num;
    this.nums[i + 2] = timestamp;
  }

  pushObject(value: unknown): void {
    const i = this.nextRow();
    this.codes[i] = OBJECT_ROW;
    this.nums[i] = this.objects.length;
    this.objects.push(value);
  }

  private nextRow(): number {
    const i = 3 * this.length++;
    if (i === this.codes.length) {
      const codes = new Uint8Array(2 * this.codes.length);
      codes.set(this.codes);
      this.codes = codes;
      const nums = new Float64Array(2 * this.nums.length);
      nums.set(this.nums);
      this.nums = nums;
    }
    return i;
  }
}
