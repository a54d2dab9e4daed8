/**
 * A `newValues` batch read straight from the hub message's text into columns, one row per
 * value, keyed by the PV's type index and nr (the value store's slot key): no object, no
 * key string and no enum string per value. At 100,000 values/s, `JSON.parse` of the batch
 * (two objects and a string or two per value) and the checks and map lookups on each object
 * were most of the engine's time per value.
 *
 * Only what is certainly a valid plain value (double, bool, failure state, as `isPvValue`
 * and the store take it) becomes a column row. Anything else in the array (a counter,
 * runtime or time-of-day value, a value with a field outside the plain shape, escapes, a
 * bad row) is parsed by `JSON.parse` alone and kept in order as an object row: the engine
 * checks it as before, and skips it when it is not a PV value. Text that is not JSON makes
 * `PvValuesReader.read` answer -1, and the caller parses the message as the official protocol
 * does. A value as the server writes it (fields in the contract's order, no space) is matched
 * against that layout first (`serverShape`, pvServerShape.ts); any other spelling of a plain
 * value takes the general reader. Numbers come out exactly as `JSON.parse` reads them
 * (jsonScan.ts, which also has the character codes and the skipping of other values).
 *
 * Hot path: every PV value the plant sends passes here, in the engine that serves every tab.
 * It keeps a value free of allocation: no object, no string, no map lookup per value, only
 * reads of the text's character codes into typed columns. Figures: the engine worker's cost
 * per update over the ingest sweep, 7.43 µs (full run 2026-11-27, bench/RESULTS.md), and what
 * JSON.parse alone reads on this machine (the limits scenario: 0.87-2.67 M values/s); taken
 * with `npm run bench -- --only ingest` (engine worker CPU, cost fit) and `--only wideIngest`
 * (100,000 PVs, the worker's CPU at 250,000/s configured). Do not add here: a per-value
 * object or closure, a string key or enum name per value, a regular expression, a try/catch
 * per value, or logging; a new field or shape goes to the general reader or JSON.parse's path.
 */
import { BOOL_VALUE, DOUBLE_VALUE, FAILURE_STATE_VALUE } from './pvColumns.ts';
import type { PvValueBatch } from './pvValueBatch.ts';
import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  FALSE,
  NULL,
  OPEN_OBJECT,
  QUOTE,
  TRUE,
  codes,
  isSpace,
  numberAt,
  numberRead,
  skipValue,
  spells,
  stringEnd,
} from './jsonScan.ts';
import {
  PV_TYPE_CODES,
  PV_VALUE_TYPE_CODES,
  QUALITY_CODES,
  serverShape,
  shape,
} from './pvServerShape.ts';

// The fields of a plain value, as bits of what a row has seen.
const PV_REF = 1;
const TYPE_OF_VALUE = 2;
const QUALITY = 4;
const TIMESTAMP = 8;
const DOUBLE = 16;
const BOOL = 32;
const FAILURE_STATE = 64;
const REQUIRED = PV_REF | TYPE_OF_VALUE | QUALITY | TIMESTAMP;

/**
 * Reads the elements of a JSON array of PV values from `text`, starting after its `[`,
 * into `batch`; returns the position after the closing `]`, or -1 when the text is not a
 * JSON array there (the batch is then incomplete). One reader per thread: it keeps its
 * position and the row being read in fields rather than in objects.
 */
export class PvValuesReader {
  private text = '';
  private pos = 0;
  // The row being read.
  private valueType = 0;
  private pvType = 0;
  private quality = 0;
  private nr = 0;
  private timestamp = 0;
  private double = 0;
  private bool = 0;
  private failureState = 0;
  /** The fields of the row read so far (bits). */
  private seen = 0;
  /** The last number read. */
  private number = 0;

  read(text: string, start: number, batch: PvValueBatch): number {
    this.text = text;
    this.pos = start;
    try {
      return this.elements(batch);
    } finally {
      this.text = ''; // the message's text is not kept until the next one
    }
  }

  private elements(batch: PvValueBatch): number {
    const { text } = this;
    this.space();
    if (text.charCodeAt(this.pos) === CLOSE_ARRAY) return this.pos + 1;
    for (;;) {
      this.space();
      const element = this.pos;
      const end = serverShape(text, element);
      if (end >= 0) {
        batch.pushPlain(
          shape.valueType,
          shape.pvType,
          shape.quality,
          shape.nr,
          shape.num,
          shape.timestamp,
        );
        this.pos = end;
      } else if (this.plainValue()) {
        batch.pushPlain(
          this.valueType,
          this.pvType,
          this.quality,
          this.nr,
          this.plainNumber(),
          this.timestamp,
        );
      } else {
        const end = skipValue(text, element);
        if (end < 0) return -1;
        let value: unknown;
        try {
          value = JSON.parse(text.slice(element, end));
        } catch {
          return -1;
        }
        batch.pushObject(value);
        this.pos = end;
      }
      this.space();
      const c = text.charCodeAt(this.pos++);
      if (c === CLOSE_ARRAY) return this.pos;
      if (c !== COMMA) return -1;
    }
  }

  /** As PvValueStore takes the number of a plain value: double, else bool, else failure state. */
  private plainNumber(): number {
    if ((this.seen & DOUBLE) !== 0) return this.double;
    if ((this.seen & BOOL) !== 0) return this.bool;
    if ((this.seen & FAILURE_STATE) !== 0) return this.failureState;
    return 0;
  }

