import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type PlantServer } from '../../server/app.ts';
import type { SessionUser } from '../../server/auth/service.ts';
import { readConfig } from '../../server/config.ts';
import type { Right } from '../../src/contract/auth.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvListEntry, StationOverview } from '../../src/contract/plant.ts';
import type { PvConfig, PvNode } from '../../src/contract/pv.ts';
import type { StationCallAction } from '../../src/contract/enums.ts';
import type { StationCallResult } from '../../src/contract/station.ts';

/** Test sessions: the header x-test-user names one of these users. */
const USERS: Record<string, SessionUser> = {};
function addUser(name: string, rights: Right[], stations: number[] | null): void {
  USERS[name] = {
    userId: Object.keys(USERS).length + 1,
    username: name,
    role: 'operator',
    rights: new Set(rights),
    stations: stations === null ? null : new Set(stations),
    sessionId: `session-${name}`,
  };
}
addUser('admin', ['admin'], null);
addUser('dialer4', ['dialStations'], [4]);
addUser('viewer', [], null);

let server: PlantServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pegel-plant-'));
  server = await buildServer(
    readConfig({ PEGEL_DATA_DIR: dataDir, PEGEL_DIST_DIR: join(dataDir, 'dist'), PEGEL_SEED: '3' }),
    {
      manualPlant: true,
      auth: {
        userOf: (request) => {
          const name = request.headers['x-test-user'];
          return typeof name === 'string' ? (USERS[name] ?? null) : null;
        },
      },
    },
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { user?: string; body?: unknown } = {},
) {
  const res = await server.app.inject({
    method,
    url,
    headers: options.user ? { 'x-test-user': options.user } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** POST /api/station/call as `user` with `action` for the stations numbered. */
const stationCall = (user: string, action: StationCallAction, numbers: number[]) =>
  call('POST', API.station.call, {
    user,
    body: { action, stations: numbers.map((stationNumber) => ({ stationNumber })) },
  });

describe('SPEC §7 plant routes', () => {
  it('PR1: every plant route answers 401 in the one error shape without a session', async () => {
    for (const [method, url] of [
      ['GET', API.pv.all],
      ['GET', API.pv.nodes],
      ['POST', API.pv.configs],
      ['GET', API.station.all],
      ['POST', API.station.call],
    ] as const) {
      const res = await call(method, url, { body: method === 'POST' ? [] : undefined });
      expect(res.status, url).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('PR2: GET /api/Pv/all lists every PV with name and station; nodes group them by station', async () => {
    const all = await call('GET', API.pv.all, { user: 'viewer' });
    expect(all.status).toBe(200);
    const list = all.body as PvListEntry[];
    expect(list.length).toBe(server.simulation!.pvRefs().length);
    expect(list[0]).toMatchObject({ pvRef: { type: 'AnaIn', nr: 100001 }, stationNumber: 1 });
    const nodes = (await call('GET', API.pv.nodes, { user: 'viewer' })).body as PvNode[];
    expect(nodes.map((n) => n.stationNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(nodes.reduce((n, node) => n + node.pvs.length, 0)).toBe(list.length);
  });

  it('PR3: POST /api/Pv/configs answers the configs it knows and leaves out missing refs', async () => {
    const res = await call('POST', API.pv.configs, {
      user: 'viewer',
      body: [
        { type: 'AnaIn', nr: 100001 },
        { type: 'AnaIn', nr: 9900001 },
        { type: 'ZaehlWert', nr: 7001 },
      ],
    });
    expect(res.status).toBe(200);
    const configs = res.body as PvConfig[];
    expect(configs.map((c) => c.pvRef)).toEqual([
      { type: 'AnaIn', nr: 100001 },
      { type: 'ZaehlWert', nr: 7001 },
    ]);
    expect(configs[0]!.stationName).toBe('Rohwasserpumpwerk Talaue');
  });

  it('PR4: bad bodies answer 400 with the offending field', async () => {
    const bad: [string, unknown][] = [
      [API.pv.configs, { type: 'AnaIn', nr: 1 }],
      [API.pv.configs, [{ type: 'Analog', nr: 1 }]],
      [API.pv.configs, [{ type: 'AnaIn', nr: -1 }]],
      [API.pv.configs, [{ type: 'AnaIn', nr: 1.5 }]],
      [API.pv.configs, Array.from({ length: 5001 }, (_v, nr) => ({ type: 'AnaIn', nr }))],
      [API.station.call, { action: 'Dial', stations: [{ stationNumber: 4 }] }],
      [API.station.call, { action: 'Connect', stations: [] }],
      [API.station.call, { action: 'Connect', stations: [{ stationNumber: '4' }] }],
      [API.station.call, { action: 'Connect' }],
    ];
    for (const [url, body] of bad) {
      const res = await call('POST', url, { user: 'admin', body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'validation' } });
    }
  });

  it('PR5: GET /api/station/GetAllStations gives stations with their live state', async () => {
    const res = await call('GET', API.station.all, { user: 'viewer' });
    const stations = res.body as StationOverview[];
    expect(stations).toHaveLength(12);
    const s4 = stations.find((s) => s.id === 4)!;
    expect(s4).toMatchObject({
      stationNumber: 4,
      name: 'Hochbehälter Sonnenhang',
      dialUp: true,
      hasGeoLocation: true,
      processImage: 'hochbehaelter-sonnenhang',
      dialState: 'NotConnected',
    });
    expect(s4.dialCounters!.mobileNetworkStandard).toBe('LTE');
    expect(stations.find((s) => s.id === 1)!.dialState).toBe('Connected');
  });

  it('PR6: POST /api/station/call lists missing, not callable and unauthorized stations', async () => {
    const mixed = await stationCall('admin', 'Connect', [4, 1, 77]);
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({
      status: 'Failed',
      missing: [{ stationNumber: 77 }],
      notCallable: [{ stationNumber: 1 }],
      unauthorized: [],
    });
    const limited = (await stationCall('dialer4', 'Status', [4, 6])).body as StationCallResult;
    expect(limited.status).toBe('Unauthorized');
    expect(limited.unauthorized).toEqual([{ stationNumber: 6 }]);
    const viewer = (await stationCall('viewer', 'Connect', [4])).body as StationCallResult;
    expect(viewer.unauthorized).toEqual([{ stationNumber: 4 }]);
    const ok = (await stationCall('dialer4', 'Disconnect', [4])).body as StationCallResult;
    expect(ok).toEqual({
      status: 'Success',
      missing: [],
      notCallable: [],
      unauthorized: [],
      errorMessage: null,
    });
  });

  it('PR7: /metrics reports the plant size and the simulator updates', async () => {
    server.simulation!.step(3_000);
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(new RegExp(`pegel_plant_pvs ${server.simulation!.pvRefs().length}\\n`));
    expect(text).toMatch(/pegel_simulator_updates_total [1-9]\d*/);
    expect(text).toContain('# TYPE pegel_simulator_updates_per_second gauge');
  });
});
