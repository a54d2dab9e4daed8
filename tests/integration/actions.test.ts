/**
 * Operator actions on the real server (SPEC §7 "Process values", priority outputs, text
 * messages): every endpoint refuses out-of-range values, old values that no longer match and
 * missing rights, accepts good ones, and hub subscribers see the change. Rule IDs AC1-AC8 are
 * listed in server/actions/SPEC.md.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type * as signalR from '@microsoft/signalr';
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  TEXT_MESSAGE_API,
  textMessageKey,
  type PriorityOutputAckResult,
  type PriorityOutputOptions,
  type PvAck,
  type PvActionResult,
  type PvRuntime,
  type RuntimesResponse,
  type TextMessage,
  type TextMessageSaveResult,
  type TextOutput,
} from '../../src/contract/actions.ts';
import { ALERT_API, type ControlEventListResult } from '../../src/contract/alerts.ts';
import { HUBS, HUB_METHODS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvValue } from '../../src/contract/pv.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';
import { buildClient, waitFor } from '../support/hubTestServer.ts';

let server: PlantServerHandle;
let operator: SignedIn;
let viewer: SignedIn;
let maintenance: SignedIn;
let configs: PvConfig[] = [];
const hubs: signalR.HubConnection[] = [];

async function post<T>(who: SignedIn, path: string, body?: unknown): Promise<T> {
  const res = await who.fetch(path, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

async function status(who: SignedIn, path: string, body: unknown): Promise<number> {
  const res = await who.fetch(path, { method: 'POST', body: JSON.stringify(body) });
  await res.body?.cancel();
  return res.status;
}

function find(pred: (c: PvConfig) => boolean, what: string): PvConfig {
  const found = configs.find(pred);
  if (!found) throw new Error(`no PV: ${what}`);
  return found;
}

/** A hub connection of `who` that records every message by name. */
async function hub(who: SignedIn, path: string) {
  const received: { name: string; args: unknown[] }[] = [];
  const connection = buildClient(server.url + path, { cookie: who.cookie });
  for (const name of ['newValues', 'newConfig', 'newLimitConfig', 'newMessage', 'newAck']) {
    connection.on(name, (...args: unknown[]) => received.push({ name, args }));
  }
  await connection.start();
  hubs.push(connection);
  return { connection, received };
}

function values(received: { name: string; args: unknown[] }[]): PvValue[] {
  return received.filter((m) => m.name === 'newValues').flatMap((m) => m.args[0] as PvValue[]);
}

beforeAll(async () => {
  server = await startPlantServer();
  [operator, viewer, maintenance] = await Promise.all([
    signInHttp(server.url, 'operator'),
    signInHttp(server.url, 'viewer'),
    signInHttp(server.url, 'maintenance'),
  ]);
  const nodes = (await (await operator.fetch(API.pv.nodes)).json()) as PvNode[];
  configs = await post<PvConfig[]>(
    operator,
    API.pv.configs,
    nodes.flatMap((n) => n.pvs),
  );
}, 60_000);

afterEach(async () => {
  for (const c of hubs.splice(0)) await c.stop();
});

afterAll(async () => {
  await server?.dispose();
});

