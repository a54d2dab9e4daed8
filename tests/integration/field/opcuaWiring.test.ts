/**
 * The OPC UA kind as the field plant makes it (issue 56): node-opcua is loaded when the station
 * starts, its certificate is made under the PKI folder the context names, and node-opcua's own
 * warnings land in the server's log instead of on the console.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnector } from '../../../server/field/kinds.ts';
import { opcuaConnectionSchema } from '../../../server/field/opcua/schema.ts';
import { freePort, recordingSink } from '../../support/modbusDevice.ts';
import { until } from '../../support/fieldServer.ts';

const dir = mkdtempSync(join(tmpdir(), 'pegel-opcua-wiring-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('OPC UA kind wiring', () => {
  it('OW1 a station with nobody at its endpoint: certificate under <data>/pki, node-opcua warnings in the server log, link down with why', async () => {
    const logs: string[] = [];
    const port = await freePort();
    const connection = opcuaConnectionSchema.parse({
      type: 'opcua',
      endpoint: `opc.tcp://127.0.0.1:${port}`,
      securityMode: 'SignAndEncrypt',
      securityPolicy: 'Basic256Sha256',
    });
    const connector = createConnector(
      connection,
      [
        {
          id: 'level',
          kind: 'AnaIn',
          readOnly: false,
          source: { nodeId: 'ns=1;s=Level', samplingIntervalMs: 1000 },
        },
      ],
      {
        env: {},
        stationNumber: 43,
        stationName: 'Pumpwerk West',
        pkiDir: join(dir, 'pki'),
        log: (message) => logs.push(message),
      },
    );
    const sink = recordingSink();
    connector.start(sink);
    try {
      await until(() => sink.links.some((l) => l.state === 'down'), 'link down', 60_000);
      expect(sink.links.find((l) => l.state === 'down')?.reason).toMatch(/Fail to connect/);
      await until(() => logs.some((m) => m.startsWith('opcua warning: ')), 'a warning', 60_000);
      expect(existsSync(join(dir, 'pki', 'own', 'certs', 'client_certificate.pem'))).toBe(true);
    } finally {
      await connector.stop();
    }
  }, 90_000);
});
