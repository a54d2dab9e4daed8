/**
 * The live server writes its event texts as a key and parameters beside the German text, so
 * each reader sees them in their language (rule ET4; the rendering: unit ET1-ET3).
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import type {
  AlertAckResult,
  AlertListResult,
  ControlEventListResult,
  SystemEvent,
} from '../../src/contract/alerts.ts';
import { ALERT_API } from '../../src/contract/alerts.ts';
import { REMOTE_ALERT_API, type CallNumbersSaveResult } from '../../src/contract/remoteAlert.ts';
import {
  MAINTENANCE_API,
  type MaintenanceConfig,
  type MaintenanceConfigInput,
  type MaintenanceDescription,
} from '../../src/contract/maintenance.ts';
import { REMOTE_ALERT_SIMULATION_API } from '../../server/remoteAlert/routes.ts';
import { DAY_PLAN_NUMBER, NIGHT_PLAN_NUMBER } from '../../server/remoteAlert/remoteAlertSeed.ts';
import { signInHttp } from '../support/login.ts';

const plant = signedInPlant(['operator'], { env: { PEGEL_ALERT_ARCHIVE_SEED: '2000' } });

function range(limit: number): string {
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - 60 * 86_400_000).toISOString();
  return `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&limit=${limit}`;
}

describe('event texts of the live server', () => {
  it('ET4: sign-in, acknowledgement and dial action are written as keys with parameters', async () => {
    const list = (await (
      await plant.operator.fetch(`${ALERT_API.list}?${range(500)}`)
    ).json()) as AlertListResult;
    const ids = list.alerts
      .filter((a) => a.state === 'pending')
      .slice(0, 2)
      .map((a) => a.id);
    expect(ids).toHaveLength(2);
    const ack = (await (
      await plant.operator.fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids }) })
    ).json()) as AlertAckResult;
    expect(ack.status).toBe('Success');
    const dial = await plant.operator.fetch('/api/station/call', {
      method: 'POST',
      body: JSON.stringify({ action: 'Status', stations: [{ stationNumber: 6 }] }),
    });
    expect(dial.status).toBe(200);

    const { events: system } = (await (
      await plant.operator.fetch(`/api/systemevents?${range(500)}`)
    ).json()) as { events: SystemEvent[] };
    const login = system.find((e) => e.category === 'Login' && e.user === 'operator')!;
    expect(login).toMatchObject({ text: 'Anmeldung', message: { key: 'signIn', params: {} } });
    const control = (await (
      await plant.operator.fetch(`${ALERT_API.controlEvents}?${range(500)}`)
    ).json()) as ControlEventListResult;
    expect(control.events.find((e) => e.message?.key === 'alertsAcknowledged')).toMatchObject({
      user: 'operator',
      text: '2 Störmeldung(en) quittiert',
      message: { params: { count: 2 } },
    });
    expect(control.events.find((e) => e.stationNumber === 6)?.message).toEqual({
      key: 'dialAction',
      params: { action: 'Status' },
    });
  });

  it('ET5: remote-alarm plans, call numbers, a simulated alarm and service intervals are written as keys with parameters', async () => {
    const admin = await signInHttp(plant.server.url, 'admin');
    const post = (path: string, body: unknown) =>
      admin.fetch(path, { method: 'POST', body: JSON.stringify(body) });
    // Which plan is active follows the plant's clock at the first start (night from 18:00):
    // the day plan, then the night plan, so at least one is switched on whatever the hour.
    for (const planNumber of [DAY_PLAN_NUMBER, NIGHT_PLAN_NUMBER]) {
      const planRef = { station: { stationNumber: 2 }, planNumber };
      expect((await post(REMOTE_ALERT_API.setActive, [{ planRef, active: true }])).status).toBe(
        200,
      );
    }
    const saved = (await (
      await post(REMOTE_ALERT_API.numbers, [
        { id: 0, name: 'Nachtdienst ET5', number: '+49 151 7000555', categoryId: 3, pvGroups: [9] },
      ])
    ).json()) as CallNumbersSaveResult;
    expect(saved.status).toBe('Success');
    const added = saved.alarmCallnumbers.find((n) => n.name === 'Nachtdienst ET5')!;
    expect(
      (await post(REMOTE_ALERT_API.setNumbersState, [{ id: added.id, active: true }])).status,
    ).toBe(200);
    expect(
      (
        await post(REMOTE_ALERT_SIMULATION_API.alarm, {
          stationNumber: 2,
          priority: 1,
          text: 'Probealarm ET5',
        })
      ).status,
    ).toBe(200);
    // A machine's service intervals saved as they are: each is a control event.
    const [machine] = (await (
      await admin.fetch(MAINTENANCE_API.descriptions)
    ).json()) as MaintenanceDescription[];
    const ref = machine!.pvRef;
    const configs = (await (
      await admin.fetch(`${MAINTENANCE_API.configs}?pvType=${ref.type}&pvNr=${ref.nr}`)
    ).json()) as MaintenanceConfig[];
    expect(configs.length).toBeGreaterThan(0);
    const input: MaintenanceConfigInput[] = configs
      .filter((c) => c.runtimeEndType !== 'Other')
      .map((c) => ({
        pvRef: c.pvMaintenanceRef.pvRef,
        serviceMessageType: c.pvMaintenanceRef.serviceMessageType,
        runtimeHours: c.runtimeHours,
        runtimeEndType: c.runtimeEndType as MaintenanceConfigInput['runtimeEndType'],
        priority: c.priority,
        delayTime: c.delayTime,
        description: c.description,
        message: c.message,
      }));
    expect(input.length).toBeGreaterThan(0);
    expect((await post(MAINTENANCE_API.configs, { configs: input })).status).toBe(200);

    const { events } = (await (
      await admin.fetch(`${ALERT_API.controlEvents}?${range(1000)}`)
    ).json()) as ControlEventListResult;
    const mine = events.filter((e) => e.user === 'admin').map((e) => e.message);
    expect(mine).toContainEqual({
      key: 'alarmPlanActivated',
      params: { plan: expect.any(String) as string },
    });
    expect(mine).toContainEqual({
      key: 'callNumberCreated',
      params: { name: 'Nachtdienst ET5', number: '+49 151 7000555' },
    });
    expect(mine).toContainEqual({
      key: 'callNumberOn',
      params: { name: 'Nachtdienst ET5', number: '+49 151 7000555' },
    });
    expect(mine).toContainEqual({
      key: 'serviceIntervalSet',
      params: {
        type: input[0]!.serviceMessageType,
        name: expect.any(String) as string,
        hours: input[0]!.runtimeHours,
        end: input[0]!.runtimeEndType,
      },
    });
    expect(mine).toContainEqual({
      key: 'remoteAlarmSimulated',
      params: { text: 'Probealarm ET5' },
    });
  });
});
