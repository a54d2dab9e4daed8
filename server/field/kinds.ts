/**
 * The connection kinds a plant file may name (issue 56), one registry entry each: the schema of
 * a station's `connection`, the schema of a PV's `source` on such a station, and how its
 * connector is made. The plant file (plantFile.ts) checks a station against the entry its
 * `connection.type` names; the field plant (FieldPlant.ts) asks the entry for the connector.
 * A new protocol is one more entry here and nothing else.
 */
import { format, stripVTControlCharacters } from 'node:util';
import { z } from 'zod';
import type { Connector } from './connector.ts';
import { LoadingConnector } from './LoadingConnector.ts';
import { createModbusConnector } from './modbus/ModbusConnector.ts';
import { modbusConnectionSchema, modbusSourceSchema } from './modbus/schema.ts';
import { MqttJsonConnector } from './mqtt/MqttJsonConnector.ts';
import { brokerFields } from './mqtt/brokerOptions.ts';
import type { ReadPace } from './readPace.ts';
import { SimulatedConnector } from './SimulatedConnector.ts';
import type * as OpcuaConnectorModule from './opcua/OpcuaConnector.ts';
import { opcuaConnectionSchema, opcuaSourceSchema } from './opcua/schema.ts';
import { SparkplugConnector } from './sparkplug/SparkplugConnector.ts';

/** A point of a station as its connector sees it: the PV's id, kind and source. */
export interface FieldPoint<S> {
  readonly id: string;
  readonly kind: FieldPvKind;
  readonly source: S;
  readonly readOnly: boolean;
}

export const FIELD_PV_KINDS = ['AnaIn', 'DigiIn', 'AnaOut', 'DigiOut', 'Counter'] as const;
export type FieldPvKind = (typeof FIELD_PV_KINDS)[number];

/** What a connector gets besides its station: the environment (credentials) and a logger. */
export interface ConnectorContext {
  readonly env: NodeJS.ProcessEnv;
  readonly stationNumber: number;
  readonly stationName: string;
  /** The data folder's PKI (`<PEGEL_DATA_DIR>/pki`): OPC UA's own certificate and trust list. */
  readonly pkiDir: string;
  /** The server's log (warnings). */
  readonly log: (message: string) => void;
  /** The field plant's batches: a connector that reads sockets may hold them between (readPace.ts). */
  readonly pace?: ReadPace;
}

export interface ConnectionKind<C extends z.ZodObject, S extends z.ZodObject> {
  readonly connection: C;
  readonly source: S;
  create(
    connection: z.output<C>,
    points: readonly FieldPoint<z.output<S>>[],
    context: ConnectorContext,
  ): Connector;
}

/** Keeps a kind's create typed by its own schemas. */
function kind<C extends z.ZodObject, S extends z.ZodObject>(
  entry: ConnectionKind<C, S>,
): ConnectionKind<C, S> {
  return entry;
}

// --- MQTT with JSON payloads ----------------------------------------------------------------

const jsonPointer = z
  .string()
  .regex(/^(\/.*)?$/, 'a JSON pointer: empty for the whole payload, or /key/…');

