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

export const modbusPointSchema = z
  .strictObject({
    /** The point's id within its station (unique there). */
    pointId: z.string().min(1),
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
    unitId: z.number().int().min(0).max(255).optional(),
    readOnly: z.boolean().optional(),
  })
  .refine((p) => (p.table === 'coil' || p.table === 'discreteInput') === (p.type === 'bool'), {
    message: 'coils and discrete inputs are bool, registers are not',
    path: ['type'],
  });

export type ModbusConnectionConfig = z.output<typeof modbusConnectionSchema>;
export type ModbusPointConfig = z.output<typeof modbusPointSchema>;
export type ModbusTable = (typeof modbusTables)[number];
export type ModbusType = (typeof modbusTypes)[number];
