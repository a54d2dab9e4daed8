/**
 * The live hubs of SPEC §7 wired to a fake Plant, exercised with the official client:
 * subscriptions push current state, changes flow, keys are freed, values are coalesced.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as signalR from '@microsoft/signalr';
import {
  HUBS,
  HUB_METHODS,
  type HubName,
  type ServerStatusMessage,
} from '../../../src/contract/hubs.ts';
import type { PvConfig, PvLimitConfig, PvValue } from '../../../src/contract/pv.ts';
import type { StationConfig } from '../../../src/contract/station.ts';
import { registerHubs, type HubsHandle } from '../../../server/hubs/registerHubs.ts';
import { FakePlant, doubleValue, pvConfig } from '../../support/fakePlant.ts';
import {
  ENDABLE_TOKEN,
  SESSION_COOKIE,
  buildClient,
  cookieAuth,
  endedSessions,
  metricValue,
  startTestServer,
  waitFor,
  type ClientOptions,
  type TestServer,
} from '../../support/hubTestServer.ts';

const AI1 = { type: 'AnaIn', nr: 100001 } as const;
const AI2 = { type: 'AnaIn', nr: 100002 } as const;
const AI3 = { type: 'AnaIn', nr: 100003 } as const;

let server: TestServer;
let plant: FakePlant;
let hubs: HubsHandle;
const clients: signalR.HubConnection[] = [];

beforeAll(async () => {
  plant = new FakePlant();
  plant.setValues([doubleValue(AI1, 1), doubleValue(AI2, 2), doubleValue(AI3, 3)]);
  plant.configs.set('ai100001', pvConfig(AI1, 'Level'));
  const limit: PvLimitConfig = {
    pvLimitRef: { pv: AI1, limitType: 'Top' },
    limit: 9,
    priority: 2,
    delayTime: 10,
    description: 'high',
    message: 'Level high',
    notSet: false,
  };
  plant.limits.set('ai100001', [limit]);
  plant.live.set(1, {
    stationNumber: 1,
    name: 'Waterworks',
    timestamp: 5000,
    lastConnection: 4000,
    dialCounters: { mobileNetworkStandard: 'LTE', dayCounter: 1, monthCounter: 2, yearCounter: 3 },
    dialState: 'Connected',
  });
  plant.stationConfigs.set(1, {
    station: { stationNumber: 1 },
    name: 'Waterworks',
    dialState: 'Connected',
  });
  server = await startTestServer((app, metrics) => {
    hubs = registerHubs(app, { auth: cookieAuth, metrics, now: Date.now }, plant, {
      closeGraceMs: 200,
      sessionCheckIntervalMs: 100,
    });
  });
});

afterEach(async () => {
  for (const c of clients.splice(0)) await c.stop();
});

afterAll(async () => {
  await server?.close();
});

function client(hub: HubName, options: ClientOptions = {}): signalR.HubConnection {
  const c = buildClient(`${server.url}${HUBS[hub]}`, options);
  clients.push(c);
  return c;
}

/** Records every call of the named client methods. */
function recorder(c: signalR.HubConnection, ...targets: string[]) {
  const calls: { target: string; args: unknown[] }[] = [];
  for (const target of targets) c.on(target, (...args: unknown[]) => calls.push({ target, args }));
  return {
    calls,
    of: (target: string) => calls.filter((x) => x.target === target).map((x) => x.args),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const valuesIn = (args: unknown[]) =>
  (args[0] as PvValue[]).map((v) => [v.pvRef.nr, v.doubleValue]);

describe('pv hub', () => {
  it('LH1: subscribing pushes the current values of the new keys in one newValues (SPEC §7)', async () => {
    const c = client('pv');
    const r = recorder(c, 'newValues');
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001', 'ai100002', 'ai999999']);
    await waitFor(() => r.of('newValues').length === 1);
    expect(valuesIn(r.of('newValues')[0]!)).toEqual([
      [100001, 1],
      [100002, 2],
    ]);
    // Subscribing a key again pushes nothing new.
    await c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001']);
    await pause(50);
    expect(r.of('newValues')).toHaveLength(1);
  });

  it('LH2: plant changes reach subscribers of their keys only; unsubscribing stops them', async () => {
    const c = client('pv');
    const r = recorder(c, 'newValues');
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100002']);
    await waitFor(() => r.of('newValues').length === 1);
    plant.setValues([doubleValue(AI1, 11), doubleValue(AI2, 22)]);
    await waitFor(() => r.of('newValues').length === 2);
    expect(valuesIn(r.of('newValues')[1]!)).toEqual([[100002, 22]]);
    await c.invoke(HUB_METHODS.pv.unsubscribeFromPvs, ['ai100002']);
    plant.setValues([doubleValue(AI2, 23)]);
    await pause(80);
    expect(r.of('newValues')).toHaveLength(2);
  });

  it('LH3: changes within one tick arrive as ONE newValues per connection, latest value wins', async () => {
    const a = client('pv');
    const b = client('pv');
    const ra = recorder(a, 'newValues');
    const rb = recorder(b, 'newValues');
    await a.start();
    await b.start();
    await a.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001', 'ai100003']);
    await b.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001']);
    await waitFor(() => ra.of('newValues').length === 1 && rb.of('newValues').length === 1);
    const sent = () =>
      metricValue(server.metricsText(), 'pegel_hub_messages_sent_total', {
        hub: 'pv',
        message: 'newValues',
      });
    const before = await sent();
    plant.setValues([doubleValue(AI1, 100), doubleValue(AI3, 300)]);
    plant.setValues([doubleValue(AI1, 101)]);
    plant.setValues([doubleValue(AI2, 200), doubleValue(AI1, 102)]);
    await waitFor(() => ra.of('newValues').length === 2 && rb.of('newValues').length === 2);
    await pause(80);
    expect(ra.of('newValues')).toHaveLength(2);
    expect(rb.of('newValues')).toHaveLength(2);
    // Keys in the order they first changed in the tick, each with its latest value.
    expect(valuesIn(ra.of('newValues')[1]!)).toEqual([
      [100001, 102],
      [100003, 300],
    ]);
    expect(valuesIn(rb.of('newValues')[1]!)).toEqual([[100001, 102]]);
    expect((await sent()) - before).toBe(2);
  });

  it('LH4: a disconnect frees the keys (metrics show 0 subscribed keys and connections)', async () => {
    const c = client('pv');
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001', 'ai100002', 'di100007']);
    await c.invoke(HUB_METHODS.pv.subscribeToConfigs, ['ai100001']);
    const text = () => server.metricsText();
    expect(await metricValue(text(), 'pegel_hub_subscribed_keys', { hub: 'pv' })).toBe(4);
    expect(await metricValue(text(), 'pegel_hub_connections', { hub: 'pv' })).toBe(1);
    expect(hubs.subscribedKeyCount('pv')).toBe(4);
    await c.stop();
    await waitFor(() => hubs.connectionCount('pv') === 0);
    expect(await metricValue(text(), 'pegel_hub_subscribed_keys', { hub: 'pv' })).toBe(0);
    expect(await metricValue(text(), 'pegel_hub_connections', { hub: 'pv' })).toBe(0);
    expect(await metricValue(text(), 'pegel_hub_frames_sent_total', { hub: 'pv' })).toBeGreaterThan(
      0,
    );
  });

  it('LH5: bad arguments give a clear error completion and the connection stays up', async () => {
    const c = client('pv');
    await c.start();
    const sub = HUB_METHODS.pv.subscribeToPvs;
    await expect(c.invoke(sub, 'ai100001')).rejects.toThrow('expects an array of PV keys');
    await expect(c.invoke(sub, [1])).rejects.toThrow('key 0 (number) is not a valid PV key');
    await expect(c.invoke(sub, ['ai100001', 'bogus key'])).rejects.toThrow(
      "key 1 ('bogus key') is not a valid PV key",
    );
    await expect(c.invoke(sub, ['zz12'])).rejects.toThrow('not a valid PV key');
    await expect(c.invoke(sub)).rejects.toThrow('expects 1 argument, got 0');
    await expect(c.invoke(sub, ['ai1'], ['ai2'])).rejects.toThrow('expects 1 argument, got 2');
    const tooMany = Array.from({ length: 1025 }, (_, i) => `ai${i}`);
    await expect(c.invoke(sub, tooMany)).rejects.toThrow('at most 1024 keys');
    // A full batch of 1024 is fine.
    await c.invoke(sub, tooMany.slice(0, 1024));
    expect(c.state).toBe(signalR.HubConnectionState.Connected);
  });

  it('LH6: configs and limit configs are pushed on subscribe and on change', async () => {
    const c = client('pv');
    const r = recorder(c, 'newConfig', 'newLimitConfig');
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToConfigs, ['ai100001', 'ai100002']);
    await c.invoke(HUB_METHODS.pv.subscribeToLimitConfigs, ['ai100001']);
    await waitFor(() => r.of('newConfig').length === 1 && r.of('newLimitConfig').length === 1);
    expect((r.of('newConfig')[0]![0] as PvConfig).name).toBe('Level');
    expect((r.of('newLimitConfig')[0]![0] as PvLimitConfig).pvLimitRef.limitType).toBe('Top');
    plant.emit('config', pvConfig(AI2, 'Flow'));
    plant.emit('config', pvConfig(AI3, 'Not subscribed'));
    await waitFor(() => r.of('newConfig').length === 2);
    expect((r.of('newConfig')[1]![0] as PvConfig).name).toBe('Flow');
    await pause(50);
    expect(r.of('newConfig')).toHaveLength(2);
  });

  it('LH7: maintenance configs, acks, plans and lines are one publish call away', async () => {
    const c = client('pv');
    const targets = ['newMaintenanceConfig', 'newAck', 'newPlanInfo', 'newLineInfo'];
    const r = recorder(c, ...targets);
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToMaintenanceConfigs, ['ai100001']);
    await c.invoke(HUB_METHODS.pv.subscribeToAcks, ['ai100001']);
    await c.invoke(HUB_METHODS.pv.subscribeToPlans, ['st1p2']);
    await c.invoke(HUB_METHODS.pv.subscribeToLines, ['st1l3']);
    hubs.pv.publishMaintenanceConfig({
      pvMaintenanceRef: { pvRef: AI1, serviceMessageType: 'Top' },
      delayTime: 0,
    });
    hubs.pv.publishAck(AI1, { acknowledged: true });
    hubs.pv.publishAck(AI2, { acknowledged: true });
    hubs.pv.publishPlanInfo('st1p2', {
      station: { stationNumber: 1 },
      planNumber: 2,
      active: true,
    });
    hubs.pv.publishLineInfo('st1l3', { station: { stationNumber: 1 }, lineNumber: 3, busy: false });
    await waitFor(() => targets.every((t) => r.of(t).length === 1));
    expect(r.of('newPlanInfo')[0]).toEqual([
      { station: { stationNumber: 1 }, planNumber: 2, active: true },
    ]);
  });
});