describe('POST /api/Pv (set values)', () => {
  it('AC1: refuses missing rights, values outside the domain and unsettable PVs; sets good values and the hub follows', async () => {
    const ao = find(
      (c) => c.pvRef.type === 'AnaOut' && c.stationNumber === 1 && c.domainConfig !== null,
      'AnaOut with domain at station 1',
    );
    const { min, max } = ao.domainConfig!;
    const target = Math.round(((min + max) / 2) * 100) / 100;
    const item = (v: number) => [{ pvRef: ao.pvRef, typeOfValue: 'DoubleValue', doubleValue: v }];

    const denied = await post<PvActionResult>(viewer, PV_ACTION_API.set, item(target));
    expect(denied.status).toBe('Unauthorized');
    expect(denied.unauthorizedPvs).toEqual([ao.pvRef]);

    const above = await post<PvActionResult>(operator, PV_ACTION_API.set, item(max + 1));
    expect(above.status).toBe('Failed');
    expect(above.errorMessage).toContain('Werte sind außerhalb der Grenzwerte');

    // Bad shapes and impossible times of day never reach the plant.
    expect(
      await status(operator, PV_ACTION_API.set, [
        { pvRef: ao.pvRef, typeOfValue: 'DoubleValue', doubleValue: 'x' },
      ]),
    ).toBe(400);
    expect(
      await status(operator, PV_ACTION_API.set, [
        { pvRef: ao.pvRef, typeOfValue: 'TimeOfDayValue', timeOfDayValue: 24 * 256 },
      ]),
    ).toBe(400);
    expect(await status(operator, PV_ACTION_API.set, [])).toBe(400);

    const ai = find((c) => c.pvRef.type === 'AnaIn', 'AnaIn');
    const notSettable = await post<PvActionResult>(operator, PV_ACTION_API.set, [
      { pvRef: ai.pvRef, typeOfValue: 'DoubleValue', doubleValue: 1 },
    ]);
    expect(notSettable.status).toBe('Failed');
    expect(notSettable.missingPvs).toEqual([ai.pvRef]);

    // Maintenance staff act on stations 1-6 only.
    const far = find(
      (c) => c.pvRef.type === 'AnaOut' && c.stationNumber > 6 && c.domainConfig !== null,
      'AnaOut beyond station 6',
    );
    const farResult = await post<PvActionResult>(maintenance, PV_ACTION_API.set, [
      { pvRef: far.pvRef, typeOfValue: 'DoubleValue', doubleValue: far.domainConfig!.min },
    ]);
    expect(farResult.unauthorizedPvs).toEqual([far.pvRef]);

    const watcher = await hub(viewer, HUBS.pv);
    await watcher.connection.invoke(HUB_METHODS.pv.subscribeToPvs, [pvKey(ao.pvRef)]);
    const ok = await post<PvActionResult>(operator, PV_ACTION_API.set, item(target));
    expect(ok).toEqual({
      status: 'Success',
      errorMessage: null,
      unauthorizedPvs: [],
      missingPvs: [],
    });
    await waitFor(
      () => values(watcher.received).some((v) => v.doubleValue === target),
      5000,
      'the set value on the hub',
    );

    const events = (await (
      await operator.fetch(
        `${ALERT_API.controlEvents}?start=${new Date(Date.now() - 60_000).toISOString()}&end=${new Date(Date.now() + 60_000).toISOString()}&limit=50`,
      )
    ).json()) as ControlEventListResult;
    expect(
      events.events.some((e) => e.text.startsWith('Wert gesetzt') && e.user === 'operator'),
    ).toBe(true);
    // Its text as a key and parameters too, for the reader's language (ET1-ET4).
    expect(
      events.events.find((e) => e.message?.key === 'valueSet' && e.user === 'operator')?.message
        ?.params,
    ).toMatchObject({ name: ao.name });
  });

  it('AC1: a DigiOut takes only a boolean; a time of day is set as hour*256 + minutes', async () => {
    const digiOut = find((c) => c.pvRef.type === 'DigiOut', 'DigiOut');
    const wrong = await post<PvActionResult>(operator, PV_ACTION_API.set, [
      { pvRef: digiOut.pvRef, typeOfValue: 'DoubleValue', doubleValue: 1 },
    ]);
    expect(wrong.missingPvs).toEqual([digiOut.pvRef]);
    const pump = await hub(operator, HUBS.pv);
    await pump.connection.invoke(HUB_METHODS.pv.subscribeToPvs, [pvKey(digiOut.pvRef)]);
    await waitFor(() => values(pump.received).length > 0, undefined, 'the pump command');
    const target = !values(pump.received)[0]!.boolValue;
    const ok = await post<PvActionResult>(operator, PV_ACTION_API.set, [
      { pvRef: digiOut.pvRef, typeOfValue: 'BoolValue', boolValue: target },
    ]);
    expect(ok.status).toBe('Success');
    await waitFor(
      () => values(pump.received).some((v) => v.boolValue === target),
      5000,
      'the pump command on the hub',
    );

    const time = find(
      (c) => c.pvRef.type === 'AnaOut' && c.subtype === 'Schaltzeit',
      'switching time',
    );
    const watcher = await hub(operator, HUBS.pv);
    await watcher.connection.invoke(HUB_METHODS.pv.subscribeToPvs, [pvKey(time.pvRef)]);
    const set = await post<PvActionResult>(operator, PV_ACTION_API.set, [
      { pvRef: time.pvRef, typeOfValue: 'TimeOfDayValue', timeOfDayValue: 5 * 256 + 45 },
    ]);
    expect(set.status).toBe('Success');
    await waitFor(
      () =>
        values(watcher.received).some(
          (v) => v.timeOfDayValue?.hour === 5 && v.timeOfDayValue.minutes === 45,
        ),
      5000,
      'the time of day on the hub',
    );
  });
});

