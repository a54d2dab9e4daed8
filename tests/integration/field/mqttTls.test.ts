/**
 * MQTT over TLS with a user name and password from the environment or a secrets file, never the
 * plant file (issue 56): against a Mosquitto with a TLS listener and a password file. The
 * broker's certificate is verified against the CA the plant file names; a wrong password keeps
 * the station in ConnectionError with the broker's reason.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMosquitto, testCertificates, type Mosquitto } from '../../support/mosquitto.ts';
import { startFieldServer, until, type FieldServer } from '../../support/fieldServer.ts';

let broker: Mosquitto;
let server: FieldServer;
const dir = mkdtempSync(join(tmpdir(), 'pegel-tls-'));
const certs = testCertificates(dir);
const secret = join(dir, 'mqtt-password');
const ENV = {
  PEGEL_MQTT_NORD_USERNAME: 'pegel',
  PEGEL_MQTT_NORD_PASSWORD_FILE: secret,
  PEGEL_MQTT_SUED_USERNAME: 'pegel',
  PEGEL_MQTT_SUED_PASSWORD: 'wrong',
};

const station = (nr: number, name: string, prefix: string) => `
  - number: ${nr}
    name: ${name}
    connection:
      type: mqtt
      url: "${broker.url}"
      credentialsEnv: ${prefix}
      tls: { caFile: "${certs.caFile}" }
    pvs:
      - { id: level, kind: AnaIn, name: Pegel, decimals: 1, source: { topic: s${nr}/level } }
`;

beforeAll(async () => {
  writeFileSync(secret, 's3cret-from-a-file\n');
  broker = await startMosquitto({
    tls: { certFile: certs.certFile, keyFile: certs.keyFile },
    users: { pegel: 's3cret-from-a-file', device: 'dev' },
  });
  Object.assign(process.env, ENV);
  server = await startFieldServer(
    `stations:${station(1, 'Nord', 'PEGEL_MQTT_NORD')}${station(2, 'Süd', 'PEGEL_MQTT_SUED')}`,
  );
}, 60_000);

afterAll(async () => {
  await server?.dispose();
  await broker?.dispose();
  delete process.env.PEGEL_MQTT_NORD_USERNAME;
  delete process.env.PEGEL_MQTT_NORD_PASSWORD_FILE;
  delete process.env.PEGEL_MQTT_SUED_USERNAME;
  delete process.env.PEGEL_MQTT_SUED_PASSWORD;
  rmSync(dir, { recursive: true, force: true });
});

describe('MQTT over TLS with credentials from the environment', () => {
  it('MT1 a TLS broker verified against the CA, the password from a secrets file: values arrive', async () => {
    await until(() => server.server.plant.stationLive(1)?.dialState === 'Connected', 'connected');
    const device = await mqtt.connectAsync(broker.url, {
      username: 'device',
      password: 'dev',
      ca: [readFileSync(certs.caFile)],
    });
    try {
      await until(async () => {
        await device.publishAsync('s1/level', '4.2');
        return server.server.plant.valueByKey('ai100001')?.doubleValue === 4.2;
      }, 'the value over TLS');
    } finally {
      await device.endAsync(true);
    }
  });

  it('MT2 a wrong password keeps the station in ConnectionError with the reason', async () => {
    await until(
      () => server.server.plant.stationLive(2)?.dialState === 'ConnectionError',
      'refused',
    );
    expect(server.server.field!.fieldStatus()[1]).toMatchObject({
      link: 'down',
      reason: expect.stringMatching(/Not authorized|Bad User Name or Password/i),
    });
  });
});
