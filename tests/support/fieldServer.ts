/**
 * The reference server on a plant file (PEGEL_PLANT_FILE) for the field plant's tests: the plant
 * file is written to a temporary folder, the server built in this process and listening.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll } from 'vitest';
import { startInProcess, type InProcessServer } from './inProcessServer.ts';
import { startMosquitto, type Mosquitto, type MosquittoOptions } from './mosquitto.ts';

export interface FieldServer extends InProcessServer {
  plantFile: string;
}

export async function startFieldServer(
  plantYaml: string,
  env: Record<string, string> = {},
): Promise<FieldServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-plantfile-'));
  const plantFile = join(dir, 'plant.yaml');
  writeFileSync(plantFile, plantYaml);
  const server = await startInProcess({ PEGEL_PLANT_FILE: plantFile, ...env });
  return {
    ...server,
    plantFile,
    async dispose() {
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One test file's field plant on MQTT: a real Mosquitto, the server on the plant file, a device. */
export interface FieldRig {
  broker: Mosquitto;
  server: FieldServer;
  /** A client on the broker that plays the plant's devices. */
  device: MqttClient;
}

/**
 * Starts a `FieldRig` before the file's tests (the plant file from the broker's address, the
 * server with `env`, then `ready`) and stops it after them. Its fields are set once it started.
 */
export function fieldRig(
  plant: (brokerUrl: string) => string,
  options: {
    env?: Record<string, string>;
    ready?: (rig: FieldRig) => Promise<void>;
    broker?: MosquittoOptions;
  } = {},
): FieldRig {
  const rig = {} as FieldRig;
  beforeAll(async () => {
    rig.broker = await startMosquitto(options.broker);
    rig.server = await startFieldServer(plant(rig.broker.url), options.env);
    rig.device = await brokerClient(rig.broker.url);
    await options.ready?.(rig);
  }, 60_000);
  afterAll(async () => {
    await rig.device?.endAsync(true);
    await rig.server?.dispose();
    await rig.broker?.dispose();
  });
  return rig;
}

/** A test client on the broker: the plant's devices as the tests play them. */
export async function brokerClient(url: string): Promise<MqttClient> {
  return mqtt.connectAsync(url, { reconnectPeriod: 200, clientId: `test-${Math.random()}` });
}

/** Waits for a condition without a fixed sleep; the bound is generous for a loaded machine. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