describe('POST /api/Pv/counters/reset', () => {
  it('AC2: refuses viewers and non-counters; resets a resetable counter to zero', async () => {
    const counter = find((c) => c.pvRef.type === 'ZaehlWert' && c.stationNumber === 1, 'counter');
    const denied = await post<PvActionResult>(viewer, PV_ACTION_API.resetCounters, [counter.pvRef]);
    expect(denied.status).toBe('Unauthorized');
    const ai = find((c) => c.pvRef.type === 'AnaIn', 'AnaIn');
    const wrong = await post<PvActionResult>(operator, PV_ACTION_API.resetCounters, [ai.pvRef]);
    expect(wrong.missingPvs).toEqual([ai.pvRef]);

    const watcher = await hub(operator, HUBS.pv);
    await watcher.connection.invoke(HUB_METHODS.pv.subscribeToPvs, [pvKey(counter.pvRef)]);
    await waitFor(() => values(watcher.received).length > 0, undefined, 'the counter value');
    expect(values(watcher.received)[0]!.counterValue!.value).toBeGreaterThan(1000);
    const ok = await post<PvActionResult>(operator, PV_ACTION_API.resetCounters, [counter.pvRef]);
    expect(ok.status).toBe('Success');
    await waitFor(
      () => values(watcher.received).some((v) => (v.counterValue?.value ?? Infinity) < 100),
      5000,
      'the reset counter',
    );
  });
});

describe('runtimes', () => {
  it('AC3: loads runtimes only for DigiIn and AnaIn; refuses negative values, changed old values and viewers; sets good ones', async () => {
    const running = find(
      (c) => c.pvRef.type === 'DigiIn' && c.subtype === 'Betriebsmeldung',
      'pump running input',
    );
    const ao = find((c) => c.pvRef.type === 'AnaOut', 'AnaOut');
    const loaded = await post<RuntimesResponse>(operator, PV_ACTION_API.runtimes, [
      running.pvRef,
      ao.pvRef,
    ]);
    expect(loaded.status).toBe('Success');
    expect(loaded.missingPvs).toEqual([ao.pvRef]);
    const hours = loaded.runtimeValues.find((r) => r.runtimeValue.runtimeType === 'Betriebszeit')!;
    expect(hours.pvRef).toEqual(running.pvRef);

    const change = (old: PvRuntime, value: number) => ({
      oldValues: [old],
      newValues: [{ ...old, runtimeValue: { ...old.runtimeValue, value } }],
    });
    expect(await status(operator, PV_ACTION_API.setRuntimes, change(hours, -1))).toBe(400);
    const stale = {
      ...hours,
      runtimeValue: { ...hours.runtimeValue, value: hours.runtimeValue.value + 5000 },
    };
    const conflict = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setRuntimes,
      change(stale, 10),
    );
    expect(conflict.status).toBe('Conflict');
    const denied = await post<PvActionResult>(viewer, PV_ACTION_API.setRuntimes, change(hours, 10));
    expect(denied.status).toBe('Unauthorized');
    const ok = await post<PvActionResult>(operator, PV_ACTION_API.setRuntimes, change(hours, 1234));
    expect(ok.status).toBe('Success');
    const after = await post<RuntimesResponse>(operator, PV_ACTION_API.runtimes, [running.pvRef]);
    const value = after.runtimeValues.find((r) => r.runtimeValue.runtimeType === 'Betriebszeit')!
      .runtimeValue.value;
    expect(value).toBeGreaterThanOrEqual(1234);
    expect(value).toBeLessThan(1235);
  });
});

