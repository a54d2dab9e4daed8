/**
 * On a field plant the rest of the product says what it has and no more (issue 56): the
 * header's plant name and the time zone come from the plant file; the leakage zones belong to
 * the simulated network, so the client gets an empty list (not a 404); remote alarming starts
 * without made-up plans or numbers; the energy page lists only the stations the plant file
 * declares. The server runs on examples/mqtt.yaml (no broker needed for this).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemSettings } from '../../../src/contract/auth.ts';
import { API } from '../../../src/contract/paths.ts';
import { ENERGY_API, type EnergyStation } from '../../../src/contract/energy.ts';
import { LEAKAGE_API } from '../../../src/contract/leakage.ts';
import {
  REMOTE_ALERT_API,
  type AlarmCallNumbersResult,
  type AlarmPlan,
} from '../../../src/contract/remoteAlert.ts';
import { startFieldServer, type FieldServer } from '../../support/fieldServer.ts';
import { signInHttp, type SignedIn } from '../../support/login.ts';

let server: FieldServer;
let op: SignedIn;

// A port nothing listens on: the station stays unconnected, which these tests do not mind.
const example = readFileSync('examples/mqtt.yaml', 'utf8').replace(
  'mqtt://127.0.0.1:1883',
  'mqtt://127.0.0.1:9',
);

beforeAll(async () => {
  server = await startFieldServer(example);
  op = await signInHttp(server.url, 'admin');
}, 60_000);

afterAll(async () => {
  await server?.dispose();
});

async function json<T>(path: string): Promise<T> {
  const res = await op.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('a field plant on examples/mqtt.yaml', () => {
  it('FA1 the plant name and time zone are the plant file’s; the simulated plant’s operator and contacts are not shown', async () => {
    const settings = await json<SystemSettings>(API.system.settings);
    expect(settings).toMatchObject({
      plantName: 'Wasserverband Nord',
      timeZone: 'Europe/Berlin',
      operator: '',
      address: '',
      supportEmail: '',
      supportPhone: '',
    });
    expect(JSON.stringify(settings)).not.toMatch(/Talaue/);
  });

  it('FA2 the leakage sections are an empty list, not a 404', async () => {
    expect(await json<unknown[]>(LEAKAGE_API.sections)).toEqual([]);
  });

  it('FA3 remote alarming starts empty: no plans, no call numbers', async () => {
    expect(await json<AlarmPlan[]>(REMOTE_ALERT_API.plans)).toEqual([]);
    const numbers = await json<AlarmCallNumbersResult>(REMOTE_ALERT_API.numbers);
    expect(numbers.alarmCallnumbers).toEqual([]);
    // The station is there to be chosen for numbers users create.
    expect(numbers.pvGroups.map((g) => g.stationNumber)).toEqual([41]);
  });

  it('FA4 energy lists nothing when the plant file declares no metering', async () => {
    expect(await json<EnergyStation[]>(ENERGY_API.stations)).toEqual([]);
  });
});

describe('a field plant that declares energy metering', () => {
  let declared: FieldServer;
  beforeAll(async () => {
    declared = await startFieldServer(`
stations:
  - number: 12
    name: Pumpwerk Ost
    energy: { installedKw: 90, power: power, energy: kwh, volume: m3 }
    connection: { type: simulated }
    pvs:
      - { id: power, kind: AnaIn, name: Leistung, unit: kW, source: { value: 40 } }
      - { id: kwh, kind: Counter, name: Energie, unit: kWh, source: { value: 100 } }
      - { id: m3, kind: Counter, name: Volumen, unit: m³, source: { value: 300 } }
  - number: 13
    name: Leistungsaufnahme ohne Erklärung
    connection: { type: simulated }
    pvs:
      - { id: p, kind: AnaIn, name: Leistungsaufnahme, unit: kW, source: { value: 10 } }
`);
  }, 60_000);
  afterAll(async () => {
    await declared?.dispose();
  });

  it('FA5 energy lists exactly the declared station, with its setpoint; a PV merely named like a power PV is not matched', async () => {
    const admin = await signInHttp(declared.url, 'admin');
    const res = await admin.fetch(ENERGY_API.stations);
    expect(await res.json()).toEqual([
      { stationNumber: 12, name: 'Pumpwerk Ost', installedKw: 90, sollleistung: 55 },
    ]);
  });
});
