/**
 * Field device bench (issue 56): what the Modbus TCP and OPC UA connectors cost.
 *
 *   npx tsx bench/field-devices.ts [modbusDevices=10] [registers=1000] [opcuaItems=10000] [seconds=10]
 *
 * Modbus: `modbusDevices` pymodbus servers (tests/support/modbus_device.py, child processes), each
 * with `registers` uint16 holding registers polled at 1 s by one connector; every register
 * changes at the device every second. Prints the poll cycle time (all requests of one device's
 * group, 125 registers each) and this process's CPU per value read and per value change sent.
 *
 * OPC UA: one node-opcua server in a child process (this file with `opcua-device`) with
 * `opcuaItems` Double variables, all changed every second; one connector monitors them all
 * (sampling 1 s). Prints the time from start to the first value of every item (connect, session,
 * subscription, monitored items) and this process's CPU per value change received.
 *
 * The devices run in other processes, so the CPU figures are the connectors' (and their
 * libraries') alone. node-opcua is loaded only for the OPC UA part: loading it makes an RSA key
 * pair (its PKCS#1 v1.5 probe), about a second of CPU that is not the Modbus connector's. Figures go to stdout; record them in bench/RESULTS.md by hand.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Connector, ConnectorSink, FieldSample } from '../server/field/connector.ts';
import { createModbusConnector } from '../server/field/modbus/ModbusConnector.ts';
import { modbusConnectionSchema, modbusPointSchema } from '../server/field/modbus/schema.ts';
import type { OpcuaConnectionConfig, OpcuaPointConfig } from '../server/field/opcua/schema.ts';
import { startModbusDevice, type ModbusDevice } from '../tests/support/modbusDevice.ts';
import { positiveArg } from './harness/cliArgs.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function countingSink(): ConnectorSink & { count: number; ids: Set<string>; up: boolean } {
  const sink = {
    count: 0,
    ids: new Set<string>(),
    up: false,
    samples(samples: readonly FieldSample[]) {
      sink.count += samples.length;
      for (const s of samples) if (s.quality === 'Good') sink.ids.add(s.pointId);
    },
    link(state: string) {
      sink.up = state === 'up';
    },
    badInput() {},
  };
  return sink;
}

async function waitUntil(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function benchModbus(devices: number, registers: number, seconds: number): Promise<void> {
  const started: ModbusDevice[] = [];
  const connectors: Connector[] = [];
  const cycles: number[] = [];
  const sinks: Array<ReturnType<typeof countingSink>> = [];
  try {
    for (let d = 0; d < devices; d += 1) started.push(await startModbusDevice());
    const points = Array.from({ length: registers }, (_, i) =>
      modbusPointSchema.parse({ pointId: `r${i}`, table: 'holding', address: i, type: 'uint16' }),
    );
    for (const device of started) {
      const connection = modbusConnectionSchema.parse({
        type: 'modbus',
        host: '127.0.0.1',
        port: device.port,
        pollGroups: { default: 1000 },
      });
      const connector = createModbusConnector(connection, points, {
        onPollCycle: (_group, ms) => cycles.push(ms),
      });
      const sink = countingSink();
      sinks.push(sink);
      connector.start(sink);
      connectors.push(connector);
    }
    await waitUntil(
      'every register read',
      () => sinks.every((s) => s.ids.size === registers),
      30_000,
    );
    // Every register changes at the device once a second, as a busy station's would.
    let round = 1;
    const changing = setInterval(() => {
      round += 1;
      const values = Array.from({ length: registers }, (_, i) => (round * 7 + i) % 65536);
      for (const device of started) void device.set('hr', 0, values);
    }, 1000);
    await sleep(2000); // warm-up: the first cycles compile the decoding paths
    cycles.length = 0;
    const sentBefore = sinks.reduce((n, s) => n + s.count, 0);
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await sleep(seconds * 1000);
    const wall = performance.now() - t0;
    const used = cpuMs(cpu);
    clearInterval(changing);
    const sent = sinks.reduce((n, s) => n + s.count, 0) - sentBefore;
    const read = cycles.length * registers;
    const requests = Math.ceil(registers / 125);
    console.log(
      `Modbus TCP: ${devices} devices × ${registers} registers at 1 s (${requests} requests per cycle)`,
    );
    console.log(
      `  poll cycle: median ${percentile(cycles, 50).toFixed(1)} ms, p95 ${percentile(cycles, 95).toFixed(1)} ms, max ${Math.max(...cycles).toFixed(1)} ms (${cycles.length} cycles)`,
    );
    console.log(
      `  values read ${read} (${((read / wall) * 1000).toFixed(0)}/s), changes sent ${sent}; CPU ${used.toFixed(0)} ms in ${(wall / 1000).toFixed(1)} s = ${((used / wall) * 100).toFixed(1)} % of a core`,
    );
    console.log(
      `  CPU per value read ${((used * 1000) / Math.max(1, read)).toFixed(2)} µs, per change sent ${((used * 1000) / Math.max(1, sent)).toFixed(2)} µs`,
    );
  } finally {
    for (const connector of connectors) await connector.stop();
    for (const device of started) await device.stop();
  }
}

/** The OPC UA device in a child process: this file with `opcua-device <items>`. */
async function opcuaDeviceProcess(items: number): Promise<void> {
  const { startOpcuaDevice } = await import('../tests/support/opcuaDevice.ts');
  const device = await startOpcuaDevice({ extraVariables: items });
  console.log(`endpoint ${device.endpoint}`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [verb, arg] = line.split(' ');
    if (verb === 'touch') device.touchExtras(Number(arg));
    if (verb === 'quit') break;
  }
  await device.stop();
  process.exit(0);
}