describe('station hub', () => {
  it('LH8: subscribing pushes timestamps, dial counters, configs and dial states; changes follow', async () => {
    const c = client('station');
    const targets = ['newTimestamp', 'newDialCounter', 'newConfig', 'newDialState'];
    const r = recorder(c, ...targets);
    await c.start();
    const m = HUB_METHODS.station;
    await c.invoke(m.subscribeToTimestamps, ['st1', 'st2']);
    await c.invoke(m.subscribeToDialCounters, ['st1']);
    await c.invoke(m.subscribeToConfigs, ['st1']);
    await c.invoke(m.subscribeToDialStates, ['st1']);
    await waitFor(() => targets.every((t) => r.of(t).length === 1));
    expect(r.of('newTimestamp')[0]).toEqual([{ stationNumber: 1, timestamp: 5000 }]);
    expect(r.of('newDialCounter')[0]).toEqual([
      {
        stationNumber: 1,
        lastConnection: 4000,
        dialCounters: {
          mobileNetworkStandard: 'LTE',
          dayCounter: 1,
          monthCounter: 2,
          yearCounter: 3,
        },
      },
    ]);
    expect((r.of('newConfig')[0]![0] as StationConfig).name).toBe('Waterworks');
    expect(r.of('newDialState')[0]).toEqual([{ stationNumber: 1, dialState: 'Connected' }]);

    const live = { ...plant.live.get(1)!, timestamp: 6000, dialState: 'HangingUp' as const };
    plant.emit('station', live, 'timestamp');
    plant.emit('station', live, 'dialState');
    plant.emit('stationConfig', {
      station: { stationNumber: 1 },
      name: 'Renamed',
      dialState: 'HangingUp',
    });
    await waitFor(() =>
      ['newTimestamp', 'newDialState', 'newConfig'].every((t) => r.of(t).length === 2),
    );
    expect(r.of('newTimestamp')[1]).toEqual([{ stationNumber: 1, timestamp: 6000 }]);
    expect(r.of('newDialState')[1]).toEqual([{ stationNumber: 1, dialState: 'HangingUp' }]);
    await expect(c.invoke(m.subscribeToTimestamps, ['station1'])).rejects.toThrow(
      "'station1') is not a valid station key",
    );
  });
});

