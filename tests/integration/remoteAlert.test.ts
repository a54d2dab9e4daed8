/** SPEC §7 "Remote alert" on the real server — rules RS1-RS7 and RS11-RS13 of RemoteAlertService. */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import {
  REMOTE_ALERT_API,
  type AlarmCallNumbersResult,
  type AlarmPlan,
  type AlarmPlanResult,
  type PlanToConfirm,
} from '../../src/contract/remoteAlert.ts';
import type { SignedIn } from '../support/login.ts';

const plant = signedInPlant(['operator', 'admin', 'maintenance', 'viewer']);

const post = (who: SignedIn, path: string, body: unknown) =>
  who.fetch(path, { method: 'POST', body: JSON.stringify(body) });
const plans = async (who: SignedIn) =>
  (await (await who.fetch(REMOTE_ALERT_API.plans)).json()) as AlarmPlan[];
const ref = (station: number, plan: number) => ({
  station: { stationNumber: station },
  planNumber: plan,
});

describe('remote alert (SPEC §7)', () => {
  it('RS1: every station has a day and a night plan with 10 priority and 20 recipient slots', async () => {
    const list = await plans(plant.viewer);
    expect(list.length).toBeGreaterThan(10);
    for (const p of list) {
      expect(p.activePriorities).toHaveLength(10);
      expect(p.recipients).toHaveLength(20);
      expect(p.currentUserCanEdit).toBe(false);
    }
    expect((await plans(plant.operator)).every((p) => p.currentUserCanEdit)).toBe(true);
  });

  it('RS3: two users activating the same plan give one state and one change', async () => {
    const [a, b] = await Promise.all([
      post(plant.operator, REMOTE_ALERT_API.setActive, [{ planRef: ref(2, 2), active: true }]),
      post(plant.admin, REMOTE_ALERT_API.setActive, [{ planRef: ref(2, 2), active: true }]),
    ]);
    expect(((await a.json()) as AlarmPlanResult).status).toBe('Success');
    expect(((await b.json()) as AlarmPlanResult).status).toBe('Success');
    const station2 = (await plans(plant.viewer)).filter((p) => p.station.stationNumber === 2);
    expect(station2.filter((p) => p.active).map((p) => p.planNumber)).toEqual([2]);
  });

  it('RS2/RS3: unknown plans are refused whole; viewers and foreign stations are listed unauthorized', async () => {
    const bad = await post(plant.operator, REMOTE_ALERT_API.setActive, [
      { planRef: ref(1, 1), active: true },
      { planRef: ref(1, 99), active: true },
    ]);
    expect(bad.status).toBe(400);
    const v = (await (
      await post(plant.viewer, REMOTE_ALERT_API.setActive, [{ planRef: ref(1, 1), active: true }])
    ).json()) as AlarmPlanResult;
    expect(v.status).toBe('Unauthorized');
    expect(v.unauthorizedPlans).toEqual([ref(1, 1)]);
    const m = (await (
      await post(plant.maintenance, REMOTE_ALERT_API.setActive, [
        { planRef: ref(1, 1), active: true },
        { planRef: ref(9, 1), active: true },
      ])
    ).json()) as AlarmPlanResult;
    expect(m.unauthorizedPlans).toEqual([ref(9, 1)]);
  });

  it('RS7: a malformed call number is refused with a message and nothing changes', async () => {
    const before = (await (
      await plant.operator.fetch(REMOTE_ALERT_API.numbers)
    ).json()) as AlarmCallNumbersResult;
    const n = before.alarmCallnumbers[0]!;
    const res = await post(plant.operator, REMOTE_ALERT_API.numbers, [
      {
        id: n.id,
        name: n.name,
        number: '0171-abc',
        categoryId: n.categoryId,
        pvGroups: n.pvGroups,
      },
    ]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /Rufnummer/,
    );
    const after = (await (
      await plant.operator.fetch(REMOTE_ALERT_API.numbers)
    ).json()) as AlarmCallNumbersResult;
    expect(after.alarmCallnumbers[0]).toEqual(n);
    expect(
      (await post(plant.viewer, REMOTE_ALERT_API.setNumbersState, [{ id: n.id, active: true }]))
        .status,
    ).toBe(403);
  });
  it('RS11: a viewer and a maintainer of another station may not acknowledge; nothing is acknowledged', async () => {
    // Station 9 is not one of the maintainer's; both stations get a night alarm to confirm.
    for (const station of [3, 9]) {
      await post(plant.admin, REMOTE_ALERT_API.setActive, [
        { planRef: ref(station, 2), active: true },
      ]);
      const raised = await post(plant.admin, '/api/admin/simulate/remote-alarm', {
        stationNumber: station,
        priority: 1,
        text: `RS11 Station ${station}`,
        night: true,
      });
      expect(raised.status).toBe(200);
    }
    const waiting = async () =>
      (
        (await (
          await plant.operator.fetch(REMOTE_ALERT_API.plansToConfirm)
        ).json()) as PlanToConfirm[]
      )
        .map((c) => c.plan)
        .filter((p) => [3, 9].includes(p.station.stationNumber));
    const before = await waiting();
    expect(before).toEqual(expect.arrayContaining([ref(3, 2), ref(9, 2)]));
    const ack = (who: SignedIn, refs: ReturnType<typeof ref>[]) =>
      post(
        who,
        `${REMOTE_ALERT_API.ackPlans}?ackNonSent=true`,
        refs.map((planRef) => ({ planRef, ack: true })),
      ).then(async (r) => (await r.json()) as AlarmPlanResult);

    const v = await ack(plant.viewer, [ref(3, 2)]);
    expect(v.status).toBe('Unauthorized');
    expect(v.unauthorizedPlans).toEqual([ref(3, 2)]);
    expect(v.alarmPlans).toEqual([]);
    const m = await ack(plant.maintenance, [ref(9, 2)]);
    expect(m.status).toBe('Unauthorized');
    expect(m.unauthorizedPlans).toEqual([ref(9, 2)]);
    expect(m.alarmPlans).toEqual([]);
    expect(await waiting()).toEqual(before);
    // The viewer sees the waiting plan read-only; the maintainer may confirm only their own.
    const seen = (await (
      await plant.viewer.fetch(REMOTE_ALERT_API.plansToConfirm)
    ).json()) as PlanToConfirm[];
    expect(
      seen.filter((c) => c.plan.station.stationNumber === 3).every((c) => !c.currentUserCanEdit),
    ).toBe(true);
    // The same maintainer confirms a plan of their own station.
    expect((await ack(plant.maintenance, [ref(3, 2)])).status).toBe('Success');
    expect(await waiting()).toEqual([ref(9, 2)]);
  });
  it('RS8: simulated alarms honour the daily limit: past it they are not sent and wait as undelivered', async () => {
    await post(plant.admin, REMOTE_ALERT_API.setActive, [{ planRef: ref(8, 1), active: true }]);
    const plan = async () =>
      (await plans(plant.viewer)).find((p) => p.station.stationNumber === 8 && p.active)!;
    const before = await plan();
    const raise = before.alertingCountMax - before.alertingCount + 10;
    for (let i = 0; i < raise; i++) {
      const res = await post(plant.admin, '/api/admin/simulate/remote-alarm', {
        stationNumber: 8,
        priority: 3,
        text: `RS8 ${i}`,
        night: false,
      });
      expect(res.status).toBe(200);
    }
    const after = await plan();
    // Never more sent than the limit; every alarm past it (or on faulty lines) is undelivered.
    expect(after.alertingCount).toBeLessThanOrEqual(after.alertingCountMax);
    const undelivered = after.undeliveredMessages - before.undeliveredMessages;
    expect(after.alertingCount - before.alertingCount + undelivered).toBe(raise);
    expect(undelivered).toBeGreaterThanOrEqual(10);
  });
  it('RS12: plans carry the configured default of their action; a plan to confirm carries its active flag and default', async () => {
    const list = await plans(plant.viewer);
    const of = (st: number, nr: number) =>
      list.find((p) => p.station.stationNumber === st && p.planNumber === nr)!;
    expect(of(4, 1).defaultAction).toBe(0);
    expect(of(4, 2).defaultAction).toBe(1);
    expect(of(1, 1).defaultAction).toBeNull();
    await post(plant.admin, REMOTE_ALERT_API.setActive, [{ planRef: ref(4, 1), active: true }]);
    await post(plant.admin, '/api/admin/simulate/remote-alarm', {
      stationNumber: 4,
      priority: 0,
      text: 'RS12',
      night: true,
    });
    const waiting = (await (
      await plant.operator.fetch(REMOTE_ALERT_API.plansToConfirm)
    ).json()) as PlanToConfirm[];
    // A night alarm is filed under the night plan (RS13), which the day plan's activation left off.
    expect(waiting.find((c) => c.plan.station.stationNumber === 4)).toMatchObject({
      plan: ref(4, 2),
      isActive: false,
      defaultAction: 1,
    });
  });

  it('RS13: an alarm is filed under the plan of the time it was raised for, whichever plan is active', async () => {
    // Station 6 with its day plan on: a night alarm still waits under "Nachtplan".
    await post(plant.admin, REMOTE_ALERT_API.setActive, [{ planRef: ref(6, 1), active: true }]);
    const before = (await plans(plant.viewer)).find(
      (p) => p.station.stationNumber === 6 && p.planNumber === 1,
    )!.alertingCount;
    const raise = (night: boolean, text: string) =>
      post(plant.admin, '/api/admin/simulate/remote-alarm', {
        stationNumber: 6,
        priority: 1,
        text,
        night,
      });
    expect((await raise(true, 'RS13 Nacht')).status).toBe(200);
    const waiting = (await (
      await plant.operator.fetch(REMOTE_ALERT_API.plansToConfirm)
    ).json()) as PlanToConfirm[];
    const of6 = waiting.filter((c) => c.plan.station.stationNumber === 6);
    expect(of6).toHaveLength(1);
    expect(of6[0]).toMatchObject({
      plan: ref(6, 2),
      planName: 'Nachtplan',
      alertText: 'RS13 Nacht',
    });
    // An alarm of the day is counted by the day plan and waits for no confirmation.
    expect((await raise(false, 'RS13 Tag')).status).toBe(200);
    const after = await plans(plant.viewer);
    const day6 = after.find((p) => p.station.stationNumber === 6 && p.planNumber === 1)!;
    expect(day6.alertingCount).toBe(before + 1);
    const again = (await (
      await plant.operator.fetch(REMOTE_ALERT_API.plansToConfirm)
    ).json()) as PlanToConfirm[];
    expect(again.filter((c) => c.plan.station.stationNumber === 6)).toHaveLength(1);
  });
});