const mqttConnection = z.strictObject({ type: z.literal('mqtt'), ...brokerFields });
const mqttSource = z.strictObject({
  /** The topic the value is published on (no wildcards). */
  topic: z
    .string()
    .min(1)
    .regex(/^[^#+]*$/, 'a topic without wildcards'),
  /** Where the value stands in the JSON payload (RFC 6901); empty = the payload itself. */
  value: jsonPointer
    .default('')
    .describe('Where the value stands in the JSON payload (RFC 6901); empty = the payload itself.'),
  /** Where a source timestamp stands (epoch ms, epoch s or ISO 8601); else time received. */
  timestamp: jsonPointer
    .optional()
    .describe(
      'Where a source timestamp stands (epoch ms, epoch s or ISO 8601); else time received.',
    ),
  /** Where a quality stands (good/bad/uncertain, true/false, or OPC-style 192/0). */
  quality: jsonPointer
    .optional()
    .describe('Where a quality stands (good/bad/uncertain, true/false, or OPC-style 192/0).'),
  /** Where writes go: `{"value": …}` is published to this topic (QoS 1). */
  commandTopic: z
    .string()
    .min(1)
    .regex(/^[^#+]*$/, 'a topic without wildcards')
    .optional(),
});
const mqtt = kind({
  connection: mqttConnection,
  source: mqttSource,
  create: (connection, points, context) => new MqttJsonConnector(connection, points, context),
});

// --- Sparkplug B ------------------------------------------------------------------------------

const sparkplugId = z
  .string()
  .min(1)
  .regex(/^[^/#+]+$/, 'a Sparkplug id without / # +');
const sparkplugConnection = z.strictObject({ type: z.literal('sparkplug'), ...brokerFields });
const sparkplugSource = z.strictObject({
  group: sparkplugId,
  edgeNode: sparkplugId,
  /** The device; absent for a metric of the edge node itself. */
  device: sparkplugId
    .optional()
    .describe('The device; absent for a metric of the edge node itself.'),
  metric: z.string().min(1),
});
const sparkplug = kind({
  connection: sparkplugConnection,
  source: sparkplugSource,
  create: (connection, points, context) => new SparkplugConnector(connection, points, context),
});

// --- Modbus TCP (server/field/modbus/) ------------------------------------------------------------

/** The connector's own schemas: a bool is a coil or discrete input and only that, scale ≠ 0. */
const modbus = kind({
  connection: modbusConnectionSchema,
  source: modbusSourceSchema,
  create: (connection, points, context) =>
    createModbusConnector(
      connection,
      points.map((p) => ({ pointId: p.id, readOnly: p.readOnly, ...p.source })),
      { log: context.log },
    ),
});

// --- OPC UA (server/field/opcua/) ------------------------------------------------------------------

type OpcuaModule = typeof OpcuaConnectorModule;
let opcuaModule: Promise<OpcuaModule> | undefined;
/** Where node-opcua's warnings and errors go: the log of the field plant that loaded it last. */
let opcuaLog: (message: string) => void = (m) => console.warn(m);

/**
 * node-opcua is loaded only when a station speaks OPC UA: importing it costs about a second of
 * CPU (it makes a key pair). Its warnings and errors, which it would print on the console, go to
 * the server's log.
 */
function loadOpcua(): Promise<OpcuaModule> {
  opcuaModule ??= Promise.all([import('./opcua/OpcuaConnector.ts'), import('node-opcua')]).then(
    ([connector, opcua]) => {
      const toLog =
        (level: string) =>
        (_context?: unknown, ...args: unknown[]): void =>
          opcuaLog(`opcua ${level}: ${stripVTControlCharacters(format(...args)).trim()}`);
      opcua.setWarningLogger(toLog('warning'));
      opcua.setErrorLogger(toLog('error'));
      return connector;
    },
  );
  return opcuaModule;
}

const opcua = kind({
  connection: opcuaConnectionSchema,
  source: opcuaSourceSchema,
  create: (connection, points, context) => {
    opcuaLog = context.log;
    const opcuaPoints = points.map((p) => ({ pointId: p.id, readOnly: p.readOnly, ...p.source }));
    return new LoadingConnector(async () => {
      const { createOpcuaConnector } = await loadOpcua();
      return createOpcuaConnector(connection, opcuaPoints, {
        pkiDir: context.pkiDir,
        env: context.env,
        log: context.log,
      });
    }, 'OPC UA');
  },
});

// --- simulated: a station of the field plant with no device behind it ---------------------------

/**
 * A station without a device (commissioning, a station not wired yet): each point holds a fixed
 * value or follows a sine, and a write is reported back as the new value, as a device would.
 * The whole plant is simulated by leaving PEGEL_PLANT_FILE unset, not by this kind.
 */
const simulatedSource = z.strictObject({
  /** The value it starts with (and keeps, unless `sine` moves it). */
  value: z
    .union([z.number(), z.boolean()])
    .default(0)
    .describe('The value it starts with (and keeps, unless `sine` moves it).'),
  sine: z
    .strictObject({
      min: z.number(),
      max: z.number(),
      periodS: z.number().positive().default(600),
    })
    .optional(),
});
const simulated = kind({
  connection: z.strictObject({ type: z.literal('simulated') }),
  source: simulatedSource,
  create: (_connection, points) => new SimulatedConnector(points),
});

export const CONNECTION_KINDS = { mqtt, sparkplug, modbus, opcua, simulated } as const;
export type ConnectionType = keyof typeof CONNECTION_KINDS;
export const CONNECTION_TYPES = Object.keys(CONNECTION_KINDS) as ConnectionType[];

export type MqttConnection = z.output<typeof mqttConnection>;
export type MqttSource = z.output<typeof mqttSource>;
export type SparkplugConnection = z.output<typeof sparkplugConnection>;
export type SparkplugSource = z.output<typeof sparkplugSource>;
export type ModbusConnection = z.output<typeof modbus.connection>;
export type ModbusSource = z.output<typeof modbus.source>;
export type OpcuaConnection = z.output<typeof opcua.connection>;
export type OpcuaSource = z.output<typeof opcua.source>;
export type SimulatedSource = z.output<typeof simulatedSource>;

/** Makes the connector of a checked station (its connection and sources passed the kind's schemas). */
export function createConnector(
  connection: { type: ConnectionType },
  points: readonly FieldPoint<unknown>[],
  context: ConnectorContext,
): Connector {
  const kind = CONNECTION_KINDS[connection.type] as unknown as ConnectionKind<
    z.ZodObject,
    z.ZodObject
  >;
  return kind.create(
    connection as z.output<z.ZodObject>,
    points as readonly FieldPoint<z.output<z.ZodObject>>[],
    context,
  );
}
