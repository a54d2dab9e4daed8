/** Keyed live topics (workers/topics/) — rules IT1-IT5 and PA1-PA4 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import type { AlertStateMessage } from '../../../src/contract/alerts.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { PvLimitConfig } from '../../../src/contract/pv.ts';
import { ITEM_KINDS } from '../../../workers/topics/itemTopics.ts';
import { ITEM_KIND_NAMES, isItemKind } from '../../../workers/topics/topicNames.ts';
import { createHarness, lastItem } from '../../support/engine/engineHarness.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

const A = HUB_METHODS.alert;
const P = HUB_METHODS.pv;

const stationState = (nr: number, pendingCount: number): AlertStateMessage => ({
  binding: { type: 'StationConnection', stationNumber: nr },
  pendingCount,
  highestPriority: pendingCount ? 1 : null,
});

function limit(nr: number, limitType: PvLimitConfig['pvLimitRef']['limitType'], value: number) {
  return {
    pvLimitRef: { pv: { type: 'AnaIn', nr }, limitType },
    limit: value,
    priority: 2,
    delayTime: 10,
    description: '',
    message: 'zu hoch',
    notSet: false,
  } satisfies PvLimitConfig;
}

describe('keyed live topics', () => {
  it("IT0: the names a tab knows are exactly the engine's item topics, in their order", () => {
    expect(ITEM_KIND_NAMES).toEqual(ITEM_KINDS);
    for (const kind of ITEM_KINDS) expect(isItemKind(kind)).toBe(true);
    expect(isItemKind('pvValue')).toBe(false);
    expect(isItemKind('toString')).toBe(false);
  });

  it('IT1: a key leased by two tabs is subscribed once; a pushed item reaches only the tabs leasing it', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    await h.engine.lease('a', 'alertState', ['StationConnection:1']);
    await h.engine.lease('b', 'alertState', ['StationConnection:1', 'StationConnection:2']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('alert');
    expect(hub.starts).toBe(1);
    expect(hub.keysSent(A.subscribeToAlertState).sort()).toEqual([
      'StationConnection:1',
      'StationConnection:2',
    ]);
    hub.emit(HUB_MESSAGES.newAlertState, stationState(1, 2));
    hub.emit(HUB_MESSAGES.newAlertState, stationState(2, 1));
    hub.emit(HUB_MESSAGES.newAlertState, { binding: { type: 'Nope' }, pendingCount: 1 }); // ignored
    await h.timers.advance(50);
    expect(lastItem(a, 'alertState', 'StationConnection:1')).toMatchObject({ pendingCount: 2 });
    expect(lastItem(a, 'alertState', 'StationConnection:2')).toBeUndefined();
    expect(lastItem(b, 'alertState', 'StationConnection:2')).toMatchObject({ pendingCount: 1 });
  });

  it('IT2: the last release unsubscribes, forgets the item and closes the channel after its grace', async () => {
    const h = createHarness({ channelCloseGraceMs: 5_000 });
    await h.tab('a');
    await h.engine.lease('a', 'alertState', ['StationConnection:1']);
    await h.timers.advance(100);
    const hub = h.hubs.hub('alert');
    hub.emit(HUB_MESSAGES.newAlertState, stationState(1, 1));
    await h.engine.release('a', 'alertState', ['StationConnection:1']);
    await h.timers.advance(10);
    expect(hub.keysSent(A.unsubscribeFromAlertState)).toEqual(['StationConnection:1']);
    // A late push for the released key is not kept.
    hub.emit(HUB_MESSAGES.newAlertState, stationState(1, 3));
    const c = await h.tab('c');
    await h.engine.lease('c', 'alertState', ['StationConnection:1']);
    await h.timers.advance(50);
    expect(lastItem(c, 'alertState', 'StationConnection:1')).toBeUndefined();
  });

  it('IT3: limit configs pushed one limit type at a time are merged per PV', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'limitConfig', ['ai100001']);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToLimitConfigs)).toEqual(['ai100001']);
    hub.emit(HUB_MESSAGES.newLimitConfig, limit(100001, 'Top', 8));
    hub.emit(HUB_MESSAGES.newLimitConfig, limit(100001, 'Bottom', 1));
    await h.timers.advance(50);
    const set = lastItem(a, 'limitConfig', 'ai100001') as Record<string, PvLimitConfig>;
    expect(Object.keys(set).sort()).toEqual(['Bottom', 'Top']);
    expect(set.Top!.limit).toBe(8);
  });

  it('IT4: after a reconnect every leased key of the topic is subscribed again', async () => {
    const h = createHarness();
    const a = await h.leasing('a', 'limitConfig', ['ai100001', 'ai100002']);
    const hub = h.hubs.hub('pv');
    await h.reconnect(hub);
    expect(hub.keysSent(P.subscribeToLimitConfigs).sort()).toEqual(['ai100001', 'ai100002']);
    hub.emit(HUB_MESSAGES.newLimitConfig, limit(100002, 'Top', 9));
    await h.timers.advance(50);
    expect(lastItem(a, 'limitConfig', 'ai100002')).toBeDefined();
  });

  it('IT5: a tab that leases a key another tab holds gets its item in its next frame', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'alertState', ['StationConnection:4']);
    await h.timers.advance(100);
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlertState, stationState(4, 1));
    const b = await h.tab('b');
    await h.engine.lease('b', 'alertState', ['StationConnection:4']);
    await h.timers.advance(50);
    expect(lastItem(b, 'alertState', 'StationConnection:4')).toMatchObject({ pendingCount: 1 });
  });
});

describe('PV alarm state derived from the current alerts', () => {
  async function setup() {
    const h = createHarness();
    const hub = h.pendingAlerts([
      makeAlert(1, { pvRef: { type: 'AnaIn', nr: 100001 }, priority: 3, text: 'zu tief' }),
      makeAlert(2, { pvRef: { type: 'AnaIn', nr: 100001 }, priority: 1, text: 'zu hoch' }),
    ]);
    const a = await h.tab('a');
    return { h, hub, a };
  }

  it('PA1: a leased PV gets the most important of its current alerts; a PV without one gets null', async () => {
    const { h, hub, a } = await setup();
    await h.engine.lease('a', 'pvAlarm', ['ai100001', 'ai100002']);
    await h.timers.advance(200);
    expect(hub.calls(A.subscribeToAllAlerts)).toHaveLength(1);
    expect(lastItem(a, 'pvAlarm', 'ai100001')).toMatchObject({
      phase: 'unacknowledged',
      priority: 1,
      count: 2,
      text: 'zu hoch',
    });
    expect(lastItem(a, 'pvAlarm', 'ai100002')).toBeNull();
  });

  it('PA2: acknowledging keeps an active alarm, as acknowledged; clearing it after the ack ends it', async () => {
    const { h, hub, a } = await setup();
    await h.engine.lease('a', 'pvAlarm', ['ai100001']);
    await h.timers.advance(200);
    hub.emit(HUB_MESSAGES.ackAlerts, [
      { id: 1, acknowledgedBy: 'op', acknowledgedAt: 5 },
      { id: 2, acknowledgedBy: 'op', acknowledgedAt: 5 },
    ]);
    await h.timers.advance(100);
    expect(lastItem(a, 'pvAlarm', 'ai100001')).toMatchObject({ phase: 'acknowledged' });
    hub.emit(HUB_MESSAGES.deletedAlerts, [{ id: 1 }, { id: 2 }]);
    await h.timers.advance(100);
    expect(lastItem(a, 'pvAlarm', 'ai100001')).toBeNull();
  });

  it('PA3: a new alert on a PV in no alarm turns it into an unacknowledged alarm', async () => {
    const { h, hub, a } = await setup();
    await h.engine.lease('a', 'pvAlarm', ['ai100007']);
    await h.timers.advance(200);
    expect(lastItem(a, 'pvAlarm', 'ai100007')).toBeNull();
    hub.emit(
      HUB_MESSAGES.newAlert,
      makeAlert(9, { pvRef: { type: 'AnaIn', nr: 100007 }, priority: 0, text: 'Druck zu hoch' }),
    );
    await h.timers.advance(100);
    expect(lastItem(a, 'pvAlarm', 'ai100007')).toMatchObject({
      phase: 'unacknowledged',
      priority: 0,
    });
  });

  it('PA4: the last PV alarm lease lets go of the current list and its channel', async () => {
    const { h, hub } = await setup();
    await h.engine.lease('a', 'pvAlarm', ['ai100001']);
    await h.timers.advance(200);
    await h.engine.release('a', 'pvAlarm', ['ai100001']);
    await h.timers.advance(10_000);
    expect(hub.stops).toBe(1);
  });
});

describe('station alarm state derived from the current alerts', () => {
  it('SA2: a leased station gets its counts; a new alarm and an acknowledgement reach it; a station in no alarm gets null', async () => {
    const h = createHarness();
    const hub = h.pendingAlerts([
      makeAlert(1, { stationNumber: 1, priority: 3 }),
      makeAlert(2, { stationNumber: 1, priority: 1 }),
    ]);
    const a = await h.tab('a');
    await h.engine.lease('a', 'stationAlarm', ['1', '2']);
    await h.timers.advance(200);
    expect(hub.calls(A.subscribeToAllAlerts)).toHaveLength(1);
    expect(lastItem(a, 'stationAlarm', '1')).toEqual({
      priority: 1,
      phase: 'unacknowledged',
      highestActive: 1,
      unacknowledged: 2,
      active: 2,
    });
    expect(lastItem(a, 'stationAlarm', '2')).toBeNull();
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(9, { stationNumber: 2, priority: 0 }));
    hub.emit(HUB_MESSAGES.ackAlerts, [{ id: 2, acknowledgedBy: 'op', acknowledgedAt: 5 }]);
    await h.timers.advance(100);
    expect(lastItem(a, 'stationAlarm', '2')).toMatchObject({ highestActive: 0, active: 1 });
    expect(lastItem(a, 'stationAlarm', '1')).toMatchObject({ unacknowledged: 1, active: 2 });
    await h.engine.release('a', 'stationAlarm', ['1', '2']);
    await h.timers.advance(10_000);
    expect(hub.stops).toBe(1);
  });
});
