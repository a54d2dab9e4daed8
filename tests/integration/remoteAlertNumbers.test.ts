/**
 * Call numbers on the real server (SPEC §7 alarmnumbers4activation, alarmnumbers,
 * setalarmnumbersstate, POST alarmnumbers; §6 writePlans) — rules RS5, RS6, RS7, RS9, RS10 of
 * server/remoteAlert/SPEC.md: rights per role and station, bad input refused with a message
 * and nothing changed, concurrent switches and edits giving one result and losing nothing.
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import {
  REMOTE_ALERT_API,
  type AlarmCallNumber,
  type AlarmCallNumbersResult,
  type AlarmPlan,
  type CallNumberEdit,
  type CallNumbersSaveResult,
} from '../../src/contract/remoteAlert.ts';
import { ALERT_API, type ControlEventListResult } from '../../src/contract/alerts.ts';
import type { SignedIn } from '../support/login.ts';

const plant = signedInPlant(['operator', 'admin', 'maintenance', 'viewer']);

const post = (who: SignedIn, path: string, body: unknown) =>
  who.fetch(path, { method: 'POST', body: JSON.stringify(body) });
const load = async (who: SignedIn, path: string = REMOTE_ALERT_API.numbers) =>
  (await (await who.fetch(path)).json()) as AlarmCallNumbersResult;
const numbers = async () => (await load(plant.admin)).alarmCallnumbers;
const numberOf = async (id: number) => (await numbers()).find((n) => n.id === id)!;
const stripped = (list: AlarmCallNumber[]) =>
  list.map(({ currentUserCanEdit: _, ...rest }) => rest);
const fieldsOf = (n: AlarmCallNumber) => ({
  name: n.name,
  number: n.number,
  categoryId: n.categoryId,
  pvGroups: n.pvGroups,
});
const edit = (n: AlarmCallNumber, patch: Partial<CallNumberEdit>): CallNumberEdit => ({
  id: n.id,
  ...fieldsOf(n),
  previous: fieldsOf(n),
  ...patch,
});
const setState = async (who: SignedIn, body: unknown) => {
  const res = await post(who, REMOTE_ALERT_API.setNumbersState, body);
  return { status: res.status, body: (await res.json()) as CallNumbersSaveResult };
};
const save = async (who: SignedIn, body: unknown) => {
  const res = await post(who, REMOTE_ALERT_API.numbers, body);
  return { status: res.status, body: (await res.json()) as CallNumbersSaveResult };
};
const errorOf = (body: unknown) =>
  (body as { error: { message: string; issues?: { path: string; message: string }[] } }).error;

/** A number only station 9 hears: outside the maintenance staff's stations 1-6. */
let foreign: AlarmCallNumber;

