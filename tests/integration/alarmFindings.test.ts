/**
 * What the real server's first week holds for a shift lead on /alerts/performance (issue 46):
 * a flood after a mains failure, a chattering pressure switch and a standing alarm that every
 * screen shows alike — the archive, the live current list (FetchAllPendingAlerts), the PV's
 * live state and, after a restart, still once. Rules HI9-HI11 (HI1-HI8: the unit tests).
 */
import type * as signalR from '@microsoft/signalr';
import { buildClient } from '../support/hubTestServer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_API, type Alert, type AlertListResult } from '../../src/contract/alerts.ts';
import { CHART_API, type ChartData } from '../../src/contract/charts.ts';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvValue } from '../../src/contract/pv.ts';
import { PRESSURE_SWITCH_NAME } from '../../server/plant/incidents.ts';
import { SIMULATION_API } from '../../server/system/simulationRoutes.ts';
import {
  busiestAlignedWindow,
  chattering,
  floodOpener,
  standing,
} from '../support/alarmFindings.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const OFF = {
  PEGEL_HISTORY_FLOOD_ALARMS: '0',
  PEGEL_HISTORY_CHATTER_BURSTS: '0',
  PEGEL_HISTORY_STANDING_HOURS: '0',
};

let withFindings: PlantServerHandle;
let without: PlantServerHandle;
const connections: signalR.HubConnection[] = [];

