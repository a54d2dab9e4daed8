import { describe, expect, it } from 'vitest';
import { applyAlertHubMessage, isAlert } from '../../../workers/alerts/alertMessages.ts';
import { AlertStore } from '../../../workers/alerts/alertStore.ts';
import { makeAlert, T0 } from './alertFixtures.ts';

describe('SPEC §7 alert hub messages into the alert store', () => {
  it('AM1: a valid alert passes the check; wrong field types do not', () => {
    expect(isAlert(makeAlert(1))).toBe(true);
    expect(isAlert(JSON.parse(JSON.stringify(makeAlert(1))))).toBe(true);
    expect(isAlert({ ...makeAlert(1), id: '1' })).toBe(false);
    expect(isAlert({ ...makeAlert(1), state: 'open' })).toBe(false);
    expect(isAlert({ ...makeAlert(1), pvRef: { type: 'AnaIn' } })).toBe(false);
    expect(isAlert(null)).toBe(false);
  });

  it('AM2: newAlert, ackAlert, ackAlerts, deletedAlerts, newPendingAlerts change the store', () => {
    const store = new AlertStore();
    expect(applyAlertHubMessage(store, 'newAlert', makeAlert(1))).toBe(1);
    expect(applyAlertHubMessage(store, 'NEWALERT', makeAlert(2))).toBe(1);
    expect(
      applyAlertHubMessage(store, 'newPendingAlerts', {
        pvGroupId: 4,
        alerts: [makeAlert(3), { broken: true }, makeAlert(4)],
      }),
    ).toBe(2);
    expect(store.size).toBe(4);
    expect(
      applyAlertHubMessage(store, 'ackAlert', { id: 1, acknowledgedBy: 'op', acknowledgedAt: T0 }),
    ).toBe(1);
    expect(store.get(1)?.state).toBe('acknowledged');
    expect(
      applyAlertHubMessage(store, 'ackAlerts', [
        { id: 2, acknowledgedBy: 'op', acknowledgedAt: T0 },
        { id: 3 },
      ]),
    ).toBe(1);
    expect(store.get(3)?.state).toBe('pending');
    expect(applyAlertHubMessage(store, 'deletedAlerts', [{ id: 1 }, { id: 'x' }, { id: 9 }])).toBe(
      1,
    );
    expect(store.size).toBe(3);
  });

  it('AM2: unknown messages and malformed payloads change nothing', () => {
    const store = new AlertStore();
    store.upsert(makeAlert(1));
    const v = store.version;
    expect(applyAlertHubMessage(store, 'newValue', makeAlert(2))).toBe(0);
    expect(applyAlertHubMessage(store, 'newAlert', { id: 2 })).toBe(0);
    expect(applyAlertHubMessage(store, 'ackAlerts', 'nope')).toBe(0);
    expect(applyAlertHubMessage(store, 'deletedAlerts', null)).toBe(0);
    expect(applyAlertHubMessage(store, 'newPendingAlerts', { alerts: 'x' })).toBe(0);
    expect(store.version).toBe(v);
    expect(store.size).toBe(1);
  });
});