describe('call numbers (SPEC §7 "Remote alert")', () => {
  it('RS5: both reads answer numbers, categories and PV groups; editable per user and number', async () => {
    const a = await load(plant.viewer, REMOTE_ALERT_API.numbersForActivation);
    const b = await load(plant.viewer, REMOTE_ALERT_API.numbers);
    expect(a.alarmCallnumbers.length).toBeGreaterThan(8);
    expect(b.alarmCallnumbers).toEqual(a.alarmCallnumbers);
    expect(a.categories.some((c) => c.standby)).toBe(true);
    expect(a.pvGroups.length).toBeGreaterThan(5);
    expect(a.currentUserCanEdit).toBe(false);
    expect(a.alarmCallnumbers.every((n) => !n.currentUserCanEdit)).toBe(true);
    const op = await load(plant.operator);
    expect(op.currentUserCanEdit).toBe(true);
    expect(op.alarmCallnumbers.every((n) => n.currentUserCanEdit)).toBe(true);
    // Maintenance staff look after stations 1-6 (water): the wastewater rota is not theirs.
    const m = await load(plant.maintenance);
    expect(m.currentUserCanEdit).toBe(true);
    const byCat = (cat: number) => m.alarmCallnumbers.filter((n) => n.categoryId === cat);
    expect(byCat(1).every((n) => n.currentUserCanEdit)).toBe(true);
    expect(byCat(2).every((n) => !n.currentUserCanEdit)).toBe(true);
    expect((await (await plant.viewer.fetch(REMOTE_ALERT_API.numbers)).status) === 200).toBe(true);
  });

  it('RS5/RS9: a viewer may change nothing (403); maintenance not numbers of foreign stations', async () => {
    const before = stripped(await numbers());
    const first = before[0]!;
    expect(
      (await post(plant.viewer, REMOTE_ALERT_API.setNumbersState, [{ id: first.id, active: true }]))
        .status,
    ).toBe(403);
    expect(
      (
        await post(plant.viewer, REMOTE_ALERT_API.numbers, [
          { ...fieldsOf(first as AlarmCallNumber), id: first.id, name: 'X' },
        ])
      ).status,
    ).toBe(403);

    const added = await save(plant.operator, [
      { id: 0, name: 'Klärwärter Nacht', number: '+49 151 7000900', categoryId: 3, pvGroups: [9] },
    ]);
    expect(added.body.status).toBe('Success');
    foreign = added.body.alarmCallnumbers.find((n) => n.name === 'Klärwärter Nacht')!;
    expect(foreign.active).toBe(false);

    const switched = await setState(plant.maintenance, [{ id: foreign.id, active: true }]);
    expect(switched.body.status).toBe('Unauthorized');
    expect(switched.body.unauthorizedNumbers).toEqual([foreign.id]);
    expect(switched.body.errorMessage).toContain('Klärwärter Nacht');
    const edited = await save(plant.maintenance, [edit(foreign, { name: 'Anders' })]);
    expect(edited.body.status).toBe('Unauthorized');
    // A number of theirs may not be made to ring for someone else's station either.
    const own = (await numbers()).find((n) => n.categoryId === 1)!;
    const widened = await save(plant.maintenance, [edit(own, { pvGroups: [...own.pvGroups, 9] })]);
    expect(widened.body.status).toBe('Unauthorized');
    expect(widened.body.unauthorizedNumbers).toEqual([own.id]);
    // Nothing changed by any of it.
    expect(stripped((await numbers()).filter((n) => n.id !== foreign.id))).toEqual(before);
    expect(await numberOf(foreign.id)).toMatchObject({ name: 'Klärwärter Nacht', active: false });

    // Their own numbers they switch and edit.
    const renamed = await save(plant.maintenance, [edit(own, { name: `${own.name} ` })]);
    expect(renamed.body.status).toBe('Success');
  });

  it('RS7: bad input is refused with 400 and a message, and nothing changes', async () => {
    const before = stripped(await numbers());
    const n = (await numbers()).find((x) => x.categoryId === 3)!;
    const other = (await numbers()).find((x) => x.categoryId === 3 && x.id !== n.id)!;
    const cases: [unknown, RegExp][] = [
      [{ id: n.id, active: true }, /Invalid/],
      [[], /Invalid/],
      [[{ id: 0, active: true }], /Invalid/],
      [[{ id: 99_999, active: true }], /Unbekannte Rufnummer/],
      [[{ id: n.id, active: 'yes' }], /Invalid/],
      [[{ id: n.id, active: true, extra: 1 }], /Invalid/],
    ];
    for (const [body, message] of cases) {
      const res = await post(plant.operator, REMOTE_ALERT_API.setNumbersState, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(await res.json()).message).toMatch(message);
    }

    const bad = await post(plant.operator, REMOTE_ALERT_API.numbers, [
      edit(n, { name: '  ', number: '0171-abc' }),
    ]);
    expect(bad.status).toBe(400);
    const error = errorOf(await bad.json());
    expect(error.message).toMatch(/Name darf nicht leer sein/);
    expect(error.issues).toEqual([
      { path: '0.name', message: 'Name darf nicht leer sein.' },
      { path: '0.number', message: expect.stringMatching(/Rufnummer darf nur Ziffern/) },
    ]);

    const saveCases: [unknown, RegExp][] = [
      [[edit(n, { number: '12' })], /3 bis 20 Ziffern/],
      [[edit(n, { number: '+49 0171 4402310' })], /Vorwahl ohne 0/],
      [[edit(n, { pvGroups: [] })], /PV-Gruppe/],
      [[edit(n, { pvGroups: [1, 99] })], /Unbekannte PV-Gruppe: 99/],
      [[edit(n, { categoryId: 42 })], /Unbekannte Kategorie: 42/],
      [[edit(n, { id: 99_999 })], /Unbekannte Rufnummer/],
      // The same number twice in a category, also written with 00 instead of +.
      [[edit(n, { number: other.number.replace('+', '00') })], /schon/],
      [
        [
          { id: 0, name: 'A', number: '+49 151 1111111', categoryId: 3, pvGroups: [1] },
          { id: 0, name: 'B', number: '+49 151 111 1111', categoryId: 3, pvGroups: [1] },
        ],
        /schon/,
      ],
      [[edit(n, {}), edit(n, { name: 'Zweimal' })], /zweimal/],
      // Switched on, it cannot join a standby rota that has someone on call (RS6).
      [[edit(n, { categoryId: 1 })], /schon jemand eingeschaltet/],
      [[{ ...edit(n, {}), previous: { name: 'x' } }], /Invalid/],
    ];
    for (const [body, message] of saveCases) {
      const res = await post(plant.operator, REMOTE_ALERT_API.numbers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(await res.json()).message).toMatch(message);
    }
    expect(stripped(await numbers())).toEqual(before);
  });

  it('RS6: two users switching the same number on give one state, one change and one event', async () => {
    const rota = (await numbers()).filter((n) => n.categoryId === 2);
    const target = rota.find((n) => !n.active)!;
    const plansBefore = (await (
      await plant.admin.fetch(REMOTE_ALERT_API.plans)
    ).json()) as AlarmPlan[];
    const calling = plansBefore.find((p) =>
      p.recipients.some((r) => r?.callNumberId === target.id),
    )!;
    const start = new Date(Date.now() - 1000).toISOString();

    const [a, b] = await Promise.all([
      setState(plant.operator, [{ id: target.id, active: true }]),
      setState(plant.admin, [{ id: target.id, active: true }]),
    ]);
    expect(a.body.status).toBe('Success');
    expect(b.body.status).toBe('Success');
    const after = (await numbers()).filter((n) => n.categoryId === 2);
    expect(after.filter((n) => n.active).map((n) => n.id)).toEqual([target.id]);

    const plansAfter = (await (
      await plant.admin.fetch(REMOTE_ALERT_API.plans)
    ).json()) as AlarmPlan[];
    const plan = plansAfter.find(
      (p) =>
        p.station.stationNumber === calling.station.stationNumber &&
        p.planNumber === calling.planNumber,
    )!;
    // One switch on and the previous person's switch off: two changes, counted once.
    expect(plan.callNumberChangeCount - calling.callNumberChangeCount).toBe(2);
    const events = (await (
      await plant.admin.fetch(
        `${ALERT_API.controlEvents}?start=${start}&end=${new Date(Date.now() + 1000).toISOString()}&limit=1000`,
      )
    ).json()) as ControlEventListResult;
    expect(
      events.events.filter(
        (e) => e.text === `Rufnummer eingeschaltet: ${target.name} (${target.number})`,
      ),
    ).toHaveLength(1);
  });

  it('RS6: switching on two people of one standby rota at once leaves exactly one on call', async () => {
    const rota = (await numbers()).filter((n) => n.categoryId === 1);
    const [x, y] = rota.filter((n) => !n.active);
    await Promise.all([
      setState(plant.operator, [{ id: x!.id, active: true }]),
      setState(plant.maintenance, [{ id: y!.id, active: true }]),
    ]);
    const on = (await numbers()).filter((n) => n.categoryId === 1 && n.active);
    expect(on).toHaveLength(1);
    expect([x!.id, y!.id]).toContain(on[0]!.id);
  });

  it('RS14: the only person on call of a standby rota is not switched off; handing over by switching the next on is', async () => {
    const rota = (await numbers()).filter((n) => n.categoryId === 1);
    const on = rota.find((n) => n.active)!;
    const next = rota.find((n) => !n.active)!;
    const start = new Date().toISOString();
    const off = await setState(plant.operator, [{ id: on.id, active: false }]);
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('Failed');
    expect(off.body.lastOnCallNumbers).toEqual([on.id]);
    expect(off.body.errorMessage).toMatch(/einzige eingeschaltete ihrer Bereitschaft/);
    expect(off.body.errorMessage).toContain('Bereitschaft Wasser');
    // Nothing changed, nothing counted or recorded.
    expect((await numberOf(on.id)).active).toBe(true);
    const events = (await (
      await plant.admin.fetch(
        `${ALERT_API.controlEvents}?start=${start}&end=${new Date(Date.now() + 1000).toISOString()}&limit=1000`,
      )
    ).json()) as ControlEventListResult;
    expect(
      events.events.filter((e) => e.text === `Rufnummer ausgeschaltet: ${on.name} (${on.number})`),
    ).toEqual([]);
    // A batch that switches the next person on keeps someone on call: it goes through.
    const swap = await setState(plant.operator, [
      { id: on.id, active: false },
      { id: next.id, active: true },
    ]);
    expect(swap.body.status).toBe('Success');
    const after = (await numbers()).filter((n) => n.categoryId === 1 && n.active);
    expect(after.map((n) => n.id)).toEqual([next.id]);
    await setState(plant.operator, [{ id: on.id, active: true }]);
  });

  it('RS10: two users editing the same number: one is saved whole, the other gets Conflict and loses nothing stored', async () => {
    const n = (await numbers()).find((x) => x.categoryId === 4)!;
    const [a, b] = await Promise.all([
      save(plant.operator, [edit(n, { name: 'Leitwarte (Tag)' })]),
      save(plant.admin, [edit(n, { number: '+49 7031 66199' })]),
    ]);
    const results = [a.body.status, b.body.status].sort();
    expect(results).toEqual(['Conflict', 'Success']);
    const loser = a.body.status === 'Conflict' ? a.body : b.body;
    expect(loser.conflictingNumbers).toEqual([n.id]);
    expect(loser.errorMessage).toMatch(/Inzwischen geändert/);
    const stored = await numberOf(n.id);
    // The winner's edit whole, not a mix of both.
    const winner = a.body.status === 'Success' ? 'operator' : 'admin';
    expect(stored.changedBy).toBe(winner);
    expect(fieldsOf(stored)).toEqual(
      winner === 'operator'
        ? { ...fieldsOf(n), name: 'Leitwarte (Tag)' }
        : { ...fieldsOf(n), number: '+49 7031 66199' },
    );
    // Saving again from the server's version goes through.
    const retry = await save(a.body.status === 'Conflict' ? plant.operator : plant.admin, [
      edit(stored, { name: 'Leitwarte Talaue' }),
    ]);
    expect(retry.body.status).toBe('Success');
    // An edit without `previous` (an older client) is saved as before.
    const plain = await save(plant.operator, [
      { id: n.id, ...fieldsOf(await numberOf(n.id)), number: n.number },
    ]);
    expect(plain.body.status).toBe('Success');
  });

  it('RS6: every switch is recorded with who and when', async () => {
    const n = (await numbers()).find((x) => x.categoryId === 3 && x.id !== foreign.id)!;
    const res = await setState(plant.operator, [{ id: n.id, active: !n.active }]);
    expect(res.body.status).toBe('Success');
    const after = res.body.alarmCallnumbers.find((x) => x.id === n.id)!;
    expect(after.active).toBe(!n.active);
    expect(after.changedBy).toBe('operator');
    expect(after.changedAt).toBeGreaterThanOrEqual(n.changedAt);
    await setState(plant.operator, [{ id: n.id, active: n.active }]);
  });
});
