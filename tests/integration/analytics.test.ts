/**
 * Energy optimisation and pipe leakage on the reference server, on a fake clock: the hubs push
 * a key's values right after its subscribe and as time goes on, a simulated leak turns its zone
 * to Leak after the detection window and raises a PipeLeakage alert that clears when the leak
 * is stopped; the routes check rights and input — rules AN1..AN4.
 */
import { describe, expect, it } from 'vitest';
import { steppedClock } from '../support/steppedClock.ts';
import { inProcessPerFile } from '../support/serverPerFile.ts';
import type { SessionUser } from '../../server/auth/service.ts';
import {
  ENERGY_API,
  type EnergyOptimisationValues,
  type SpecificEnergy,
} from '../../src/contract/energy.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../src/contract/hubs.ts';
import { LEAKAGE_API, type PipeLeakage } from '../../src/contract/leakage.ts';
import { DETECTION_WINDOW_MS } from '../../server/leakage/leakageModel.ts';
import { buildClient, waitFor } from '../support/hubTestServer.ts';
import { createRealTimers } from '../../src/domain/timers.ts';

const user = (
  username: SessionUser['role'],
  rights: SessionUser['rights'] extends ReadonlySet<infer R> ? R[] : never,
): SessionUser => ({
  userId: username.length,
  username,
  role: username,
  rights: new Set(rights),
  stations: null,
  sessionId: username,
});
const USERS: Record<string, SessionUser> = {
  admin: user('admin', ['admin']),
  viewer: user('viewer', []),
};

/** The server's clock, moved with the simulator. */
const clock = steppedClock(Date.UTC(2026, 10, 23, 11, 0, 5), () => plant.server.simulation!);

const plant = inProcessPerFile(
  // The plant's default week of alert and event history.
  { PEGEL_HISTORY_DAYS: '7' },
  {
    build: {
      // Two months of history: each simulated station's history is a run of its model, and
      // thirteen months of it for every station a report touches would make the test heavy.
      archive: { spans: { months: 2, quarterHourDays: 35, rawDays: 3, rawIntervalMs: 60_000 } },
      now: () => clock.now,
      // The hubs keep wall-clock time: jumping the plant's clock by minutes must not read as
      // clients silent past their timeout.
      hubOptions: { timers: createRealTimers({ unref: true }) },
      auth: {
        userOf: (request) => {
          const cookie = String(request.headers.cookie ?? '');
          const name = /test-user=(\w+)/.exec(cookie)?.[1];
          return name ? (USERS[name] ?? null) : null;
        },
      },
    },
  },
);

const as = (name: string, path: string, init: RequestInit = {}) =>
  fetch(plant.url + path, {
    ...init,
    headers: { Cookie: `test-user=${name}`, 'Content-Type': 'application/json', ...init.headers },
  });

async function subscribe<T>(hub: string, method: string, message: string, keys: string[]) {
  const conn = buildClient(plant.url + hub, { cookie: 'test-user=admin' });
  const received: T[] = [];
  conn.on(message, (item: T) => received.push(item));
  await conn.start();
  await conn.invoke(method, keys);
  return { conn, received };
}

/** The pipe-leakage hub's pushes of one zone's state, from its subscribe on. */
const leakageZone = (id: string) =>
  subscribe<PipeLeakage>(
    HUBS.pipeLeakage,
    HUB_METHODS.pipeLeakage.subscribeToConfigs,
    HUB_MESSAGES.newConfig,
    [id],
  );

