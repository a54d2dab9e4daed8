/**
 * The alarm lifecycle across a restart (README "Alarms across a restart", rule AL3 of
 * server/hubs/SPEC.md): the real server in this process on a real SQLite file, closed and
 * built again on the same data folder, during standing alarms (limits, failure inputs, station
 * connections; acknowledged and not; one value Bad at the start), during an alarm flood and
 * during a leak. After each restart the current list (what FetchAllPendingAlerts answers) and
 * its counts are the list before less what cleared: same ids, same acknowledgements, nothing
 * raised again, one active alarm per PV and limit, and what cleared cleared at the restart.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_API, type Alert } from '../../src/contract/alerts.ts';
import { LEAKAGE_API } from '../../src/contract/leakage.ts';
import { PV_ACTION_API } from '../../src/contract/actions.ts';
import type { PvLimitConfig, PvRef, PvValue } from '../../src/contract/pv.ts';
import type { StationLiveData } from '../../src/contract/station.ts';
import type { PlantServer } from '../../server/app.ts';
import { doubleValue, FakePlant, pvConfig } from '../support/fakePlant.ts';
import { startInProcess, type InProcessServer } from '../support/inProcessServer.ts';
import { signInHttp } from '../support/login.ts';
import { waitFor } from '../support/hubTestServer.ts';
import { openDatabase } from '../../server/store/db.ts';
import { AlertArchive } from '../../server/alerts/AlertArchive.ts';

const LEVEL: PvRef = { type: 'AnaIn', nr: 100001 };
const PRESSURE: PvRef = { type: 'AnaIn', nr: 100002 };
const FLOW: PvRef = { type: 'AnaIn', nr: 100003 };
const PUMP1: PvRef = { type: 'DigiIn', nr: 100004 };
const PUMP2: PvRef = { type: 'DigiIn', nr: 100005 };

let running: InProcessServer | null = null;
let dataDir: string | null = null;
afterEach(async () => {
  await running?.dispose();
  running = null;
  dataDir = null;
});

/** Starts the server (again) on the test's data folder; `[from, to]` is the start's span. */
async function start(
  env: Record<string, string> = {},
  plant?: FakePlant,
): Promise<{ server: PlantServer; url: string; from: number; to: number }> {
  const from = Date.now();
  running = await startInProcess(env, {
    ...(dataDir ? { dataDir } : {}),
    ...(plant ? { build: { plant } } : {}),
  });
  dataDir = running.dataDir;
  return { server: running.server, url: running.url, from, to: Date.now() };
}

async function stop(): Promise<void> {
  await running?.stop();
  running = null;
}

interface Snapshot {
  /** The current list by id (unacknowledged or still active), as FetchAllPendingAlerts answers. */
  current: Map<number, Alert>;
  /** The header's counts (workers/alerts/alertRows.ts alertCounts). */
  counts: { pending: number; active: number };
}

function snapshot(server: PlantServer): Snapshot {
  const list = server.alerts.pendingByGroup().flatMap((g) => g.alerts);
  return {
    current: new Map(list.map((a) => [a.id, a])),
    counts: {
      pending: list.filter((a) => a.state === 'pending').length,
      active: list.filter((a) => !a.cleared).length,
    },
  };
}

/** What an alert's condition is as the operator sees it: its PV and text, or its binding. */
const conditionOf = (a: Alert) =>
  a.pvRef ? `${a.pvRef.type}:${a.pvRef.nr}|${a.text}` : JSON.stringify(a.source);

/**
 * The list after a restart is the list before less what cleared: every alert still there with
 * the same acknowledgement, those cleared by the restart cleared within it, those both
 * acknowledged and cleared gone, nothing new, and one active alarm per condition.
 */
