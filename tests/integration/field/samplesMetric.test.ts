/**
 * What the connectors delivered is counted before a batch keeps the latest value per PV
 * (issue 56): pegel_field_samples_total is the figure the field bench divides the server's CPU
 * by and sets against what the devices published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { startMosquitto, type Mosquitto } from '../../support/mosquitto.ts';
import {
  brokerClient,
  startFieldServer,
  until,
  type FieldServer,
} from '../../support/fieldServer.ts';
import { metricValues } from '../../support/metrics.ts';

let broker: Mosquitto;
let server: FieldServer;
let device: MqttClient;

beforeAll(async () => {
  broker = await startMosquitto();
  server = await startFieldServer(`
stations:
  - number: 4
    name: Zulauf
    connection: { type: mqtt, url: "${broker.url}" }
    pvs:
      - { id: flow, kind: AnaIn, name: Durchfluss, source: { topic: s4/flow, value: /v } }
`);
  device = await brokerClient(broker.url);
  await until(() => server.server.plant.stationLive(4)?.dialState === 'Connected', 'connected');
}, 60_000);

afterAll(async () => {
  await device?.endAsync(true);
  await server?.dispose();
  await broker?.dispose();
});

async function samplesTotal(): Promise<number> {
  const res = await fetch(`${server.url}/metrics`);
  return metricValues(await res.text(), 'pegel_field_samples_total').get('') ?? 0;
}

describe('field samples metric', () => {
  it('FS1 counts every sample a connector delivered, also those a batch replaces', async () => {
    const before = await samplesTotal();
    for (let v = 1; v <= 5; v++) await device.publishAsync('s4/flow', JSON.stringify({ v }));
    await until(async () => (await samplesTotal()) - before >= 5, 'five samples counted');
    await until(
      () => server.server.plant.valueByKey('ai400001')?.doubleValue === 5,
      'the latest value shown',
    );
    expect((await samplesTotal()) - before).toBe(5);
  }, 60_000);
});
