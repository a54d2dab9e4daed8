/**
 * The server-stall bench's own reads (bench/harness/serverStall.ts): it finds the stations and
 * PVs of its windows' first archive reads without reading the whole PV list (100,000 PVs in
 * load mode, a stall of the server's own inside the measurement), and finds the same PVs the
 * whole list names: the first 4 AnaIn of each station.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../../src/contract/paths.ts';
import type { PvListEntry } from '../../../src/contract/plant.ts';
import type { PvRef } from '../../../src/contract/pv.ts';
import { archiveStations } from '../../../bench/harness/serverStall.ts';
import { loadEnv } from '../../../bench/harness/context.ts';
import { signInHttp, type SignedIn } from '../../support/login.ts';
import { startPlantServer, type PlantServerHandle } from '../../support/plantServer.ts';

/** The first 4 AnaIn PVs of each station, in the whole list's order (what the bench needs). */
async function fromWholeList(session: SignedIn): Promise<PvRef[][]> {
  const list = (await (await session.fetch(API.pv.all)).json()) as PvListEntry[];
  const byStation = new Map<number, PvRef[]>();
  for (const pv of list) {
    if (pv.pvRef.type !== 'AnaIn') continue;
    const pvs = byStation.get(pv.stationNumber) ?? [];
    if (pvs.length < 4) pvs.push(pv.pvRef);
    byStation.set(pv.stationNumber, pvs);
  }
  return [...byStation.values()];
}

/** The session, with every path it asked recorded. */
function recorded(session: SignedIn): { session: SignedIn; asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    session: { ...session, fetch: (path, init) => (asked.push(path), session.fetch(path, init)) },
  };
}

describe('server-stall bench reads', () => {
  const servers: PlantServerHandle[] = [];
  let load: SignedIn;
  let plant: SignedIn;

  beforeAll(async () => {
    const [a, b] = await Promise.all([
      startPlantServer({ env: loadEnv({ stations: 12, pvsPerStation: 6, updatesPerSec: 10 }) }),
      startPlantServer(),
    ]);
    servers.push(a, b);
    [load, plant] = await Promise.all([signInHttp(a.url, 'admin'), signInHttp(b.url, 'admin')]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.dispose()));
  });

  it('BSS1: the windows’ stations and PVs come without the whole PV list, the same as the list names', async () => {
    for (const session of [load, plant]) {
      const { session: watched, asked } = recorded(session);
      const stations = await archiveStations(watched, 10);
      expect(asked).not.toContain(API.pv.all);
      const whole = (await fromWholeList(session)).slice(0, 10);
      expect(stations.length).toBeGreaterThan(0);
      expect(stations).toEqual(whole);
    }
  }, 60_000);
});
