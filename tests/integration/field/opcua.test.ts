import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatusCodes, resolveNodeId } from 'node-opcua';
import { parse } from 'yaml';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Connector } from '../../../server/field/connector.ts';
import { createOpcuaConnector } from '../../../server/field/opcua/OpcuaConnector.ts';
import {
  opcuaConnectionSchema,
  opcuaPointSchema,
  opcuaSourceSchema,
  type OpcuaPointConfig,
} from '../../../server/field/opcua/schema.ts';
import {
  clientCertificatePath,
  openCertificateManager,
  readCertificateDer,
} from '../../../server/field/opcua/trust.ts';
import { recordingSink, type RecordedSink } from '../../support/modbusDevice.ts';
import {
  startOpcuaDevice,
  startRelay,
  type OpcuaDevice,
  type OpcuaDeviceOptions,
} from '../../support/opcuaDevice.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';

/**
 * The OPC UA connector against a real server (node-opcua's OPCUAServer with its own PKI), issue
 * 56. Every wait ends on its condition; the reconnect delay is capped at 300 ms.
 */

const WAIT = { timeout: CONDITION_WAIT_MS, interval: 50 };
const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

afterAll(() => {
  if (sharedPki) rmSync(sharedPki, { recursive: true, force: true });
});

async function device(options?: OpcuaDeviceOptions): Promise<OpcuaDevice> {
  const started = await startOpcuaDevice(options);
  cleanup.push(() => started.stop());
  return started;
}

function pkiFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-opcua-client-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function point(
  pointId: string,
  name: string,
  extra: Record<string, unknown> = {},
): OpcuaPointConfig {
  return opcuaPointSchema.parse({
    pointId,
    nodeId: `ns=1;s=${name}`,
    samplingIntervalMs: 100,
    ...extra,
  });
}

/** Connectors without security share one client PKI (its certificate is made once). */
let sharedPki: string | undefined;

function connect(
  endpoint: string,
  points: readonly OpcuaPointConfig[],
  security: Record<string, unknown> = { securityMode: 'None', securityPolicy: 'None' },
  pkiDir = (sharedPki ??= mkdtempSync(join(tmpdir(), 'pegel-opcua-client-'))),
): { connector: Connector; sink: RecordedSink } {
  const connection = opcuaConnectionSchema.parse({ type: 'opcua', endpoint, ...security });
  const connector = createOpcuaConnector(connection, points, { pkiDir, backoffCapMs: 300 });
  const sink = recordingSink();
  connector.start(sink);
  cleanup.push(() => connector.stop());
  return { connector, sink };
}

/** The reason of the last `down` (a `connecting` comes between two attempts). */
function lastDownReason(sink: RecordedSink): string | undefined {
  return sink.links.filter((l) => l.state === 'down').at(-1)?.reason;
}

function valueOf(sink: RecordedSink, pointId: string): unknown {
  const sample = sink.latest.get(pointId);
  return sample?.quality === 'Good' ? sample.value : undefined;
}

const POINTS = [
  point('level', 'Level'),
  point('pump', 'Pump'),
  point('speed', 'Speed'),
  point('stage', 'Stage'),
  point('locked', 'Locked'),
  point('broken', 'Broken'),
];