describe('POST /api/Pv/AnaIn/set-limits', () => {
  it('AC4: refuses priorities outside 0-9, delays outside 0-65535, a broken order, changed old values and viewers (a PV named once however many of its limits); saves good limits and the hub follows', async () => {
    const ai = find(
      (c) =>
        c.pvRef.type === 'AnaIn' &&
        c.anaLimitConfig?.lower != null &&
        c.anaLimitConfig.upper != null,
      'AnaIn with bottom and top limits',
    );
    const limits = await post<PvLimitConfig[]>(operator, ACTION_EXTRA_API.limitConfigs, [ai.pvRef]);
    const top = limits.find((l) => l.pvLimitRef.limitType === 'Top')!;
    const bottom = limits.find((l) => l.pvLimitRef.limitType === 'Bottom')!;
    const edit = (old: PvLimitConfig, next: Partial<PvLimitConfig>) => ({
      oldValues: [old],
      newValues: [{ ...old, ...next }],
    });
    expect(await status(operator, PV_ACTION_API.setAnaInLimits, edit(top, { priority: 10 }))).toBe(
      400,
    );
    expect(
      await status(operator, PV_ACTION_API.setAnaInLimits, edit(top, { delayTime: 65536 })),
    ).toBe(400);
    expect(await status(operator, PV_ACTION_API.setAnaInLimits, edit(top, { delayTime: -1 }))).toBe(
      400,
    );

    const broken = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setAnaInLimits,
      edit(bottom, { limit: top.limit + 1 }),
    );
    expect(broken.status).toBe('Failed');
    expect(broken.errorMessage).toContain(
      'Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.',
    );

    const stale = { ...top, limit: top.limit - 1 };
    const conflict = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setAnaInLimits,
      edit(stale, { limit: top.limit + 1 }),
    );
    expect(conflict.status).toBe('Conflict');
    // SPEC §3: limits are named by their suffix codes ugw, mugw, mogw, ogw.
    expect(conflict.errorMessage).toMatch(/ ogw$/);

    const denied = await post<PvActionResult>(
      viewer,
      PV_ACTION_API.setAnaInLimits,
      edit(top, { priority: 3 }),
    );
    expect(denied.status).toBe('Unauthorized');
    // All four limits of one PV refused: the PV is named once, not once per limit.
    const all = await post<PvActionResult>(viewer, PV_ACTION_API.setAnaInLimits, {
      oldValues: limits,
      newValues: limits.map((l) => ({ ...l, priority: 3 })),
    });
    expect(limits.length).toBeGreaterThan(1);
    expect(all.status).toBe('Unauthorized');
    expect(all.unauthorizedPvs).toEqual([ai.pvRef]);

    const watcher = await hub(viewer, HUBS.pv);
    await watcher.connection.invoke(HUB_METHODS.pv.subscribeToLimitConfigs, [pvKey(ai.pvRef)]);
    const newTop = Math.round((top.limit + 0.01) * 100) / 100;
    const ok = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setAnaInLimits,
      edit(top, { limit: newTop, priority: 0, delayTime: 65535 }),
    );
    expect(ok.status).toBe('Success');
    await waitFor(
      () =>
        watcher.received.some(
          (m) => m.name === 'newLimitConfig' && (m.args[0] as PvLimitConfig).limit === newTop,
        ),
      5000,
      'newLimitConfig',
    );
    const reloaded = await post<PvLimitConfig[]>(operator, ACTION_EXTRA_API.limitConfigs, [
      ai.pvRef,
    ]);
    expect(reloaded.find((l) => l.pvLimitRef.limitType === 'Top')).toMatchObject({
      limit: newTop,
      priority: 0,
      delayTime: 65535,
    });
    // The same old values again no longer match.
    const again = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setAnaInLimits,
      edit(top, { limit: newTop + 1 }),
    );
    expect(again.status).toBe('Conflict');
    const events = (await (
      await operator.fetch(
        `${ALERT_API.controlEvents}?start=${new Date(Date.now() - 60_000).toISOString()}&end=${new Date(Date.now() + 60_000).toISOString()}&limit=50`,
      )
    ).json()) as ControlEventListResult;
    expect(
      events.events.some((e) => e.text.startsWith(`Grenzwert ogw gesetzt: ${ai.name} = ${newTop}`)),
      'the control event names the limit by its code',
    ).toBe(true);
  });
});