describe('server-status hub', () => {
  it('LH9: status on connect, on change and on request; server info messages reach everyone', async () => {
    const c = client('serverStatus');
    const r = recorder(c, 'serverStatusChanged', 'sendServerInfoMessage');
    await c.start();
    await waitFor(() => r.of('serverStatusChanged').length === 1);
    expect(r.of('serverStatusChanged')[0]).toEqual([{ status: 'Connected', since: 1000 }]);
    expect(await c.invoke<ServerStatusMessage>(HUB_METHODS.serverStatus.getStatus)).toEqual({
      status: 'Connected',
      since: 1000,
    });
    plant.status = { status: 'ControlUnitDisconnected', since: 2000 };
    plant.emit('serverStatus', 'ControlUnitDisconnected', 2000);
    hubs.serverStatus.sendServerInfoMessage('Maintenance at 22:00');
    await waitFor(() => r.of('serverStatusChanged').length === 2);
    await waitFor(() => r.of('sendServerInfoMessage').length === 1);
    expect(r.of('serverStatusChanged')[1]).toEqual([
      { status: 'ControlUnitDisconnected', since: 2000 },
    ]);
    expect(r.of('sendServerInfoMessage')[0]).toEqual(['Maintenance at 22:00']);
    plant.status = { status: 'Connected', since: 1000 };
  });
});