describe('energy optimisation and pipe leakage', () => {
  it('AN1: energy values arrive right after a subscribe and follow the period as time goes on', async () => {
    const { conn, received } = await subscribe<EnergyOptimisationValues>(
      HUBS.energyOpt,
      HUB_METHODS.energyOpt.subscribe,
      HUB_MESSAGES.newValue,
      ['2'],
    );
    try {
      // Generous waits: the meter reads station 2's archive history right after the subscribe.
      await waitFor(() => received.length > 0, 30_000);
      const first = received.at(-1)!;
      expect(first.stationNumber).toBe(2);
      expect(first.sollleistung).toBe(135);
      expect(first.periodenrestzeit).toBe(895);
      clock.advance(10_000);
      await waitFor(
        () => received.at(-1)!.periodenrestzeit === 885,
        30_000,
        `885, got ${received.map((v) => v.periodenrestzeit).join(',')}`,
      );
      // The next period starts with a fresh rest time and the utility's impulse.
      clock.advance(886_000);
      await waitFor(() => received.at(-1)!.periodenrestzeit > 890, 30_000);
      expect(received.at(-1)!.evuImpuls).toBe(true);
      expect(received.every((v) => v.stationNumber === 2)).toBe(true);
    } finally {
      await conn.stop();
    }
    // 886 simulator ticks one by one and the first read of station 2's archive history (the
    // period maximum starts from it): seconds of work that a busy machine stretches.
  }, 60_000);

  it('AN2: a simulated leak is detected after the window, raises a PipeLeakage alert, and clears when stopped', async () => {
    const { conn, received } = await leakageZone('1');
    try {
      await waitFor(() => received.length > 0);
      expect(received.at(-1)!.measurementState).toBe('Ok');
      const start = await as('admin', LEAKAGE_API.simulateLeak, {
        method: 'POST',
        body: JSON.stringify({ pipeLeakageId: 1, flow: 25 }),
      });
      expect(start.status).toBe(200);
      clock.advance(DETECTION_WINDOW_MS / 2);
      expect(received.at(-1)!.measurementState).toBe('Ok');
      clock.advance(DETECTION_WINDOW_MS);
      await waitFor(() => received.at(-1)!.measurementState === 'Leak');
      expect(received.at(-1)!.measurementChange).toBeGreaterThan(20);
      const leakAlerts = () =>
        plant.server.alerts.archive
          .current()
          .filter((a) => a.source?.type === 'PipeLeakage' && a.source.id === 1);
      expect(leakAlerts()).toHaveLength(1);
      expect(leakAlerts()[0]!.text).toContain('Versorgungszone Kirchberg: Leckage erkannt');
      expect(leakAlerts()[0]!.cleared).toBe(false);
      // A view opened now gets the zone's alarm state right after its subscribe.
      const states = await subscribe<{ pendingCount: number; highestPriority: number }>(
        HUBS.alert,
        HUB_METHODS.alert.subscribeToAlertState,
        HUB_MESSAGES.newAlertState,
        ['PipeLeakage:1'],
      );
      await waitFor(() => states.received.length > 0);
      expect(states.received[0]).toMatchObject({ pendingCount: 1, highestPriority: 1 });
      await states.conn.stop();

      await as('admin', LEAKAGE_API.simulateLeak, {
        method: 'POST',
        body: JSON.stringify({ pipeLeakageId: 1, flow: 0 }),
      });
      clock.advance(2 * DETECTION_WINDOW_MS);
      await waitFor(() => received.at(-1)!.measurementState === 'Ok');
      expect(
        plant.server.alerts.archive.current().find((a) => a.source?.type === 'PipeLeakage')
          ?.cleared,
      ).toBe(true);
    } finally {
      await conn.stop();
    }
  });

  it('AN4: a leak started by day shows at once in the loss per day (the shown excess × 24 h); the night named is the one just past', async () => {
    const { conn, received } = await leakageZone('2');
    try {
      await waitFor(() => received.length > 0);
      // The server started at 12:00 on 23.11. (Berlin): last night's window is 23.11. 02:00–04:00.
      expect(received.at(-1)!.minMaxBegin).toBe(Date.UTC(2026, 10, 23, 1));
      expect(received.at(-1)!.minMaxEnd).toBe(Date.UTC(2026, 10, 23, 3));
      const start = await as('admin', LEAKAGE_API.simulateLeak, {
        method: 'POST',
        body: JSON.stringify({ pipeLeakageId: 2, flow: 12 }),
      });
      expect(start.status).toBe(200);
      clock.advance(5_000);
      await waitFor(() => received.at(-1)!.measurementChange > 10);
      for (const v of received.slice(-3)) {
        expect(v.lossPerDayM3).toBe(Math.round(Math.max(0, v.measurementChange) * 24 * 10) / 10);
      }
      expect(received.at(-1)!.lossPerDayM3!).toBeGreaterThan(10 * 24);
    } finally {
      await as('admin', LEAKAGE_API.simulateLeak, {
        method: 'POST',
        body: JSON.stringify({ pipeLeakageId: 2, flow: 0 }),
      });
      await conn.stop();
    }
  });

  it('AN3: the lists need a session; the leak switch needs admin and valid input', async () => {
    const stations = (await (await as('viewer', ENERGY_API.stations)).json()) as unknown[];
    expect(stations).toHaveLength(11);
    const sections = (await (await as('viewer', LEAKAGE_API.sections)).json()) as {
      stationNumber?: number;
    }[];
    expect(sections).toHaveLength(4);
    // The station that measures each zone: its connection decides whether the zone is stale.
    expect(sections.map((s) => s.stationNumber)).toEqual([3, 4, 5, 12]);
    expect((await fetch(plant.url + ENERGY_API.stations)).status).toBe(401);
    const post = (who: string, body: unknown) =>
      as(who, LEAKAGE_API.simulateLeak, { method: 'POST', body: JSON.stringify(body) });
    expect((await post('viewer', { pipeLeakageId: 1, flow: 5 })).status).toBe(403);
    expect((await post('admin', { pipeLeakageId: 1, flow: -5 })).status).toBe(400);
    expect((await post('admin', { pipeLeakageId: 99, flow: 5 })).status).toBe(404);
    // Specific energy from the archive's day means: kWh per m³ over a day, a week, a month.
    const specific = (await (
      await as('viewer', ENERGY_API.specific.replace(':nr', '2'))
    ).json()) as SpecificEnergy[];
    expect(specific.map((s) => [s.span, s.days])).toEqual([
      ['day', 1],
      ['week', 7],
      ['month', 30],
    ]);
    for (const s of specific) {
      expect(s.kwhPerM3).toBeGreaterThan(0.05);
      expect(s.kwhPerM3).toBeLessThan(2);
      expect(s.kwhPerM3!).toBeCloseTo(s.energyKwh / s.volumeM3, 2);
    }
    expect((await as('viewer', ENERGY_API.specific.replace(':nr', '12'))).status).toBe(404);
    expect((await as('viewer', ENERGY_API.specific.replace(':nr', 'x'))).status).toBe(400);
  });
});