describe('POST /api/Pv/DigiIn/set-priorities', () => {
  it('AC5: refuses priorities outside 0-9, changed old values and viewers; saves good ones and newConfig follows', async () => {
    const input = find(
      (c) => c.pvRef.type === 'DigiIn' && c.alertInputConfig !== null,
      'failure input',
    );
    const old = { pvRef: input.pvRef, priority: input.alertInputConfig!.priority };
    const edit = (o: typeof old, priority: number) => ({
      oldValues: [o],
      newValues: [{ ...o, priority }],
    });
    expect(await status(operator, PV_ACTION_API.setDigiInPriorities, edit(old, 10))).toBe(400);
    expect(await status(operator, PV_ACTION_API.setDigiInPriorities, edit(old, 1.5))).toBe(400);
    const conflict = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setDigiInPriorities,
      edit({ ...old, priority: (old.priority + 1) % 10 }, 0),
    );
    expect(conflict.status).toBe('Conflict');
    const denied = await post<PvActionResult>(
      viewer,
      PV_ACTION_API.setDigiInPriorities,
      edit(old, 9),
    );
    expect(denied.status).toBe('Unauthorized');
    const running = find(
      (c) => c.pvRef.type === 'DigiIn' && c.alertInputConfig === null,
      'input without alert',
    );
    const missing = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setDigiInPriorities,
      edit({ pvRef: running.pvRef, priority: 1 }, 2),
    );
    expect(missing.missingPvs).toEqual([running.pvRef]);

    const watcher = await hub(viewer, HUBS.pv);
    await watcher.connection.invoke(HUB_METHODS.pv.subscribeToConfigs, [pvKey(input.pvRef)]);
    const next = old.priority === 9 ? 8 : 9;
    const ok = await post<PvActionResult>(
      operator,
      PV_ACTION_API.setDigiInPriorities,
      edit(old, next),
    );
    expect(ok.status).toBe('Success');
    await waitFor(
      () =>
        watcher.received.some(
          (m) =>
            m.name === 'newConfig' && (m.args[0] as PvConfig).alertInputConfig?.priority === next,
        ),
      5000,
      'newConfig with the new priority',
    );
  });
});