function expectContinued(
  before: Snapshot,
  after: Snapshot,
  server: PlantServer,
  restart: { from: number; to: number },
): { cleared: number[] } {
  const cleared: number[] = [];
  for (const [id, was] of before.current) {
    const now = server.alerts.archive.get(id)!;
    expect(now, `alert ${id}`).toBeDefined();
    expect(now.state, `alert ${id}`).toBe(was.state);
    expect(now.acknowledgedBy, `alert ${id}`).toBe(was.acknowledgedBy);
    expect(now.acknowledgedAt, `alert ${id}`).toBe(was.acknowledgedAt);
    if (!was.cleared && now.cleared) {
      cleared.push(id);
      expect(now.clearedAt, `alert ${id}`).toBeGreaterThanOrEqual(restart.from);
      expect(now.clearedAt, `alert ${id}`).toBeLessThanOrEqual(restart.to);
    }
    if (was.cleared) expect(now.clearedAt).toBe(was.clearedAt);
    const stays = now.state === 'pending' || !now.cleared;
    expect(after.current.has(id), `alert ${id} in the current list`).toBe(stays);
  }
  for (const id of after.current.keys())
    expect(before.current.has(id), `alert ${id} raised by the restart`).toBe(true);
  const active = [...after.current.values()].filter((a) => !a.cleared).map(conditionOf);
  expect(new Set(active).size, 'one active alarm per condition').toBe(active.length);
  expect(after.counts.pending).toBe(before.counts.pending);
  expect(after.counts.active).toBe(before.counts.active - cleared.length);
  return { cleared };
}

function limit(pv: PvRef, limitType: 'Top' | 'Bottom', value: number, message: string) {
  return {
    pvLimitRef: { pv, limitType },
    limit: value,
    priority: limitType === 'Top' ? 1 : 2,
    delayTime: 0,
    description: message,
    message,
    notSet: false,
  } satisfies PvLimitConfig;
}

function failure(ref: PvRef, failed: boolean, quality: PvValue['quality'] = 'Good'): PvValue {
  return {
    pvRef: ref,
    typeOfValue: 'FailureStateValue',
    failureStateValue: failed,
    quality,
    timestamp: Date.now(),
  };
}

function live(stationNumber: number, dialState: StationLiveData['dialState']): StationLiveData {
  return {
    stationNumber,
    name: `Pumpwerk ${stationNumber}`,
    timestamp: null,
    lastConnection: null,
    dialCounters: null,
    dialState,
  };
}

/** The plant as a new process finds it: configured, with values and dial states as given. */
function plantWith(state: {
  level: number;
  pressure: number;
  flow: PvValue;
  pump1: boolean;
  pump2: boolean;
  station1: StationLiveData['dialState'];
  station2: StationLiveData['dialState'];
}): FakePlant {
  const plant = new FakePlant();
  // Stations of its own: the remote alarming seeds its plans per station once.
  plant.stations = () =>
    [1, 2].map((id) => ({
      id,
      name: `Pumpwerk ${id}`,
      kind: 'pumpingStation',
      hasGeoLocation: false,
      location: null,
      processImage: null,
      dialUp: true,
    }));
  for (const [ref, name] of [
    [LEVEL, 'Füllstand'],
    [PRESSURE, 'Druck Druckleitung'],
    [FLOW, 'Durchfluss'],
  ] as const)
    plant.configs.set(`ai${ref.nr}`, pvConfig(ref, name));
  for (const [ref, message] of [
    [PUMP1, 'Pumpe 1 gestört'],
    [PUMP2, 'Pumpe 2 gestört'],
  ] as const)
    plant.configs.set(`di${ref.nr}`, {
      ...pvConfig(ref, message),
      alertInputConfig: { description: message, message, priority: 3 },
    });
  plant.limits.set('ai100001', [
    limit(LEVEL, 'Top', 8, 'Füllstand zu hoch'),
    limit(LEVEL, 'Bottom', 2, 'Füllstand zu niedrig'),
  ]);
  plant.limits.set('ai100002', [limit(PRESSURE, 'Top', 6, 'Druck Druckleitung zu hoch')]);
  plant.limits.set('ai100003', [limit(FLOW, 'Top', 5, 'Durchfluss zu hoch')]);
  for (const v of [
    doubleValue(LEVEL, state.level, Date.now()),
    doubleValue(PRESSURE, state.pressure, Date.now()),
    state.flow,
    failure(PUMP1, state.pump1),
    failure(PUMP2, state.pump2),
  ])
    plant.values.set(`${v.pvRef.type === 'AnaIn' ? 'ai' : 'di'}${v.pvRef.nr}`, v);
  plant.live.set(1, live(1, state.station1));
  plant.live.set(2, live(2, state.station2));
  return plant;
}