describe('session end', () => {
  it('LH14: when the session ends, status says Unauthorized and connections close for good (SPEC §4)', async () => {
    const cookie = `${SESSION_COOKIE}=${ENDABLE_TOKEN}`;
    const status = client('serverStatus', { cookie, reconnectDelaysMs: [0, 10] });
    const values = client('pv', { cookie, reconnectDelaysMs: [0, 10] });
    const r = recorder(status, 'serverStatusChanged');
    const statusClosed = new Promise<Error | undefined>((resolve) => status.onclose(resolve));
    const valuesClosed = new Promise<Error | undefined>((resolve) => values.onclose(resolve));
    let reconnecting = false;
    values.onreconnecting(() => (reconnecting = true));
    await status.start();
    await values.start();
    await values.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100001']);
    await pause(250);
    expect(status.state).toBe(signalR.HubConnectionState.Connected);
    endedSessions.add(ENDABLE_TOKEN);
    try {
      expect(String(await statusClosed)).toContain('Unauthorized: the session has ended.');
      expect(String(await valuesClosed)).toContain('Unauthorized');
      expect(r.of('serverStatusChanged').at(-1)![0]).toMatchObject({ status: 'Unauthorized' });
      expect(reconnecting).toBe(false);
      await waitFor(() => hubs.subscribedKeyCount('pv') === 0);
    } finally {
      endedSessions.delete(ENDABLE_TOKEN);
    }
  });
});

