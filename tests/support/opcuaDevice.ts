import { mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DataType,
  MessageSecurityMode,
  OPCUACertificateManager,
  OPCUAServer,
  SecurityPolicy,
  StatusCodes,
  setErrorLogger,
  setWarningLogger,
  type StatusCode,
  type UAVariable,
} from 'node-opcua';
import { freePort } from './freePort.ts';

/**
 * A real OPC UA device for the connector tests: node-opcua's own OPCUAServer, in this process,
 * with its PKI in a temporary folder. It serves a few variables of a pump station under
 * `ns=1;s=<name>`; the test changes them "at the device" with `set`, reads what a write left with
 * `get`, restarts the server on its port, and trusts or distrusts the client's certificate.
 */

// node-opcua narrates every refused certificate and closed socket, which these tests cause on
// purpose; PEGEL_OPCUA_LOG=1 shows it.
if (process.env.PEGEL_OPCUA_LOG !== '1') {
  setWarningLogger(() => undefined);
  setErrorLogger(() => undefined);
}

export interface DeviceVariable {
  readonly name: string;
  readonly dataType: DataType;
  readonly value: number | boolean;
  readonly writable?: boolean;
  /** A status the variable answers instead of Good (e.g. BadSensorFailure). */
  readonly status?: StatusCode;
}

export const DEVICE_VARIABLES: readonly DeviceVariable[] = [
  { name: 'Level', dataType: DataType.Double, value: 2.5 },
  { name: 'Pump', dataType: DataType.Boolean, value: false, writable: true },
  { name: 'Speed', dataType: DataType.Float, value: 0, writable: true },
  { name: 'Stage', dataType: DataType.Int16, value: 0, writable: true },
  { name: 'Locked', dataType: DataType.Double, value: 1, writable: false },
  { name: 'Broken', dataType: DataType.Double, value: 0, status: StatusCodes.BadSensorFailure },
];

/** A variable whose value is no PV value (a string), to see it refused as wrong-type. */
const LABEL = { name: 'Label', value: 'Pumpwerk West' };

export interface OpcuaDevice {
  readonly port: number;
  readonly endpoint: string;
  /** The server's application certificate (DER). */
  readonly certificate: Buffer;
  set(name: string, value: number | boolean, sourceTime?: Date, status?: StatusCode): void;
  get(name: string): unknown;
  /** Sets every extra variable `ns=1;s=V<i>` to `round + i` (the bench's value changes). */
  touchExtras(round: number): void;
  /** Trusts a client certificate (DER) at the server. */
  trustClient(certificate: Buffer): Promise<void>;
  /** Shuts the server down and starts it again on the same port; every session is lost. */
  restart(): Promise<void>;
  /** Shuts the server down, keeping its port and PKI: the device is off until `restart`. */
  shutdown(): Promise<void>;
  stop(): Promise<void>;
}

export interface OpcuaDeviceOptions {
  /** Extra variables `ns=1;s=V<i>` (Double) for the bench. */
  readonly extraVariables?: number;
  /** Accept any client certificate (default true; false: only trusted ones). */
  readonly acceptAnyClient?: boolean;
  /** Users and passwords; when given, anonymous sessions are refused. */
  readonly users?: Readonly<Record<string, string>>;
}

/**
 * The devices of one test file share one server PKI folder (making a key pair takes seconds on a
 * busy machine); it is removed when the process ends.
 */
let sharedRoot: string | undefined;
function serverPkiRoot(): string {
  if (!sharedRoot) {
    const root = mkdtempSync(join(tmpdir(), 'pegel-opcua-device-'));
    sharedRoot = root;
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  }
  return sharedRoot;
}