describe('priority outputs', () => {
  it('AC6: options list stations and PV groups; viewers are refused; a set output is acknowledged once, then there is none', async () => {
    const res = await operator.fetch(API.station.ackPriorityOutputOptions);
    const options = (await res.json()) as PriorityOutputOptions;
    expect(options.hasOptions).toBe(true);
    expect(options.optionsForStation.some((o) => o.pvGroups.length === 0)).toBe(true);
    const station = options.optionsForStation.find((o) => o.pvGroups.length > 0)!;
    const group = station.pvGroups[0]!;
    const path = `${PV_ACTION_API.ackPriorityOutputs}?station=${station.stationNumber}&pvGroup=${group.id}`;
    expect((await post<PriorityOutputAckResult>(viewer, path)).status).toBe('Unauthorized');
    expect(await post<PriorityOutputAckResult>(operator, path)).toEqual({
      status: 'Success',
      errorMessage: null,
    });
    expect((await post<PriorityOutputAckResult>(operator, path)).status).toBe('NotFound');
    expect(
      await status(
        operator,
        `${PV_ACTION_API.ackPriorityOutputs}?station=${station.stationNumber}&pvGroup=999999`,
        undefined,
      ),
    ).toBe(400);
    expect(
      await status(operator, `${PV_ACTION_API.ackPriorityOutputs}?station=x&pvGroup=1`, undefined),
    ).toBe(400);
  });
});

describe('text messages', () => {
  it('AC7: refuses empty texts, unknown outputs and viewers; saves a text, reads it back and newMessage follows', async () => {
    const outputs = (await (
      await operator.fetch(ACTION_EXTRA_API.textOutputs)
    ).json()) as TextOutput[];
    const edit = outputs.find((o) => o.mode === 'Edit')!;
    expect(outputs.some((o) => o.mode === 'DirectWithAcknowledge')).toBe(true);
    expect(await status(operator, TEXT_MESSAGE_API.set, [{ id: edit.id, message: '   ' }])).toBe(
      400,
    );
    const unknown = await post<TextMessageSaveResult>(operator, TEXT_MESSAGE_API.set, [
      { id: 999_999, message: 'x' },
    ]);
    expect(unknown.status).toBe('NotFound');
    const denied = await post<TextMessageSaveResult>(viewer, TEXT_MESSAGE_API.set, [
      { id: edit.id, message: 'x' },
    ]);
    expect(denied.status).toBe('Unauthorized');

    const watcher = await hub(viewer, HUBS.visuTextMessage);
    await watcher.connection.invoke(HUB_METHODS.visuTextMessage.subscribe, [
      textMessageKey(edit.id),
    ]);
    const ok = await post<TextMessageSaveResult>(operator, TEXT_MESSAGE_API.set, [
      { id: edit.id, message: 'Wartung ab 14 Uhr' },
    ]);
    expect(ok).toEqual({ status: 'Success', message: null });
    expect(await post<TextMessage[]>(viewer, TEXT_MESSAGE_API.get, [edit.id])).toEqual([
      { id: edit.id, message: 'Wartung ab 14 Uhr' },
    ]);
    await waitFor(
      () =>
        watcher.received.some(
          (m) =>
            m.name === 'newMessage' && (m.args[0] as TextMessage).message === 'Wartung ab 14 Uhr',
        ),
      5000,
      'newMessage',
    );
  });
});

