import { z } from 'zod';

/**
 * A Modbus TCP station's connection and points as the plant file writes them (issue 56). The
 * plant-file schema takes these as they are; defaults are filled here so the connector never
 * guesses.
 */
export const modbusConnectionSchema = z.strictObject({
  type: z.literal('modbus'),
  host: z.string().min(1),
  port: z.number().int().min(1).max(65_535).default(502),
  /** The unit (slave) id every point uses unless it names its own. */
  unitId: z.number().int().min(0).max(255).default(1),
  /** How long one request may take before the link counts as lost. */
  timeoutMs: z.number().int().min(50).max(60_000).default(2000),
  /** Poll groups by name: each is read at its interval in ms. */
  pollGroups: z
    .record(z.string().min(1), z.number().int().min(50).max(86_400_000))
    .default({ default: 1000 }),
});

export const modbusTables = ['coil', 'discreteInput', 'holding', 'input'] as const;
export const modbusTypes = ['bool', 'int16', 'uint16', 'int32', 'uint32', 'float32'] as const;

/** Where a point stands in the device: a PV's `source` in the plant file. */
const modbusSourceFields = {
  table: z.enum(modbusTables),
  /** The protocol address (0-based, as on the wire). */
  address: z.number().int().min(0).max(65_535),
  type: z.enum(modbusTypes),
  /** Which register of a 32-bit value comes first: big = high word first. */
  wordOrder: z.enum(['big', 'little']).default('big'),
  /** Engineering value = raw × scale + offset. */
  scale: z
    .number()
    .refine((s) => s !== 0, 'scale must not be 0')
    .default(1),
  offset: z.number().default(0),
  pollGroup: z.string().min(1).default('default'),
  /** The unit id when it is not the connection's. */
  unitId: z.number().int().min(0).max(255).optional(),
};

/** Coils and discrete inputs hold bits, registers hold numbers. */
function tableFitsType(
  source: { table: ModbusTable; type: ModbusType },
  ctx: z.RefinementCtx,
): void {
  const bits = source.table === 'coil' || source.table === 'discreteInput';
  if (bits !== (source.type === 'bool')) {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: bits
        ? `a ${source.table} is bool`
        : `a ${source.table} register is int16, uint16, int32, uint32 or float32`,
    });
  }
}

/** A PV's `source` on a Modbus station (the plant file's shape). */
export const modbusSourceSchema = z.strictObject(modbusSourceFields).superRefine(tableFitsType);

/** A point as the connector takes it: the PV's id, its source, and whether it may be written. */
export const modbusPointSchema = z
  .strictObject({
    /** The point's id within its station (unique there). */
    pointId: z.string().min(1),
    ...modbusSourceFields,
    readOnly: z.boolean().optional(),
  })
  .superRefine(tableFitsType);

export type ModbusConnectionConfig = z.output<typeof modbusConnectionSchema>;
export type ModbusPointConfig = z.output<typeof modbusPointSchema>;
export type ModbusSourceConfig = z.output<typeof modbusSourceSchema>;
export type ModbusTable = (typeof modbusTables)[number];
export type ModbusType = (typeof modbusTypes)[number];