  /**
   * A valid plain PV value at `pos` into the row fields (pos moves past it); false when the
   * element is anything else (pos is then anywhere inside it).
   */
  private plainValue(): boolean {
    const { text } = this;
    if (text.charCodeAt(this.pos) !== OPEN_OBJECT) return false;
    this.pos++;
    this.seen = 0;
    for (;;) {
      const key = this.key();
      if (key < 0) return false;
      switch (key) {
        case Field.pvRef:
          if (!this.pvRef()) return false;
          this.seen |= PV_REF;
          break;
        case Field.typeOfValue: {
          const valueType = this.enumValue(PV_VALUE_TYPE_CODES);
          if (
            valueType !== DOUBLE_VALUE &&
            valueType !== BOOL_VALUE &&
            valueType !== FAILURE_STATE_VALUE
          )
            return false;
          this.valueType = valueType;
          this.seen |= TYPE_OF_VALUE;
          break;
        }
        case Field.quality: {
          const quality = this.enumValue(QUALITY_CODES);
          if (quality < 0) return false;
          this.quality = quality;
          this.seen |= QUALITY;
          break;
        }
        case Field.timestamp:
          if (!this.numberValue()) return false;
          this.timestamp = this.number;
          this.seen |= TIMESTAMP;
          break;
        case Field.doubleValue:
          // The store keeps null as 0 (a Float64Array takes it so).
          if (this.literal(NULL)) this.number = 0;
          else if (!this.numberValue()) return false;
          this.double = this.number;
          this.seen |= DOUBLE;
          break;
        case Field.boolValue: {
          const flag = this.flag();
          if (flag < 0) return false;
          this.bool = flag;
          this.seen |= BOOL;
          break;
        }
        case Field.failureStateValue: {
          const flag = this.flag();
          if (flag < 0) return false;
          this.failureState = flag;
          this.seen |= FAILURE_STATE;
          break;
        }
        default:
          return false;
      }
      this.space();
      const c = text.charCodeAt(this.pos++);
      if (c === CLOSE_OBJECT) return (this.seen & REQUIRED) === REQUIRED;
      if (c !== COMMA) return false;
    }
  }

  /** `{"type": <PV type>, "nr": <number>}` in either order, nothing else. */
  private pvRef(): boolean {
    const { text } = this;
    if (text.charCodeAt(this.pos) !== OPEN_OBJECT) return false;
    this.pos++;
    let seen = 0;
    for (;;) {
      const key = this.key();
      if (key === Field.type) {
        const type = this.enumValue(PV_TYPE_CODES);
        if (type < 0) return false;
        this.pvType = type;
        seen |= 1;
      } else if (key === Field.nr) {
        if (!this.numberValue()) return false;
        this.nr = this.number;
        seen |= 2;
      } else return false;
      this.space();
      const c = text.charCodeAt(this.pos++);
      if (c === CLOSE_OBJECT) return seen === 3;
      if (c !== COMMA) return false;
    }
  }

  /**
   * `"name":` (pos moves past the colon and the space after it) as one of the field names
   * the reader knows (a Field), or -1 for any other name and for a name with escapes.
   */
  private key(): number {
    const { text } = this;
    this.space();
    if (text.charCodeAt(this.pos) !== QUOTE) return -1;
    const start = this.pos + 1;
    const end = stringEnd(text, start);
    if (end < 0) return -1;
    const field = fieldAt(text, start, end - start);
    if (field < 0) return -1;
    this.pos = end + 1;
    this.space();
    if (text.charCodeAt(this.pos) !== COLON) return -1;
    this.pos++;
    this.space();
    return field;
  }

  /** A string that is one of `names` (its index), or -1. */
  private enumValue(names: readonly (readonly number[])[]): number {
    const { text } = this;
    if (text.charCodeAt(this.pos) !== QUOTE) return -1;
    const start = this.pos + 1;
    const end = stringEnd(text, start);
    if (end < 0) return -1;
    const length = end - start;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (name.length === length && spells(text, start, name)) {
        this.pos = end + 1;
        return i;
      }
    }
    return -1;
  }

  /** `true` as 1, `false` as 0, -1 for anything else. */
  private flag(): number {
    if (this.literal(TRUE)) return 1;
    if (this.literal(FALSE)) return 0;
    return -1;
  }

  private literal(word: readonly number[]): boolean {
    if (!spells(this.text, this.pos, word)) return false;
    this.pos += word.length;
    return true;
  }

  /** A JSON number into `number` (numberAt). */
  private numberValue(): boolean {
    const end = numberAt(this.text, this.pos);
    if (end < 0) return false;
    this.pos = end;
    this.number = numberRead;
    return true;
  }

  private space(): void {
    const { text } = this;
    while (isSpace(text.charCodeAt(this.pos))) this.pos++;
  }
}

/** The field names the reader knows. */
const Field = {
  pvRef: 0,
  type: 1,
  nr: 2,
  typeOfValue: 3,
  quality: 4,
  timestamp: 5,
  doubleValue: 6,
  boolValue: 7,
  failureStateValue: 8,
} as const;
const FIELD_CODES = Object.keys(Field).map(codes);

/** The Field spelled at `text[start, start + length)`, or -1. */
function fieldAt(text: string, start: number, length: number): number {
  for (let field = 0; field < FIELD_CODES.length; field++) {
    const name = FIELD_CODES[field]!;
    if (name.length === length && spells(text, start, name)) return field;
  }
  return -1;
}
