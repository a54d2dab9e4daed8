import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './freePort.ts';
import type {
  BadInputReason,
  ConnectorSink,
  FieldSample,
  LinkState,
} from '../../server/field/connector.ts';

/**
 * A real Modbus TCP device for the connector tests: pymodbus's server
 * (tests/support/modbus_device.py, Debian's python3-pymodbus) in a child process. Changes "at
 * the device" go over its stdin, one command and one answer a line.
 */

const SCRIPT = fileURLToPath(new URL('./modbus_device.py', import.meta.url));
/** Debian's python: the pyenv one first on PATH does not see python3-pymodbus. */
const PYTHON = '/usr/bin/python3';

export type DeviceTable = 'co' | 'di' | 'hr' | 'ir';

export interface ModbusDevice {
  readonly port: number;
  /** Writes values at an address (registers 0..65535, bits 0/1). */
  set(table: DeviceTable, address: number, values: readonly number[]): Promise<void>;
  get(table: DeviceTable, address: number, count: number): Promise<number[]>;
  /** Reads touching first..last answer exception 2 until `heal`. */
  fail(table: DeviceTable, first: number, last: number): Promise<void>;
  heal(table: DeviceTable): Promise<void>;
  /** Freezes the device (SIGSTOP): its sockets stay open and nothing answers, as a hung PLC. */
  pause(): void;
  resume(): void;
  /** Switches the device off: the process ends and its port closes. */
  stop(): Promise<void>;
}

/** Starts the device on `port` (a free one when omitted) and resolves once it listens. */
export async function startModbusDevice(port?: number): Promise<ModbusDevice> {
  const chosen = port ?? (await freePort());
  const child: ChildProcessWithoutNullStreams = spawn(PYTHON, [SCRIPT, String(chosen)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    // pymodbus logs a cancelled handler at ERROR on every client disconnect: keep only the tail.
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const waiting: Array<(line: string) => void> = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => waiting.shift()?.(line));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      const onExit = (): void => reject(new Error(`modbus device ended: ${stderr}`));
      child.once('exit', onExit);
      waiting.push((line) => {
        child.off('exit', onExit);
        resolve(line);
      });
    });

  const ready = await nextLine();
  if (ready !== `ready ${chosen}`) throw new Error(`modbus device did not start: ${ready}`);

  let commands = Promise.resolve('');
  const command = (line: string): Promise<string> => {
    const answer = commands.then(() => {
      const next = nextLine();
      child.stdin.write(`${line}\n`);
      return next;
    });
    commands = answer.catch(() => '');
    return answer.then((text) => {
      if (text.startsWith('error')) throw new Error(`modbus device: ${text}`);
      return text;
    });
  };

  return {
    port: chosen,
    async set(table, address, values) {
      await command(`set ${table} ${address} ${values.join(' ')}`);
    },
    async get(table, address, count) {
      const answer = await command(`get ${table} ${address} ${count}`);
      return answer.split(' ').slice(3).map(Number);
    },
    async fail(table, first, last) {
      await command(`fail ${table} ${first} ${last}`);
    },
    async heal(table) {
      await command(`heal ${table}`);
    },
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      child.kill('SIGCONT');
      await exited;
    },
  };
}

/** What a connector reported, for the field-device tests (Modbus and OPC UA alike). */
export interface RecordedSink extends ConnectorSink {
  /** The last sample per point. */
  readonly latest: Map<string, FieldSample>;
  readonly all: FieldSample[];
  readonly links: Array<{ state: LinkState; reason?: string }>;
  readonly badInputs: Array<{ reason: BadInputReason; detail: string; pointId?: string }>;
  /** The last link state reported. */
  readonly state: () => LinkState | undefined;
}

export function recordingSink(): RecordedSink {
  const latest = new Map<string, FieldSample>();
  const all: FieldSample[] = [];
  const links: Array<{ state: LinkState; reason?: string }> = [];
  const badInputs: Array<{ reason: BadInputReason; detail: string; pointId?: string }> = [];
  return {
    latest,
    all,
    links,
    badInputs,
    samples(samples) {
      for (const sample of samples) {
        latest.set(sample.pointId, sample);
        all.push(sample);
      }
    },
    link(state, reason) {
      links.push(reason === undefined ? { state } : { state, reason });
    },
    badInput(reason, detail, pointId) {
      badInputs.push(pointId === undefined ? { reason, detail } : { reason, detail, pointId });
    },
    state: () => links.at(-1)?.state,
  };
}

export { freePort };