// Each test starts a server (and some two connections with certificates): room on a busy machine.
describe('OPC UA connector (issue 56)', { timeout: 60_000 }, () => {
  it('OU1 values arrive through monitored items with their source timestamps; a change at the device arrives', async () => {
    const dev = await device();
    const measured = new Date('2026-11-27T06:00:00.000Z');
    dev.set('Level', 3.25, measured);
    const { sink } = connect(dev.endpoint, POINTS);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(3.25);
      expect(valueOf(sink, 'pump')).toBe(false);
      expect(valueOf(sink, 'stage')).toBe(0);
    }, WAIT);
    expect(sink.latest.get('level')?.sourceTime).toBe(measured.getTime());

    const later = new Date('2026-11-27T06:00:05.000Z');
    dev.set('Level', 3.5, later);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(3.5), WAIT);
    expect(sink.latest.get('level')?.sourceTime).toBe(later.getTime());
  });

  it('OU2 a bad status marks the point Bad with its name; an unknown node id is counted', async () => {
    const dev = await device();
    const points = [
      ...POINTS,
      point('label', 'Label'),
      point('missing', 'NoSuchNode'),
      opcuaPointSchema.parse({ pointId: 'garbled', nodeId: 'ns=x;;q' }),
    ];
    const { sink } = connect(dev.endpoint, points);
    await vi.waitFor(() => {
      expect(sink.latest.get('broken')).toMatchObject({
        quality: 'Bad',
        value: null,
        reason: 'BadSensorFailure',
      });
      expect(sink.latest.get('missing')).toMatchObject({
        quality: 'Bad',
        reason: 'BadNodeIdUnknown',
      });
    }, WAIT);
    expect(sink.latest.get('garbled')).toMatchObject({ quality: 'Bad' });
    expect(sink.badInputs).toContainEqual(
      expect.objectContaining({ reason: 'bad-node-id', pointId: 'missing' }) as unknown,
    );
    expect(sink.badInputs).toContainEqual(
      expect.objectContaining({ reason: 'bad-node-id', pointId: 'garbled' }) as unknown,
    );
    expect(sink.badInputs).toContainEqual(
      expect.objectContaining({ reason: 'bad-status', pointId: 'broken' }) as unknown,
    );
    // A string is no PV value: Bad, counted as wrong-type, never a made-up number.
    await vi.waitFor(() => {
      expect(sink.latest.get('label')).toMatchObject({ quality: 'Bad', value: null });
      expect(sink.badInputs).toContainEqual(
        expect.objectContaining({ reason: 'wrong-type', pointId: 'label' }) as unknown,
      );
    }, WAIT);
    // The others are not touched, and a bad status that clears is good again.
    expect(valueOf(sink, 'level')).toBe(2.5);
    dev.set('Broken', 7, new Date(), StatusCodes.Good);
    await vi.waitFor(() => expect(valueOf(sink, 'broken')).toBe(7), WAIT);
  });

  it('OU3 writes go in the node data type; refusals come back with the reason', async () => {
    const dev = await device();
    const points = [...POINTS, point('guarded', 'Stage', { readOnly: true })];
    const { connector, sink } = connect(dev.endpoint, points);
    await vi.waitFor(() => expect(valueOf(sink, 'stage')).toBe(0), WAIT);

    await expect(connector.write('pump', true)).resolves.toEqual({ ok: true });
    await expect(connector.write('speed', 1.5)).resolves.toEqual({ ok: true });
    await expect(connector.write('stage', 3)).resolves.toEqual({ ok: true });
    expect(dev.get('Pump')).toBe(true);
    expect(dev.get('Speed')).toBe(1.5);
    expect(dev.get('Stage')).toBe(3);
    await vi.waitFor(() => {
      expect(valueOf(sink, 'pump')).toBe(true);
      expect(valueOf(sink, 'stage')).toBe(3);
    }, WAIT);

    const outOfRange = await connector.write('stage', 40_000);
    expect(outOfRange).toMatchObject({ ok: false });
    expect(outOfRange.ok ? '' : outOfRange.reason).toContain('-32768…32767');
    await expect(connector.write('stage', 1.5)).resolves.toMatchObject({ ok: false });
    await expect(connector.write('pump', 2)).resolves.toMatchObject({ ok: false });
    await expect(connector.write('guarded', 1)).resolves.toMatchObject({
      ok: false,
      readOnly: true,
    });
    await expect(connector.write('locked', 2)).resolves.toEqual({
      ok: false,
      readOnly: true,
      reason: 'BadNotWritable',
    });
    expect(dev.get('Stage')).toBe(3);
    expect(dev.get('Locked')).toBe(1);
  });

  it('OU4 a restarted server: link down, then session, subscription and items made anew', async () => {
    const dev = await device();
    const { sink } = connect(dev.endpoint, POINTS);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(2.5), WAIT);

    await dev.restart();
    await vi.waitFor(() => expect(sink.links.some((l) => l.state === 'down')).toBe(true), WAIT);
    dev.set('Level', 4.75);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(4.75);
    }, WAIT);
  });

  it('OU5 a frozen line (no socket closes) is noticed by keep-alive, and heals', async () => {
    const dev = await device();
    const relay = await startRelay(dev.port);
    cleanup.push(() => relay.stop());
    const { sink } = connect(`opc.tcp://127.0.0.1:${relay.port}`, POINTS);
    await vi.waitFor(() => expect(valueOf(sink, 'level')).toBe(2.5), WAIT);

    relay.freeze();
    await vi.waitFor(() => expect(sink.state()).toBe('down'), WAIT);
    expect(sink.links.find((l) => l.state === 'down')?.reason).toMatch(/keep-alive/);
    relay.thaw();
    dev.set('Level', 5.5);
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(5.5);
    }, WAIT);
  });

  it('OU6 SignAndEncrypt: an untrusted server, then an untrusted client, are refused with the reason; trusted both ways it works', async () => {
    const dev = await device({ acceptAnyClient: false });
    const pki = pkiFolder();
    const { sink } = connect(
      dev.endpoint,
      POINTS,
      { securityMode: 'SignAndEncrypt', securityPolicy: 'Basic256Sha256' },
      pki,
    );
    await vi.waitFor(() => {
      expect(lastDownReason(sink)).toContain("the server's certificate is not trusted");
    }, WAIT);
    expect(sink.latest.size).toBe(0);
    // The refused certificate waits in rejected/ for an administrator to move it.
    expect(readdirSync(join(pki, 'rejected')).length).toBeGreaterThan(0);

    const manager = await openCertificateManager(pki);
    await manager.trustCertificate(dev.certificate);
    await manager.dispose();
    await vi.waitFor(() => {
      expect(lastDownReason(sink)).toMatch(
        /the server refused .*trust .*client_certificate\.pem at the server/,
      );
    }, WAIT);
    expect(sink.state()).not.toBe('up');

    await dev.trustClient(readCertificateDer(clientCertificatePath(pki)));
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(2.5);
    }, WAIT);
  });

  it('OU7 trustServerOnFirstUse trusts the first certificate seen (Aes128_Sha256_RsaOaep)', async () => {
    const dev = await device();
    const pki = pkiFolder();
    const { connector, sink } = connect(
      dev.endpoint,
      POINTS,
      {
        securityMode: 'SignAndEncrypt',
        securityPolicy: 'Aes128_Sha256_RsaOaep',
        trustServerOnFirstUse: true,
      },
      pki,
    );
    await vi.waitFor(() => {
      expect(sink.state()).toBe('up');
      expect(valueOf(sink, 'level')).toBe(2.5);
    }, WAIT);
    expect(readdirSync(join(pki, 'tofu'))).toHaveLength(1);
    expect(existsSync(clientCertificatePath(pki))).toBe(true);
    await expect(connector.write('speed', 2.25)).resolves.toEqual({ ok: true });
    expect(dev.get('Speed')).toBe(2.25);
  });

  it('OU8 a user and password come from the environment the connection names', async () => {
    const dev = await device({ users: { pegel: 'Pumpwerk-7' } });
    const connection = opcuaConnectionSchema.parse({
      type: 'opcua',
      endpoint: dev.endpoint,
      securityMode: 'SignAndEncrypt',
      securityPolicy: 'Basic256Sha256',
      credentialsEnv: 'PLANT_WEST',
      trustServerOnFirstUse: true,
    });
    const make = (env: NodeJS.ProcessEnv) => {
      const connector = createOpcuaConnector(connection, POINTS, {
        pkiDir: pkiFolder(),
        backoffCapMs: 300,
        env,
      });
      const sink = recordingSink();
      connector.start(sink);
      cleanup.push(() => connector.stop());
      return sink;
    };
    const missing = make({});
    const wrong = make({ PLANT_WEST_USER: 'pegel', PLANT_WEST_PASSWORD: 'guess' });
    const right = make({ PLANT_WEST_USERNAME: 'pegel', PLANT_WEST_PASSWORD: 'Pumpwerk-7' });
    await vi.waitFor(() => {
      expect(valueOf(right, 'level')).toBe(2.5);
      expect(lastDownReason(missing)).toContain('PLANT_WEST_USER and PLANT_WEST_PASSWORD');
      expect(lastDownReason(wrong)).toMatch(/Bad\w*(Identity|User)/);
    }, WAIT);
    expect(wrong.state()).not.toBe('up');
  });

  it('OU9 the connection config refuses a mode without its policy', () => {
    const base = { type: 'opcua', endpoint: 'opc.tcp://plc:4840' };
    expect(
      opcuaConnectionSchema.safeParse({
        ...base,
        securityMode: 'SignAndEncrypt',
        securityPolicy: 'None',
      }).success,
    ).toBe(false);
    expect(
      opcuaConnectionSchema.safeParse({ ...base, securityMode: 'None', securityPolicy: 'None' })
        .success,
    ).toBe(true);
    expect(opcuaPointSchema.parse({ pointId: 'p', nodeId: 'ns=2;i=5' }).samplingIntervalMs).toBe(
      1000,
    );
  });

  it('OU10 examples/opcua.yaml passes the connection and source schemas, its node ids resolve', () => {
    const file = parse(
      readFileSync(new URL('../../../examples/opcua.yaml', import.meta.url), 'utf8'),
    ) as { stations: Array<{ connection: unknown; pvs: Array<{ source: unknown }> }> };
    for (const station of file.stations) {
      opcuaConnectionSchema.parse(station.connection);
      for (const pv of station.pvs) {
        expect(resolveNodeId(opcuaSourceSchema.parse(pv.source).nodeId).namespace).toBeGreaterThan(
          1,
        );
      }
    }
  });
});
