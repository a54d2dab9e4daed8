/**
 * Plain PV values (double, bool, failure state) of a frame as typed columns: the engine
 * writes them straight from its value store and transfers the two buffers to the tab, so
 * neither side builds, clones or walks one object per value (at 250,000 values/s the
 * structured clone of value objects was most of the worker's time). Values with an object
 * of their own (counter, runtime, time of day) stay objects in `Frame.pvValues`.
 */
import { PV_TYPES, PV_VALUE_TYPES, QUALITIES } from '../src/contract/enums.ts';
import type { PvValue } from '../src/contract/pv.ts';

export interface PvValueColumns {
  /** Values in the columns (the buffers may be longer). */
  length: number;
  /** Per value: PV_VALUE_TYPES index, PV_TYPES index, QUALITIES index. */
  codes: Uint8Array;
  /** Per value: PV number, the number (bool and failure state as 1/0), timestamp. */
  nums: Float64Array;
}

export const DOUBLE_VALUE = PV_VALUE_TYPES.indexOf('DoubleValue');
export const BOOL_VALUE = PV_VALUE_TYPES.indexOf('BoolValue');
export const FAILURE_STATE_VALUE = PV_VALUE_TYPES.indexOf('FailureStateValue');

/** Whether a value type index is one the columns carry. */
export function isPlainValueType(valueType: number): boolean {
  return (
    valueType === DOUBLE_VALUE || valueType === BOOL_VALUE || valueType === FAILURE_STATE_VALUE
  );
}

/** Columns for up to `capacity` values; fill with `writePlain`. */
export function createPvColumns(capacity: number): PvValueColumns {
  return {
    length: 0,
    codes: new Uint8Array(3 * capacity),
    nums: new Float64Array(3 * capacity),
  };
}

export function writePlain(
  columns: PvValueColumns,
  valueType: number,
  pvType: number,
  quality: number,
  nr: number,
  num: number,
  timestamp: number,
): void {
  const i = 3 * columns.length++;
  columns.codes[i] = valueType;
  columns.codes[i + 1] = pvType;
  columns.codes[i + 2] = quality;
  columns.nums[i] = nr;
  columns.nums[i + 1] = num;
  columns.nums[i + 2] = timestamp;
}

/** One plain value as the wire shape (the store's `get` builds the same object). */
export function plainPvValue(
  valueType: number,
  pvType: number,
  quality: number,
  nr: number,
  num: number,
  timestamp: number,
): PvValue {
  const value: PvValue = {
    pvRef: { type: PV_TYPES[pvType]!, nr },
    typeOfValue: PV_VALUE_TYPES[valueType]!,
    quality: QUALITIES[quality]!,
    timestamp,
  };
  if (valueType === DOUBLE_VALUE) value.doubleValue = num;
  else if (valueType === BOOL_VALUE) value.boolValue = num !== 0;
  else if (valueType === FAILURE_STATE_VALUE) value.failureStateValue = num !== 0;
  return value;
}

/** The values of the columns as objects, appended to `out`. */
export function readPvColumns(columns: PvValueColumns, out: PvValue[] = []): PvValue[] {
  const { codes, nums } = columns;
  for (let k = 0; k < columns.length; k++) {
    const i = 3 * k;
    out.push(
      plainPvValue(codes[i]!, codes[i + 1]!, codes[i + 2]!, nums[i]!, nums[i + 1]!, nums[i + 2]!),
    );
  }
  return out;
}

/** What a frame's columns move rather than copy (postMessage transfer list). */
export function columnBuffers(columns: PvValueColumns | undefined): ArrayBuffer[] {
  return columns ? [columns.codes.buffer as ArrayBuffer, columns.nums.buffer as ArrayBuffer] : [];
}

/** A frame's PV values as objects: its object values, then those of its columns. */
export function framePvValues(frame: {
  pvValues: PvValue[];
  pvColumns?: PvValueColumns;
}): PvValue[] {
  return frame.pvColumns ? readPvColumns(frame.pvColumns, [...frame.pvValues]) : frame.pvValues;
}