/** The plant's values and dial states arrive as a simulator tick would bring them. */
function tick(plant: FakePlant): void {
  plant.setValues([...plant.values.values()]);
  for (const l of plant.live.values()) plant.emit('station', l, 'dialState');
}

async function ack(url: string, ids: number[]): Promise<void> {
  const api = await signInHttp(url, 'operator');
  const res = await api.fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids }) });
  expect(res.status).toBe(200);
}

describe('the alarm lifecycle across a restart', () => {
  it('AR-R1: standing alarms (limits, failure inputs, station connections; acknowledged and not) go on with their ids and acknowledgements; what no longer holds clears at the restart; a Bad value keeps its alarm', async () => {
    const standing = {
      level: 9,
      pressure: 7,
      flow: doubleValue(FLOW, 6, Date.now()),
      pump1: true,
      pump2: true,
      station1: 'TimeOut',
      station2: 'ConnectionError',
    } as const;
    let plant = plantWith(standing);
    const first = await start({}, plant);
    const url = first.url;
    let server = first.server;
    tick(plant);
    const texts = () => [...snapshot(server).current.values()].map((a) => a.text).sort();
    expect(texts()).toEqual([
      'Druck Druckleitung zu hoch',
      'Durchfluss zu hoch',
      'Füllstand zu hoch',
      'Pumpe 1 gestört',
      'Pumpe 2 gestört',
      'Pumpwerk 1: Verbindungsstörung (TimeOut)',
      'Pumpwerk 2: Verbindungsstörung (ConnectionError)',
    ]);
    const idOf = (text: string) =>
      [...snapshot(server).current.values()].find((a) => a.text.startsWith(text))!.id;
    await ack(url, [
      idOf('Füllstand zu hoch'),
      idOf('Pumpe 1'),
      idOf('Pumpe 2'),
      idOf('Pumpwerk 1'),
    ]);
    const ids = { pump2: idOf('Pumpe 2'), station2: idOf('Pumpwerk 2'), flow: idOf('Durchfluss') };
    const before = snapshot(server);
    expect(before.counts).toEqual({ pending: 3, active: 7 });

    // A plain restart with the plant as it was: the same list, the same counts, twice over
    // (the counts went 6 -> 10 -> 14).
    for (let i = 0; i < 2; i++) {
      await stop();
      plant = plantWith(standing);
      const again = await start({}, plant);
      server = again.server;
      tick(plant);
      const same = snapshot(server);
      expect(expectContinued(before, same, server, again).cleared).toEqual([]);
      expect(same.counts).toEqual({ pending: 3, active: 7 });
    }

    // A restart after pump 2 came back, station 2 connected and the flow meter went Bad.
    await stop();
    plant = plantWith({
      ...standing,
      flow: { ...doubleValue(FLOW, 0, Date.now()), quality: 'Bad' },
      pump2: false,
      station2: 'Connected',
    });
    const restart = await start({}, plant);
    server = restart.server;
    const after = snapshot(server);
    const { cleared } = expectContinued(before, after, server, restart);
    expect(cleared.sort()).toEqual([ids.pump2, ids.station2].sort());
    // Pump 2 was acknowledged and has returned: it leaves the list; station 2 waits for its
    // acknowledgement, returned. The flow alarm stays: a Bad value cannot say it returned.
    expect(after.counts).toEqual({ pending: 3, active: 5 });
    expect(after.current.size).toBe(before.current.size - 1);
    expect(after.current.get(ids.flow)?.cleared).toBe(false);
    console.info(
      `AR-R1 standing: before ${before.current.size} current (${JSON.stringify(before.counts)}), ` +
        `after ${after.current.size} (${JSON.stringify(after.counts)}), cleared ${cleared.length}`,
    );

    // The plant goes on: nothing is raised again; the continued alarms clear as theirs return.
    tick(plant);
    expect(snapshot(server).counts).toEqual({ pending: 3, active: 5 });
    plant.setValues([doubleValue(LEVEL, 5, Date.now()), doubleValue(FLOW, 3, Date.now())]);
    const settled = snapshot(server);
    expect(settled.counts).toEqual({ pending: 3, active: 3 });
    expect(server.alerts.archive.count()).toBe(7);
  });

  it('AR-R2: after a flood cut off by the restart, each alarm of a limit not crossed now clears at the restart, and one per PV and limit goes on', async () => {
    const flood = await start({
      PEGEL_ALERT_FLOOD_PER_SEC: '400',
      PEGEL_ALERT_FLOOD_CLEAR_MS: '600000',
    });
    await waitFor(() => flood.server.alerts.archive.active().length >= 300, 30_000, 'a flood');
    await ack(
      flood.url,
      [...snapshot(flood.server).current.keys()].filter((id) => id % 3 === 0),
    );
    await stop();
    const before = leftBehind();
    const standing = [...before.current.values()].filter((a) => !a.cleared).map(conditionOf);
    expect(new Set(standing).size, 'the flood raised limits several times over').toBeLessThan(
      standing.length,
    );

    // Started again without the flood (it was the disturbance that tripped the plant).
    const restart = await start();
    const after = snapshot(restart.server);
    const { cleared } = expectContinued(before, after, restart.server, restart);
    expect(cleared.length).toBeGreaterThan(0);
    // What goes on is of a limit crossed now (or not within its hysteresis band back).
    const plant = restart.server.plant;
    for (const a of after.current.values()) {
      if (a.cleared || !a.pvRef) continue;
      const v = plant.valueByKey(`${a.pvRef.type === 'AnaIn' ? 'ai' : 'di'}${a.pvRef.nr}`);
      const l = plant.limitConfigs(a.pvRef).find((c) => (c.message || c.description) === a.text);
      if (!l || v?.doubleValue === undefined || v.quality === 'Bad') continue;
      const domain = plant.config(a.pvRef)?.domainConfig;
      const band = 0.01 * (domain ? domain.max - domain.min : Math.max(Math.abs(l.limit), 1));
      const upper = l.pvLimitRef.limitType === 'Top' || l.pvLimitRef.limitType === 'TopMiddle';
      expect(upper ? v.doubleValue > l.limit - band : v.doubleValue < l.limit + band).toBe(true);
    }
    console.info(
      `AR-R2 flood: before ${before.current.size} current (${JSON.stringify(before.counts)}), ` +
        `after ${after.current.size} (${JSON.stringify(after.counts)}), cleared ${cleared.length}`,
    );
  });

  it('AR-R3: a leak alarm clears at the restart when its zone is dry again, acknowledged or not, while a limit the operator set stays crossed and goes on; a new leak raises a new one', async () => {
    const first = await start({ PEGEL_LEAK_DETECTION_MS: '0' });
    // A standing alarm of an operator's setting: a bottom limit at the top of the range, kept
    // in the database and put back on the plant by the next start before it reconciles.
    const plant = first.server.plant;
    const ref = plant
      .pvRefs()
      .find(
        (r) =>
          r.type === 'AnaIn' &&
          plant.config(r)?.domainConfig &&
          plant.limitConfigs(r).some((l) => l.pvLimitRef.limitType === 'Bottom'),
      )!;
    const limits = [...plant.limitConfigs(ref)];
    const operator = await signInHttp(first.url, 'operator');
    const set = await operator.fetch(PV_ACTION_API.setAnaInLimits, {
      method: 'POST',
      body: JSON.stringify({
        oldValues: limits,
        newValues: limits.map((l) =>
          l.pvLimitRef.limitType === 'Bottom'
            ? { ...l, limit: plant.config(ref)!.domainConfig!.max, delayTime: 0, notSet: false }
            : { ...l, notSet: true },
        ),
      }),
    });
    expect(((await set.json()) as { status: string }).status).toBe('Success');
    const limitAlarm = (server: PlantServer) =>
      server.alerts.archive
        .active()
        .map((a) => a.alert)
        .find((a) => a.pvRef?.type === ref.type && a.pvRef.nr === ref.nr);
    await waitFor(() => !!limitAlarm(first.server), undefined, 'the limit alarm');
    const admin = await signInHttp(first.url, 'admin');
    const leak = (id: number, flow: number) =>
      admin.fetch(LEAKAGE_API.simulateLeak, {
        method: 'POST',
        body: JSON.stringify({ pipeLeakageId: id, flow }),
      });
    const leakAlarm = (server: PlantServer, id: number) =>
      server.alerts.archive
        .active()
        .map((a) => a.alert)
        .find((a) => a.source?.type === 'PipeLeakage' && a.source.id === id);
    expect((await leak(1, 40)).status).toBe(200);
    expect((await leak(2, 40)).status).toBe(200);
    await waitFor(() => {
      first.server.simulation!.step(1000);
      return !!leakAlarm(first.server, 1) && !!leakAlarm(first.server, 2);
    });
    await ack(first.url, [leakAlarm(first.server, 2)!.id]);
    const before = snapshot(first.server);
    await stop();

    const restart = await start({ PEGEL_LEAK_DETECTION_MS: '0' });
    const after = snapshot(restart.server);
    const { cleared } = expectContinued(before, after, restart.server, restart);
    const gone = [...before.current.values()].filter((a) => a.source?.type === 'PipeLeakage');
    expect(cleared.sort()).toEqual(gone.map((a) => a.id).sort());
    expect(leakAlarm(restart.server, 1)).toBeUndefined();
    expect(after.current.get(limitAlarm(restart.server)!.id)?.cleared).toBe(false);
    // Zone 2's alarm was acknowledged and has cleared: nothing of it is pending or listed.
    expect(restart.server.alerts.alertState('PipeLeakage:2')).toBeUndefined();
    expect([...after.current.values()].some((a) => a.id === gone[1]?.id)).toBe(
      gone[1]?.state === 'pending',
    );
    console.info(
      `AR-R3 leak: before ${before.current.size} current (${JSON.stringify(before.counts)}), ` +
        `after ${after.current.size} (${JSON.stringify(after.counts)}), cleared ${cleared.length}`,
    );

    // A leak after the restart is a new alarm.
    const again = await signInHttp(restart.url, 'admin');
    await again.fetch(LEAKAGE_API.simulateLeak, {
      method: 'POST',
      body: JSON.stringify({ pipeLeakageId: 1, flow: 40 }),
    });
    await waitFor(() => {
      restart.server.simulation!.step(1000);
      return !!leakAlarm(restart.server, 1);
    });
    expect(gone.map((a) => a.id)).not.toContain(leakAlarm(restart.server, 1)!.id);
  });
});

/** The current list as the server left it in its data folder (read after it closed). */
function leftBehind(): Snapshot {
  const db = openDatabase(dataDir!);
  try {
    const list = new AlertArchive(db).current();
    return {
      current: new Map(list.map((a) => [a.id, a])),
      counts: {
        pending: list.filter((a) => a.state === 'pending').length,
        active: list.filter((a) => !a.cleared).length,
      },
    };
  } finally {
    db.close();
  }
}