beforeAll(async () => {
  [withFindings, without] = await Promise.all([
    startPlantServer({ env: { PEGEL_HISTORY_DAYS: '7', PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0' } }),
    startPlantServer({
      env: { PEGEL_HISTORY_DAYS: '7', PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0', ...OFF },
    }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const c of connections.splice(0)) await c.stop();
  await Promise.all([withFindings?.dispose(), without?.dispose()]);
});

async function archive(who: SignedIn): Promise<Alert[]> {
  const start = new Date(Date.now() - 10 * DAY).toISOString();
  const end = new Date(Date.now() + MINUTE).toISOString();
  const res = await who.fetch(
    `${ALERT_API.list}?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&limit=50000`,
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as AlertListResult;
  expect(body.remainingCount).toBe(0);
  return body.alerts.reverse();
}

async function hub(server: PlantServerHandle, who: SignedIn, path: string) {
  const connection = buildClient(server.url + path, { cookie: who.cookie });
  const values: PvValue[] = [];
  connection.on('newValues', (list: PvValue[]) => values.push(...list));
  await connection.start();
  connections.push(connection);
  return { connection, values };
}

/** The live current list of the alert hub, flattened over its station groups. */
async function pendingNow(server: PlantServerHandle, who: SignedIn): Promise<Alert[]> {
  const { connection } = await hub(server, who, HUBS.alert);
  const groups = await connection.invoke<{ pvGroupId: number; alerts: Alert[] }[]>(
    HUB_METHODS.alert.fetchAllPendingAlerts,
  );
  await connection.stop();
  return groups.flatMap((g) => g.alerts);
}

/** The PV's live value as the pv hub pushes it on subscribe. */
async function liveValue(
  server: PlantServerHandle,
  who: SignedIn,
  ref: NonNullable<Alert['pvRef']>,
): Promise<PvValue> {
  const { connection, values } = await hub(server, who, HUBS.pv);
  await connection.invoke(HUB_METHODS.pv.subscribeToPvs, [pvKey(ref)]);
  await expect.poll(() => values.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await connection.stop();
  return values.at(-1)!;
}

describe('the first week holds something to find (issue 46)', () => {
  it('HI9: the archive holds a flood starting with the mains failure, a chattering pressure switch and a standing alarm that the live list and the PV show alike, also after a restart', async () => {
    let operator = await signInHttp(withFindings.url, 'operator');
    const list = await archive(operator);
    const flood = floodOpener(list);
    expect(flood).not.toBeNull();
    expect(flood!.first.text).toBe('Wasserwerk Talaue: Netzausfall');
    expect(flood!.first.priority).toBeLessThanOrEqual(2);
    expect(busiestAlignedWindow(list)).toBeGreaterThan(10);
    const chatter = chattering(list);
    expect(chatter.map((c) => c.text)).toEqual([
      `Druckerhöhungsstation Nord: ${PRESSURE_SWITCH_NAME}`,
    ]);
    expect(chatter[0]!.bursts).toBeGreaterThanOrEqual(3);
    expect(chatter[0]!.fleeting).toBeGreaterThanOrEqual(9);
    const stand = standing(list, Date.now());
    expect(stand.map((a) => a.text)).toEqual(['Kläranlage Talaue: Zulaufpumpe 3 Störung']);
    const standingAlert = stand[0]!;
    // One truth: the live current list holds it (acknowledged, still active), and the PV is failed.
    const pending = await pendingNow(withFindings, operator);
    expect(pending.filter((a) => a.text === standingAlert.text)).toEqual([
      expect.objectContaining({ id: standingAlert.id, state: 'acknowledged', cleared: false }),
    ]);
    const value = await liveValue(withFindings, operator, standingAlert.pvRef!);
    expect(value).toMatchObject({ typeOfValue: 'FailureStateValue', failureStateValue: true });
    // The control unit away and back: every value comes again (Bad, then Good), the failure
    // too, and it is the same alarm, not a second one.
    const admin = await signInHttp(withFindings.url, 'admin');
    for (const status of ['ControlUnitDisconnected', 'Connected']) {
      const res = await admin.fetch(SIMULATION_API.serverStatus, {
        method: 'POST',
        body: JSON.stringify({ status }),
      });
      expect(res.status).toBe(200);
      await expect
        .poll(async () => (await liveValue(withFindings, operator, standingAlert.pvRef!)).quality, {
          timeout: 15_000,
        })
        .toBe(status === 'Connected' ? 'Good' : 'Bad');
    }
    const afterOutage = await pendingNow(withFindings, operator);
    expect(afterOutage.filter((a) => a.text === standingAlert.text).map((a) => a.id)).toEqual([
      standingAlert.id,
    ]);
    // A restart takes the alert over again instead of raising the same failure twice.
    await withFindings.stop();
    await withFindings.restart();
    operator = await signInHttp(withFindings.url, 'operator');
    const again = await pendingNow(withFindings, operator);
    expect(again.filter((a) => a.text === standingAlert.text).map((a) => a.id)).toEqual([
      standingAlert.id,
    ]);
  }, 120_000);

  it("HI10: the waterworks' archived flow is zero and its mains-failure input set while the mains are away", async () => {
    const operator = await signInHttp(withFindings.url, 'operator');
    const list = await archive(operator);
    // The mains failure that opens the flood; its flickers, and the drop that lasts.
    const opener = floodOpener(list)!.first;
    const mains = list.filter(
      (a) =>
        a.text === opener.text &&
        a.timestamp >= opener.timestamp &&
        a.timestamp < opener.timestamp + 20 * MINUTE,
    );
    const outage = mains.reduce((a, b) =>
      b.clearedAt! - b.timestamp > a.clearedAt! - a.timestamp ? b : a,
    );
    const flowRef = { type: 'AnaIn', nr: 200002 } as const;
    const series = [
      { seriesId: 'flow', pv: flowRef, pvSubtype: 'Aktuell' },
      { seriesId: 'mains', pv: mains[0]!.pvRef!, pvSubtype: 'Aktuell' },
    ];
    const q = new URLSearchParams({
      startDate: String(outage.timestamp - 60 * MINUTE),
      endDate: String(outage.clearedAt! + 30 * MINUTE),
    });
    const res = await operator.fetch(`${CHART_API.dataAuto}?${q}`, {
      method: 'POST',
      body: JSON.stringify({ series }),
    });
    expect(res.status).toBe(200);
    const [flow, input] = (await res.json()) as ChartData[];
    const at = (d: ChartData, from: number, to: number) =>
      d.points.t
        .map((t, i) => ({ t: t as number, v: d.points.v[i] as number | null }))
        .filter((p) => p.t > from && p.t < to);
    const during = at(flow!, outage.timestamp, outage.clearedAt!);
    expect(during.length).toBeGreaterThan(2);
    expect(during.every((p) => p.v === 0)).toBe(true);
    expect(at(input!, outage.timestamp, outage.clearedAt!).every((p) => p.v === 1)).toBe(true);
    const before = at(flow!, outage.timestamp - 60 * MINUTE, outage.timestamp - 10 * MINUTE);
    expect(before.some((p) => (p.v ?? 0) > 0)).toBe(true);
  }, 120_000);

  it('HI11: with the findings off the same week has no flood, no chattering and no standing alarm, and the pump runs', async () => {
    const operator = await signInHttp(without.url, 'operator');
    const list = await archive(operator);
    expect(list.length).toBeGreaterThan(300);
    expect(floodOpener(list)).toBeNull();
    expect(chattering(list)).toEqual([]);
    expect(standing(list, Date.now())).toEqual([]);
    expect(await pendingNow(without, operator)).toEqual([]);
    const value = await liveValue(without, operator, { type: 'DigiIn', nr: 900006 });
    expect(value).toMatchObject({ failureStateValue: false });
  }, 120_000);
});