/** The server's PKI lives across restarts. */
export async function startOpcuaDevice(options: OpcuaDeviceOptions = {}): Promise<OpcuaDevice> {
  const port = await freePort();
  const certificateManager = new OPCUACertificateManager({
    rootFolder: join(serverPkiRoot(), 'pki'),
    automaticallyAcceptUnknownCertificate: options.acceptAnyClient ?? true,
    disableFileWatchers: true,
  });
  await certificateManager.initialize();
  const variables = new Map<string, UAVariable>();
  const extras: UAVariable[] = [];
  let server: OPCUAServer | undefined;

  const launch = async (): Promise<OPCUAServer> => {
    const next = new OPCUAServer({
      port,
      hostname: '127.0.0.1',
      serverCertificateManager: certificateManager,
      securityModes: [MessageSecurityMode.None, MessageSecurityMode.SignAndEncrypt],
      securityPolicies: [
        SecurityPolicy.None,
        SecurityPolicy.Basic256Sha256,
        SecurityPolicy.Aes128_Sha256_RsaOaep,
      ],
      allowAnonymous: !options.users,
      ...(options.users
        ? {
            userManager: {
              isValidUser: (user: string, password: string) => options.users?.[user] === password,
            },
          }
        : {}),
    });
    await next.initialize();
    const addressSpace = next.engine.addressSpace;
    if (!addressSpace) throw new Error('OPC UA device without an address space');
    const namespace = addressSpace.getOwnNamespace();
    const station = namespace.addObject({
      organizedBy: addressSpace.rootFolder.objects,
      browseName: 'PumpStation',
    });
    variables.clear();
    for (const variable of DEVICE_VARIABLES) {
      const node = namespace.addVariable({
        componentOf: station,
        nodeId: `s=${variable.name}`,
        browseName: variable.name,
        dataType: variable.dataType,
        accessLevel: variable.writable ? 'CurrentRead | CurrentWrite' : 'CurrentRead',
        userAccessLevel: variable.writable ? 'CurrentRead | CurrentWrite' : 'CurrentRead',
        minimumSamplingInterval: 50,
      });
      node.setValueFromSource(
        { dataType: variable.dataType, value: variable.value },
        variable.status ?? StatusCodes.Good,
        new Date(),
      );
      variables.set(variable.name, node);
    }
    namespace
      .addVariable({
        componentOf: station,
        nodeId: `s=${LABEL.name}`,
        browseName: LABEL.name,
        dataType: DataType.String,
        minimumSamplingInterval: 50,
      })
      .setValueFromSource({ dataType: DataType.String, value: LABEL.value });
    extras.length = 0;
    for (let i = 0; i < (options.extraVariables ?? 0); i += 1) {
      const node = namespace.addVariable({
        componentOf: station,
        nodeId: `s=V${i}`,
        browseName: `V${i}`,
        dataType: DataType.Double,
        minimumSamplingInterval: 50,
      });
      node.setValueFromSource(
        { dataType: DataType.Double, value: i },
        StatusCodes.Good,
        new Date(),
      );
      extras.push(node);
    }
    await next.start();
    return next;
  };

  server = await launch();
  const certificate = server.getCertificate();

  const variable = (name: string): UAVariable => {
    const node = variables.get(name);
    if (!node) throw new Error(`no device variable ${name}`);
    return node;
  };

  return {
    port,
    endpoint: `opc.tcp://127.0.0.1:${port}`,
    certificate: Buffer.from(certificate),
    set(name, value, sourceTime = new Date(), status = StatusCodes.Good) {
      const node = variable(name);
      const dataType = DEVICE_VARIABLES.find((v) => v.name === name)?.dataType ?? DataType.Double;
      node.setValueFromSource({ dataType, value }, status, sourceTime);
    },
    get(name) {
      return variable(name).readValue().value.value as unknown;
    },
    touchExtras(round) {
      const now = new Date();
      extras.forEach((node, i) => {
        node.setValueFromSource(
          { dataType: DataType.Double, value: round + i },
          StatusCodes.Good,
          now,
        );
      });
    },
    async trustClient(clientCertificate) {
      await certificateManager.trustCertificate(clientCertificate);
    },
    async restart() {
      await server?.shutdown(0);
      server = await launch();
    },
    async shutdown() {
      await server?.shutdown(0);
      server = undefined;
    },
    async stop() {
      await server?.shutdown(0);
      server = undefined;
      await certificateManager.dispose();
    },
  };
}

/**
 * A TCP relay between a client and a device that can freeze: bytes stop flowing both ways but no
 * socket closes, as when a cable is pulled or a router hangs. Only keep-alive can notice it.
 */
export interface FreezableRelay {
  readonly port: number;
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export async function startRelay(targetPort: number): Promise<FreezableRelay> {
  const port = await freePort();
  const pairs = new Set<[Socket, Socket]>();
  let frozen = false;
  const server: Server = createServer((inbound) => {
    const outbound = netConnect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [inbound, outbound];
    pairs.add(pair);
    const end = (): void => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('data', (chunk) => {
      if (!frozen) outbound.write(chunk);
    });
    outbound.on('data', (chunk) => {
      if (!frozen) inbound.write(chunk);
    });
    inbound.on('close', end).on('error', end);
    outbound.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      // What was sent while frozen is gone, as on a real line: drop those connections.
      for (const [inbound, outbound] of pairs) {
        inbound.destroy();
        outbound.destroy();
      }
    },
    async stop() {
      for (const [inbound, outbound] of pairs) {
        inbound.destroy();
        outbound.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
