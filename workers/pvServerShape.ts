/**
 * A plain PV value exactly as the server writes one (server/hubs/pvValueJson.ts), read by the
 * PV hub's reader (pvValuesReader.ts) before its general reader: the path of nearly every
 * value, so part of the reader's hot path (its header says what must not be added).
 */
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES } from '../src/contract/enums.ts';
import { BOOL_VALUE, DOUBLE_VALUE, FAILURE_STATE_VALUE } from './pvColumns.ts';
import {
  CLOSE_OBJECT,
  FALSE,
  QUOTE,
  TRUE,
  codes,
  numberAt,
  numberRead,
  spells,
} from './jsonScan.ts';

export const PV_TYPE_CODES = PV_TYPES.map(codes);
export const PV_VALUE_TYPE_CODES = PV_VALUE_TYPES.map(codes);
export const QUALITY_CODES = QUALITIES.map(codes);

/** What `serverShape` read (module fields rather than an object per value). */
export const shape = { valueType: 0, pvType: 0, quality: 0, nr: 0, num: 0, timestamp: 0 };
const PV_REF_TYPE = codes('{"pvRef":{"type":"');
const NR = codes('","nr":');
const TYPE_OF_VALUE_FIELD = codes('},"typeOfValue":"');
const DOUBLE_VALUE_FIELD = codes('","doubleValue":');
const BOOL_VALUE_FIELD = codes('","boolValue":');
const FAILURE_STATE_FIELD = codes('","failureStateValue":');
const QUALITY_FIELD = codes(',"quality":"');
const TIMESTAMP_FIELD = codes('","timestamp":');

/**
 * A plain value exactly as the server writes one (server/hubs/pvValueJson.ts: fields in the
 * contract's order, no space) into `shape`; returns the position after it, or -1 for any
 * other text (the general reader then takes it). Positions in locals, no call per character:
 * this is the path of nearly every value.
 */
export function serverShape(text: string, start: number): number {
  let p = start;
  if (!spells(text, p, PV_REF_TYPE)) return -1;
  p += PV_REF_TYPE.length;
  const pvType = enumAt(text, p, PV_TYPE_CODES);
  if (pvType < 0) return -1;
  p += PV_TYPE_CODES[pvType]!.length;
  if (!spells(text, p, NR)) return -1;
  p = numberAt(text, p + NR.length);
  if (p < 0) return -1;
  shape.nr = numberRead;
  if (!spells(text, p, TYPE_OF_VALUE_FIELD)) return -1;
  p += TYPE_OF_VALUE_FIELD.length;
  const valueType = enumAt(text, p, PV_VALUE_TYPE_CODES);
  p += PV_VALUE_TYPE_CODES[valueType]?.length ?? 0;
  if (valueType === DOUBLE_VALUE && spells(text, p, DOUBLE_VALUE_FIELD)) {
    p = numberAt(text, p + DOUBLE_VALUE_FIELD.length);
    if (p < 0) return -1;
    shape.num = numberRead;
  } else if (valueType === BOOL_VALUE && spells(text, p, BOOL_VALUE_FIELD)) {
    p = flagAt(text, p + BOOL_VALUE_FIELD.length);
    if (p < 0) return -1;
  } else if (valueType === FAILURE_STATE_VALUE && spells(text, p, FAILURE_STATE_FIELD)) {
    p = flagAt(text, p + FAILURE_STATE_FIELD.length);
    if (p < 0) return -1;
  } else return -1;
  if (!spells(text, p, QUALITY_FIELD)) return -1;
  p += QUALITY_FIELD.length;
  const quality = enumAt(text, p, QUALITY_CODES);
  if (quality < 0) return -1;
  p += QUALITY_CODES[quality]!.length;
  if (!spells(text, p, TIMESTAMP_FIELD)) return -1;
  p = numberAt(text, p + TIMESTAMP_FIELD.length);
  if (p < 0 || text.charCodeAt(p) !== CLOSE_OBJECT) return -1;
  shape.timestamp = numberRead;
  shape.pvType = pvType;
  shape.valueType = valueType;
  shape.quality = quality;
  return p + 1;
}

/** Which of `names` is spelled at `start` and followed by its closing quote, or -1. */
function enumAt(text: string, start: number, names: readonly (readonly number[])[]): number {
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (text.charCodeAt(start + name.length) === QUOTE && spells(text, start, name)) return i;
  }
  return -1;
}

/** `true` or `false` at `start` into `shape.num` (1 or 0); the position after it, or -1. */
function flagAt(text: string, start: number): number {
  if (spells(text, start, TRUE)) {
    shape.num = 1;
    return start + TRUE.length;
  }
  if (spells(text, start, FALSE)) {
    shape.num = 0;
    return start + FALSE.length;
  }
  return -1;
}