async function subscribeAll(
  connection: OpcuaConnectionConfig,
  points: readonly OpcuaPointConfig[],
  pkiDir: string,
): Promise<{
  connector: Connector;
  sink: ReturnType<typeof countingSink>;
  ms: number;
  cpu: number;
}> {
  const { createOpcuaConnector } = await import('../server/field/opcua/OpcuaConnector.ts');
  const sink = countingSink();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const connector = createOpcuaConnector(connection, points, { pkiDir });
  connector.start(sink);
  await waitUntil('every item reported', () => sink.ids.size === points.length, 120_000);
  return { connector, sink, ms: performance.now() - t0, cpu: cpuMs(cpu) };
}

async function benchOpcua(items: number, seconds: number): Promise<void> {
  // Imported here, not above: node-opcua makes an RSA key pair when it loads (its PKCS#1 v1.5
  // probe, about a second of CPU), which would land in the Modbus figures.
  const { opcuaConnectionSchema, opcuaPointSchema } =
    await import('../server/field/opcua/schema.ts');
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    [...process.execArgv, self, 'opcua-device', String(items)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const pki = mkdtempSync(join(tmpdir(), 'pegel-bench-opcua-'));
  let connector: Connector | undefined;
  try {
    const endpoint = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line.startsWith('endpoint ')) resolve(line.slice('endpoint '.length));
      });
      child.once('exit', (code) => reject(new Error(`OPC UA device ended (${code})`)));
    });
    const points = Array.from({ length: items }, (_, i) =>
      opcuaPointSchema.parse({
        pointId: `v${i}`,
        nodeId: `ns=1;s=V${i}`,
        samplingIntervalMs: 1000,
      }),
    );
    const connection = opcuaConnectionSchema.parse({
      type: 'opcua',
      endpoint,
      securityMode: 'None',
      securityPolicy: 'None',
    });
    // The first start also makes Pegel's certificate (a key pair: seconds); the second is the
    // figure a restart or reconnect pays.
    const cold = await subscribeAll(connection, points, pki);
    await cold.connector.stop();
    const warm = await subscribeAll(connection, points, pki);
    connector = warm.connector;
    const sink = warm.sink;
    await sleep(1500);
    const before = sink.count;
    const cpu = process.cpuUsage();
    const t1 = performance.now();
    for (let round = 1; round <= seconds; round += 1) {
      child.stdin.write(`touch ${round * 100_000}\n`);
      await sleep(1000);
    }
    await sleep(1500);
    const wall = performance.now() - t1;
    const used = cpuMs(cpu);
    const changes = sink.count - before;
    console.log(
      `OPC UA: ${items} monitored items on one subscription, sampling 1 s, all changing every second`,
    );
    console.log(
      `  time to subscribe (start → first value of every item): ${warm.ms.toFixed(0)} ms, CPU ${warm.cpu.toFixed(0)} ms` +
        ` (first start, with making the certificate: ${cold.ms.toFixed(0)} ms)`,
    );
    console.log(
      `  value changes received ${changes} of ${items * seconds} made; CPU ${used.toFixed(0)} ms in ${(wall / 1000).toFixed(1)} s = ${((used / wall) * 100).toFixed(1)} % of a core`,
    );
    console.log(`  CPU per value change ${((used * 1000) / Math.max(1, changes)).toFixed(2)} µs`);
  } finally {
    await connector?.stop();
    child.stdin.write('quit\n');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(pki, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'opcua-device') {
  await opcuaDeviceProcess(positiveArg(3, 10_000));
} else {
  const devices = positiveArg(2, 10);
  const registers = positiveArg(3, 1000);
  const items = positiveArg(4, 10_000);
  const seconds = positiveArg(5, 10);
  console.log(`field-devices bench: Node ${process.version}, ${new Date().toISOString()}`);
  await benchModbus(devices, registers, seconds);
  await benchOpcua(items, seconds);
  process.exit(0);
}
