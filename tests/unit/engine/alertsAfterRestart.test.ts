/**
 * The engine's current list after the server restarted (workers/SPEC.md AL3, README "Alarms
 * across a restart"): the list, the header's counts and the station alarm states become what
 * FetchAllPendingAlerts answers on the new connection; alarms it no longer lists are dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { AlertsMessage } from '../../../workers/engineProtocol.ts';
import { createHarness, lastItem, type TabRecorder } from '../../support/engine/engineHarness.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';

const A = HUB_METHODS.alert;

function lastAlerts(tab: TabRecorder): AlertsMessage | undefined {
  return tab.messages.filter((m): m is AlertsMessage => m.type === 'alerts').at(-1);
}

const acked = { state: 'acknowledged', acknowledgedBy: 'op', acknowledgedAt: 5 } as const;

describe('the current list after a server restart', () => {
  it('AL3: after a reconnect the list, the counts and the station alarm states are what the server lists; alarms it no longer lists are dropped', async () => {
    const h = createHarness();
    const hub = h.hubs.hub('alert');
    let listed: Alert[] = [
      makeAlert(1, { stationNumber: 1, priority: 2 }),
      makeAlert(2, { stationNumber: 1, priority: 1, ...acked }),
      makeAlert(3, { stationNumber: 2, priority: 1 }),
      makeAlert(4, { stationNumber: 2, priority: 4, ...acked }),
    ];
    hub.answers.set(A.fetchAllPendingAlerts, () => [
      { pvGroupId: 1, alerts: listed.filter((a) => a.stationNumber === 1) },
      { pvGroupId: 2, alerts: listed.filter((a) => a.stationNumber === 2) },
    ]);
    const a = await h.tab('a');
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertCounts('a', true);
    await h.engine.lease('a', 'stationAlarm', ['1', '2']);
    await h.timers.advance(300);
    const rows = () =>
      lastAlerts(a)!
        .views[0]![1].rows.map((r) => r.id)
        .sort();
    expect(rows()).toEqual([1, 2, 3, 4]);
    expect(lastAlerts(a)!.counts).toMatchObject({ pending: 2, active: 4 });
    expect(lastItem(a, 'stationAlarm', '1')).toMatchObject({ unacknowledged: 1, active: 2 });

    // The server restarts while the tab is open: 2 (acknowledged) returned at its start and
    // is no longer listed, 3 returned and waits for its acknowledgement. No message said so.
    hub.drop();
    await h.timers.advance(10);
    listed = [listed[0]!, { ...listed[2]!, cleared: true, clearedAt: 9 }, listed[3]!];
    hub.restore();
    await h.timers.advance(300);
    expect(rows()).toEqual([1, 3, 4]);
    expect(lastAlerts(a)!.counts).toMatchObject({ pending: 2, active: 2 });
    expect(lastItem(a, 'stationAlarm', '1')).toMatchObject({
      priority: 2,
      unacknowledged: 1,
      active: 1,
    });
    expect(lastItem(a, 'stationAlarm', '2')).toMatchObject({ unacknowledged: 1, active: 1 });

    // A second restart after which the server lists nothing of station 1.
    hub.drop();
    await h.timers.advance(10);
    listed = listed.filter((x) => x.stationNumber === 2);
    hub.restore();
    await h.timers.advance(300);
    expect(rows()).toEqual([3, 4]);
    expect(lastAlerts(a)!.counts).toMatchObject({ pending: 1, active: 1 });
    expect(lastItem(a, 'stationAlarm', '1')).toBeNull();
  });

  it('AL3: after a reconnect a binding state the server no longer has pending is dropped; one still pending stays, one pushed anew is taken', async () => {
    const h = createHarness();
    const hub = h.hubs.hub('alert');
    const leak = { type: 'PipeLeakage', id: 1 } as const;
    const line = { type: 'StationConnection', stationNumber: 2 } as const;
    const link = { type: 'AlertLink', id: 3 } as const;
    let listed: Alert[] = [
      makeAlert(1, { stationNumber: 1, pvRef: null, source: leak }),
      makeAlert(2, { stationNumber: 2, pvRef: null, source: line }),
      makeAlert(3, { stationNumber: 3, pvRef: null, source: link }),
    ];
    hub.answers.set(A.fetchAllPendingAlerts, () => [{ pvGroupId: 1, alerts: listed }]);
    const a = await h.tab('a');
    await h.engine.setAlertCounts('a', true);
    const keys = ['PipeLeakage:1', 'StationConnection:2', 'AlertLink:3'];
    await h.engine.lease('a', 'alertState', keys);
    await h.timers.advance(300);
    for (const binding of [leak, line, link])
      hub.emit(HUB_MESSAGES.newAlertState, { binding, pendingCount: 1, highestPriority: 1 });
    await h.timers.advance(100);
    for (const key of keys)
      expect(lastItem(a, 'alertState', key)).toMatchObject({ pendingCount: 1 });

    // While the tab was away the leak alarm was acknowledged and the link's deleted; the
    // connection's is still pending. On its subscribe the server pushes only the link's anew.
    hub.drop();
    await h.timers.advance(10);
    listed = [{ ...listed[0]!, ...acked, cleared: true, clearedAt: 9 }, listed[1]!];
    hub.answers.set(A.subscribeToAlertState, () => {
      hub.emit(HUB_MESSAGES.newAlertState, { binding: link, pendingCount: 2, highestPriority: 0 });
      return null;
    });
    hub.restore();
    await h.timers.advance(300);
    expect(lastItem(a, 'alertState', 'PipeLeakage:1')).toBeNull();
    expect(lastItem(a, 'alertState', 'StationConnection:2')).toMatchObject({ pendingCount: 1 });
    expect(lastItem(a, 'alertState', 'AlertLink:3')).toMatchObject({ pendingCount: 2 });
  });
});
