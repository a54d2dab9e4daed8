import type { FieldScalar } from '../connector.ts';
import type { ModbusPointConfig, ModbusTable, ModbusType } from './schema.ts';

/** The protocol's limits per read request (Modbus Application Protocol V1.1b3, 6.1-6.4). */
export const MAX_REGISTERS_PER_READ = 125;
export const MAX_BITS_PER_READ = 2000;

/** How many registers (or bits) a point of this type takes. */
export function widthOf(type: ModbusType): number {
  return type === 'int32' || type === 'uint32' || type === 'float32' ? 2 : 1;
}

export function isBitTable(table: ModbusTable): boolean {
  return table === 'coil' || table === 'discreteInput';
}

/** One read request: a contiguous range of one table of one unit, and the points in it. */
export interface ReadPlan {
  readonly unitId: number;
  readonly table: ModbusTable;
  readonly address: number;
  readonly count: number;
  readonly points: readonly ModbusPointConfig[];
}

/**
 * Cuts a poll group's points into as few requests as the protocol allows: per unit and table,
 * sorted by address, points whose ranges touch or overlap share a request until it would pass
 * 125 registers or 2000 bits. A gap is bridged only up to `maxGap` addresses (default 0): reading
 * addresses no point names can draw an exception from a device with a sparse map, which would
 * then mark points that have nothing wrong.
 */
export function planReads(
  points: readonly ModbusPointConfig[],
  defaultUnitId: number,
  maxGap = 0,
): ReadPlan[] {
  const byKey = new Map<string, ModbusPointConfig[]>();
  for (const point of points) {
    const key = `${point.unitId ?? defaultUnitId}/${point.table}`;
    const list = byKey.get(key) ?? [];
    list.push(point);
    byKey.set(key, list);
  }
  const plans: ReadPlan[] = [];
  for (const list of byKey.values()) {
    const first = list[0]!;
    const unitId = first.unitId ?? defaultUnitId;
    const limit = isBitTable(first.table) ? MAX_BITS_PER_READ : MAX_REGISTERS_PER_READ;
    list.sort((a, b) => a.address - b.address);
    let current: { address: number; end: number; points: ModbusPointConfig[] } | undefined;
    for (const point of list) {
      const end = point.address + widthOf(point.type);
      if (
        current &&
        point.address <= current.end + maxGap &&
        Math.max(end, current.end) - current.address <= limit
      ) {
        current.end = Math.max(end, current.end);
        current.points.push(point);
        continue;
      }
      if (current) plans.push(toPlan(current, unitId, first.table));
      current = { address: point.address, end, points: [point] };
    }
    if (current) plans.push(toPlan(current, unitId, first.table));
  }
  return plans;
}

function toPlan(
  range: { address: number; end: number; points: ModbusPointConfig[] },
  unitId: number,
  table: ModbusTable,
): ReadPlan {
  return {
    unitId,
    table,
    address: range.address,
    count: range.end - range.address,
    points: range.points,
  };
}

/** The raw integer range a register type can hold. */
function rangeOf(type: ModbusType): readonly [number, number] | undefined {
  switch (type) {
    case 'int16':
      return [-0x8000, 0x7fff];
    case 'uint16':
      return [0, 0xffff];
    case 'int32':
      return [-0x80000000, 0x7fffffff];
    case 'uint32':
      return [0, 0xffffffff];
    default:
      return undefined;
  }
}

/**
 * The engineering value of a register point from the words of its request (`at` = index of its
 * first word): type and word order give the raw number, then raw × scale + offset.
 */
export function decodeRegisters(
  point: ModbusPointConfig,
  words: readonly number[],
  at: number,
): number {
  const first = words[at] ?? 0;
  const second = words[at + 1] ?? 0;
  const [high, low] = point.wordOrder === 'little' ? [second, first] : [first, second];
  let raw: number;
  switch (point.type) {
    case 'int16':
      raw = (first << 16) >> 16;
      break;
    case 'uint16':
      raw = first & 0xffff;
      break;
    case 'int32':
      raw = ((high & 0xffff) << 16) | (low & 0xffff);
      break;
    case 'uint32':
      raw = (high & 0xffff) * 0x10000 + (low & 0xffff);
      break;
    case 'float32': {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt16BE(high & 0xffff, 0);
      buffer.writeUInt16BE(low & 0xffff, 2);
      raw = buffer.readFloatBE(0);
      break;
    }
    case 'bool':
      raw = first === 0 ? 0 : 1;
      break;
  }
  return raw * point.scale + point.offset;
}

export type Encoded = { readonly words: number[] } | { readonly error: string };

/**
 * The words to write for an engineering value: (value − offset) / scale, rounded for integer
 * types and checked against the type's range, split in the point's word order.
 */
export function encodeRegisters(point: ModbusPointConfig, value: FieldScalar): Encoded {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { error: `${String(value)} is not a number` };
  }
  const exact = (value - point.offset) / point.scale;
  const range = rangeOf(point.type);
  if (range) {
    const raw = Math.round(exact);
    if (raw < range[0] || raw > range[1]) {
      const low = range[0] * point.scale + point.offset;
      const high = range[1] * point.scale + point.offset;
      const [min, max] = low <= high ? [low, high] : [high, low];
      return { error: `${value} is outside ${min}…${max} (${point.type})` };
    }
    if (widthOf(point.type) === 1) return { words: [raw & 0xffff] };
    const unsigned = raw < 0 ? raw + 0x100000000 : raw;
    return split(point, Math.floor(unsigned / 0x10000), unsigned % 0x10000);
  }
  // float32
  if (Math.abs(exact) > 3.4028234663852886e38) {
    return { error: `${value} is outside the float32 range` };
  }
  const buffer = Buffer.alloc(4);
  buffer.writeFloatBE(exact, 0);
  return split(point, buffer.readUInt16BE(0), buffer.readUInt16BE(2));
}

function split(point: ModbusPointConfig, high: number, low: number): Encoded {
  return { words: point.wordOrder === 'little' ? [low, high] : [high, low] };
}

/** A coil's new state: a boolean, or the numbers 0 and 1. */
export function encodeCoil(value: FieldScalar): boolean | { readonly error: string } {
  if (typeof value === 'boolean') return value;
  if (value === 0 || value === 1) return value === 1;
  return { error: `${String(value)} is not a coil state (true/false, 0/1)` };
}

const EXCEPTION_NAMES: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'server device failure',
  5: 'acknowledge',
  6: 'server device busy',
  8: 'memory parity error',
  10: 'gateway path unavailable',
  11: 'gateway target device failed to respond',
};

/** "Modbus exception 2 (illegal data address)": the reason shown at the point. */
export function exceptionReason(code: number): string {
  return `Modbus exception ${code} (${EXCEPTION_NAMES[code] ?? 'unknown'})`;
}
