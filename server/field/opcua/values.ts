import {
  DataType,
  StatusCodes,
  VariantArrayType,
  coerceInt64,
  coerceUInt64,
  type DataValue,
  type StatusCode,
  type VariantOptions,
} from 'node-opcua';
import type { FieldQuality, FieldScalar } from '../connector.ts';

/** A data value as the connector reports it: value, quality, source time and why not good. */
export interface ReadValue {
  readonly value: FieldScalar | null;
  readonly quality: FieldQuality;
  readonly sourceTime: number;
  readonly reason?: string;
  /** Set when the value itself could not be taken (not a number or boolean). */
  readonly wrongType?: string;
}

/** The node ids that say "this node is not there" (counted as bad-node-id, not bad-status). */
export function isBadNodeId(status: StatusCode): boolean {
  return (
    status.equals(StatusCodes.BadNodeIdUnknown) ||
    status.equals(StatusCodes.BadNodeIdInvalid) ||
    status.equals(StatusCodes.BadNodeIdRejected)
  );
}

/** A 64-bit integer as node-opcua gives it ([high, low] words) as a number. */
function int64ToNumber(words: readonly number[], signed: boolean): number {
  const [high = 0, low = 0] = words;
  const value = (high >>> 0) * 0x1_0000_0000 + (low >>> 0);
  return signed && high & 0x8000_0000 ? value - 2 ** 64 : value;
}

/**
 * One data value as a sample: its source timestamp (the device's time; else the server's; else
 * `now`), Bad with the status's name when the status is bad, Uncertain likewise, and the value as
 * a number or boolean; a string, array or structure is not a PV value and comes as Bad.
 */
export function readDataValue(dataValue: DataValue, now: number): ReadValue {
  const status = dataValue.statusCode;
  const sourceTime =
    dataValue.sourceTimestamp?.getTime() ?? dataValue.serverTimestamp?.getTime() ?? now;
  if (status.isBad()) return { value: null, quality: 'Bad', sourceTime, reason: status.name };
  const variant = dataValue.value;
  const raw: unknown = variant.value;
  let value: FieldScalar | undefined;
  if (variant.arrayType === VariantArrayType.Scalar) {
    if (typeof raw === 'number' || typeof raw === 'boolean') value = raw;
    else if (variant.dataType === DataType.Int64 && Array.isArray(raw)) {
      value = int64ToNumber(raw as number[], true);
    } else if (variant.dataType === DataType.UInt64 && Array.isArray(raw)) {
      value = int64ToNumber(raw as number[], false);
    }
  }
  if (value === undefined || (typeof value === 'number' && Number.isNaN(value))) {
    const what = `${DataType[variant.dataType]}${variant.arrayType === VariantArrayType.Scalar ? '' : ' array'}`;
    return {
      value: null,
      quality: 'Bad',
      sourceTime,
      reason: `not a number or boolean (${what})`,
      wrongType: what,
    };
  }
  if (status.isGood()) return { value, quality: 'Good', sourceTime };
  return { value, quality: 'Uncertain', sourceTime, reason: status.name };
}

const INTEGER_RANGES: Partial<Record<DataType, readonly [number, number]>> = {
  [DataType.SByte]: [-128, 127],
  [DataType.Byte]: [0, 255],
  [DataType.Int16]: [-32768, 32767],
  [DataType.UInt16]: [0, 65535],
  [DataType.Int32]: [-2147483648, 2147483647],
  [DataType.UInt32]: [0, 4294967295],
  [DataType.Int64]: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  [DataType.UInt64]: [0, Number.MAX_SAFE_INTEGER],
};

/**
 * The variant to write for a value in the node's own data type, or why it cannot be: a value
 * outside the type's range, a fraction for an integer type, a number for a Boolean other than
 * 0/1, or a type that is not a number or boolean at all.
 */
export function toVariant(
  dataType: DataType,
  value: FieldScalar,
): { readonly variant: VariantOptions } | { readonly error: string } {
  const name = DataType[dataType] ?? `data type ${dataType}`;
  if (dataType === DataType.Boolean) {
    if (typeof value === 'boolean') return { variant: { dataType, value } };
    if (value === 0 || value === 1) return { variant: { dataType, value: value === 1 } };
    return { error: `${value} is not a Boolean (true/false, 0/1)` };
  }
  const number = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (!Number.isFinite(number)) return { error: `${number} is not a number` };
  if (dataType === DataType.Double) return { variant: { dataType, value: number } };
  if (dataType === DataType.Float) {
    if (Math.abs(number) > 3.4028234663852886e38) {
      return { error: `${number} is outside the Float range` };
    }
    return { variant: { dataType, value: number } };
  }
  const range = INTEGER_RANGES[dataType];
  if (!range) return { error: `${name} nodes cannot be written from a PV` };
  if (!Number.isInteger(number)) return { error: `${number} is not a whole number (${name})` };
  if (number < range[0] || number > range[1]) {
    return { error: `${number} is outside ${range[0]}…${range[1]} (${name})` };
  }
  if (dataType === DataType.Int64) return { variant: { dataType, value: coerceInt64(number) } };
  if (dataType === DataType.UInt64) return { variant: { dataType, value: coerceUInt64(number) } };
  return { variant: { dataType, value: number } };
}
