/**
 * The reference server on a plant file (PEGEL_PLANT_FILE) for the field plant's tests: the plant
 * file is written to a temporary folder, the server built in this process and listening.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { startInProcess, type InProcessServer } from './inProcessServer.ts';

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