describe('every hub', () => {
  const NO_ARGS = new Set<string>([
    `serverStatus.${HUB_METHODS.serverStatus.getStatus}`,
    ...['alert'].flatMap((hub) =>
      [
        HUB_METHODS.alert.fetchAllPendingAlerts,
        HUB_METHODS.alert.subscribeToAllAlerts,
        HUB_METHODS.alert.unsubscribeFromAllAlerts,
        HUB_METHODS.alert.subscribeToAcks,
        HUB_METHODS.alert.unsubscribeFromAcks,
        HUB_METHODS.alert.subscribeToPendingAlerts,
        HUB_METHODS.alert.unsubscribeFromPendingAlerts,
      ].map((m) => `${hub}.${m}`),
    ),
  ]);

  it('LH10: every method of HUB_METHODS is registered and accepts its arguments (SPEC §7)', async () => {
    for (const [hub, methods] of Object.entries(HUB_METHODS) as [
      HubName,
      Record<string, string>,
    ][]) {
      const c = client(hub);
      await c.start();
      const key = hub === 'station' ? 'st1' : 'ai100001';
      for (const method of Object.values(methods)) {
        const args = NO_ARGS.has(`${hub}.${method}`) ? [] : [[key]];
        await expect(c.invoke(method, ...args), `${hub}.${method}`).resolves.not.toThrow();
      }
      await c.stop();
    }
    expect(hubs.subscribedKeyCount('alert')).toBe(0);
  });

  it('LH11: publish functions of the later features reach their subscribers only', async () => {
    const alerts = client('alert');
    const bystander = client('alert');
    const ra = recorder(
      alerts,
      'newAlert',
      'ackAlert',
      'ackAlerts',
      'deletedAlerts',
      'newPendingAlerts',
      'newAlertState',
    );
    const rb = recorder(bystander, 'newAlert');
    await alerts.start();
    await bystander.start();
    const m = HUB_METHODS.alert;
    await alerts.invoke(m.subscribeToAllAlerts);
    await alerts.invoke(m.subscribeToAcks);
    await alerts.invoke(m.subscribeToPendingAlerts);
    await alerts.invoke(m.subscribeToAlertState, ['StationConnection-1']);
    expect(await alerts.invoke(m.fetchAllPendingAlerts)).toEqual([]);
    await expect(alerts.invoke(m.subscribeToAllAlerts, ['x'])).rejects.toThrow(
      'expects 0 arguments',
    );
    hubs.alert.publishNewAlert({ id: 1, text: 'Level high' });
    hubs.alert.publishAckAlert({ id: 1 });
    hubs.alert.publishAckAlerts([{ id: 1 }, { id: 2 }]);
    hubs.alert.publishDeletedAlerts([{ id: 2 }]);
    hubs.alert.publishPendingAlerts(7, [{ id: 1 }]);
    hubs.alert.publishAlertState('StationConnection-1', { pending: true });
    await waitFor(() => ra.calls.length === 6);
    expect(ra.of('newPendingAlerts')[0]).toEqual([7, [{ id: 1 }]]);
    await pause(50);
    expect(rb.calls).toHaveLength(0);

    const others: [HubName, string, string, () => void][] = [
      [
        'dashboard',
        HUB_METHODS.dashboard.subscribeToNotes,
        'noteUpdate',
        () => hubs.dashboard.publishNoteUpdate('n1', { id: 1 }),
      ],
      [
        'visuTextMessage',
        HUB_METHODS.visuTextMessage.subscribe,
        'newMessage',
        () => hubs.visuTextMessage.publishTextMessage('n1', { id: 3 }),
      ],
      [
        'pipeLeakage',
        HUB_METHODS.pipeLeakage.subscribeToConfigs,
        'newConfig',
        () => hubs.pipeLeakage.publishConfig('n1', { pipeLeakageId: 1 }),
      ],
      [
        'reportData',
        HUB_METHODS.reportData.subscribe,
        'newValues',
        () => hubs.reportData.publishReportData('n1', { value: 1 }),
      ],
      [
        'energyOpt',
        HUB_METHODS.energyOpt.subscribe,
        'newValue',
        () => hubs.energyOpt.publishEnergyValues('n1', { wirkleistung: 5 }),
      ],
    ];
    for (const [hub, subscribe, target, publish] of others) {
      const c = client(hub);
      const r = recorder(c, target);
      await c.start();
      await c.invoke(subscribe, ['n1']);
      publish();
      await waitFor(() => r.calls.length === 1, undefined, `${hub} ${target}`);
    }
  });
});

describe('restart', () => {
  it('LH12: closeAll with allowReconnect: the client reconnects with a new id and re-subscribes', async () => {
    const c = client('pv', { reconnectDelaysMs: [0, 100, 500] });
    const r = recorder(c, 'newValues');
    await c.start();
    await c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100003']);
    await waitFor(() => r.of('newValues').length === 1);
    const firstId = c.connectionId;
    c.onreconnected(() => {
      void c.invoke(HUB_METHODS.pv.subscribeToPvs, ['ai100003']);
    });
    const reconnected = new Promise<string | undefined>((resolve) => c.onreconnected(resolve));
    await hubs.closeAll({ allowReconnect: true });
    const newId = await reconnected;
    expect(newId).not.toBe(firstId);
    await waitFor(() => r.of('newValues').length === 2);
    plant.setValues([doubleValue(AI3, 33)]);
    await waitFor(() => r.of('newValues').length === 3);
    expect(valuesIn(r.of('newValues')[2]!)).toEqual([[100003, 33]]);
  });

  it('LH13: closing the hubs stops listening to the plant and ends every connection', async () => {
    const ownPlant = new FakePlant();
    let own: HubsHandle | null = null;
    const other = await startTestServer((app, metrics) => {
      own = registerHubs(app, { auth: cookieAuth, metrics, now: Date.now }, ownPlant);
    });
    expect(ownPlant.listenerCount('values')).toBe(1);
    const c = buildClient(`${other.url}${HUBS.pv}`);
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    await other.close();
    expect(await closed).toBeUndefined();
    expect(ownPlant.listenerCount('values')).toBe(0);
    expect(own!.connectionCount()).toBe(0);
  });
});