describe('persistence', () => {
  it('AC8: limits, priorities, runtimes and text messages survive a restart', async () => {
    const ai = find(
      (c) => c.pvRef.type === 'AnaIn' && c.anaLimitConfig?.upper != null && c.stationNumber === 2,
      'AnaIn at station 2',
    );
    const [top] = (
      await post<PvLimitConfig[]>(operator, ACTION_EXTRA_API.limitConfigs, [ai.pvRef])
    ).filter((l) => l.pvLimitRef.limitType === 'Top');
    const newTop = Math.round((top!.limit + 0.02) * 100) / 100;
    expect(
      (
        await post<PvActionResult>(operator, PV_ACTION_API.setAnaInLimits, {
          oldValues: [top],
          newValues: [{ ...top, limit: newTop }],
        })
      ).status,
    ).toBe('Success');
    const input = find(
      (c) => c.pvRef.type === 'DigiIn' && c.alertInputConfig !== null && c.stationNumber === 2,
      'failure input at station 2',
    );
    const old = { pvRef: input.pvRef, priority: input.alertInputConfig!.priority };
    const priority = old.priority === 0 ? 1 : 0;
    expect(
      (
        await post<PvActionResult>(operator, PV_ACTION_API.setDigiInPriorities, {
          oldValues: [old],
          newValues: [{ ...old, priority }],
        })
      ).status,
    ).toBe('Success');
    const edit = (
      (await (await operator.fetch(ACTION_EXTRA_API.textOutputs)).json()) as TextOutput[]
    ).find((o) => o.stationNumber === 2 && o.mode === 'Edit')!;
    expect(
      (
        await post<TextMessageSaveResult>(operator, TEXT_MESSAGE_API.set, [
          { id: edit.id, message: 'bleibt' },
        ])
      ).status,
    ).toBe('Success');

    await server.stop();
    await server.restart();
    const again = await signInHttp(server.url, 'operator');
    const limits = await post<PvLimitConfig[]>(again, ACTION_EXTRA_API.limitConfigs, [ai.pvRef]);
    expect(limits.find((l) => l.pvLimitRef.limitType === 'Top')!.limit).toBe(newTop);
    const [config] = await post<PvConfig[]>(again, API.pv.configs, [input.pvRef]);
    expect(config!.alertInputConfig!.priority).toBe(priority);
    expect(await post<TextMessage[]>(again, TEXT_MESSAGE_API.get, [edit.id])).toEqual([
      { id: edit.id, message: 'bleibt' },
    ]);
    // AC3 set this pump's operating hours to 1234 before the restart.
    const running = find(
      (c) => c.pvRef.type === 'DigiIn' && c.subtype === 'Betriebsmeldung',
      'pump running input',
    );
    const runtimes = await post<RuntimesResponse>(again, PV_ACTION_API.runtimes, [running.pvRef]);
    const hours = runtimes.runtimeValues.find(
      (r) => r.runtimeValue.runtimeType === 'Betriebszeit',
    )!;
    expect(hours.runtimeValue.value).toBeGreaterThanOrEqual(1234);
    expect(hours.runtimeValue.value).toBeLessThan(1235);
    operator = again;
  }, 60_000);
  it('AC9: acknowledging a failure input publishes newAck to its SubscribeToAcks subscribers; a later subscriber gets the last one', async () => {
    const input = find(
      (c) => c.pvRef.type === 'DigiIn' && c.alertInputConfig !== null,
      'failure input',
    );
    const other = find(
      (c) =>
        c.pvRef.type === 'DigiIn' && c.alertInputConfig !== null && c.pvRef.nr !== input.pvRef.nr,
      'second failure input',
    );
    const a = await hub(viewer, HUBS.pv);
    await a.connection.invoke(HUB_METHODS.pv.subscribeToAcks, [pvKey(input.pvRef)]);
    // A viewer may not acknowledge: nothing is published.
    const refused = await post<PvActionResult>(viewer, PV_ACTION_API.ackDigiIn, [input.pvRef]);
    expect(refused.status).toBe('Unauthorized');
    const before = Date.now();
    const ok = await post<PvActionResult>(operator, PV_ACTION_API.ackDigiIn, [
      input.pvRef,
      other.pvRef,
    ]);
    expect(ok.status).toBe('Success');
    await waitFor(() => a.received.some((m) => m.name === 'newAck'));
    const acks = a.received.filter((m) => m.name === 'newAck').map((m) => m.args[0] as PvAck);
    // Only the subscribed PV, once, with who and when.
    expect(acks).toHaveLength(1);
    expect(acks[0]!.pvRef).toEqual(input.pvRef);
    expect(acks[0]!.acknowledgedBy).toBe('operator');
    expect(acks[0]!.acknowledgedAt).toBeGreaterThanOrEqual(before - 1000);
    const b = await hub(viewer, HUBS.pv);
    await b.connection.invoke(HUB_METHODS.pv.subscribeToAcks, [pvKey(other.pvRef)]);
    await waitFor(() => b.received.some((m) => m.name === 'newAck'));
    expect((b.received.find((m) => m.name === 'newAck')!.args[0] as PvAck).pvRef).toEqual(
      other.pvRef,
    );
  });
});
