/** SPEC §7 "Alerts" on the real server with a seeded archive; rights per SPEC §6. */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import type {
  AlertAckResult,
  AlertDeleteResult,
  AlertListResult,
  ControlEventListResult,
  Priority,
} from '../../src/contract/alerts.ts';
import { ALERT_API } from '../../src/contract/alerts.ts';
import type { SignedIn } from '../support/login.ts';

const SEED = 2000;
const plant = signedInPlant(['operator', 'viewer'], {
  env: { PEGEL_ALERT_ARCHIVE_SEED: String(SEED) },
});

function range(limit: number, days = 60): string {
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - days * 86_400_000).toISOString();
  return `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}&limit=${limit}`;
}

async function list(who: SignedIn, limit: number): Promise<AlertListResult> {
  const res = await who.fetch(`${ALERT_API.list}?${range(limit)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as AlertListResult;
}

describe('alerts API (SPEC §7 "Alerts")', () => {
  it('AL1: the list answers the newest `limit` alerts first and counts the rest', async () => {
    const r = await list(plant.viewer, 100);
    expect(r.alerts).toHaveLength(100);
    expect(r.remainingCount).toBeGreaterThanOrEqual(SEED - 100);
    const ts = r.alerts.map((a) => a.timestamp);
    expect([...ts].sort((a, b) => b - a)).toEqual(ts);
  });

  it('AL2: bad queries answer 400 in the one error shape, not 500', async () => {
    for (const q of [
      '',
      'start=yesterday&end=now&limit=5',
      `${range(0)}`,
      `${range(10)}&x=1`.replace('limit=10', 'limit=abc'),
    ]) {
      const res = await plant.viewer.fetch(`${ALERT_API.list}?${q}`);
      expect(res.status, q).toBe(400);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBeTruthy();
    }
    const inverted = `start=${new Date().toISOString()}&end=${new Date(0).toISOString()}&limit=5`;
    expect((await plant.viewer.fetch(`${ALERT_API.list}?${inverted}`)).status).toBe(400);
    const res = await plant.operator.fetch(ALERT_API.ack, {
      method: 'POST',
      body: JSON.stringify({ ids: 'x' }),
    });
    expect(res.status).toBe(400);
  });

  it('AL3: ack-all without the right answers status Unauthorized (SPEC §6)', async () => {
    const res = await plant.viewer.fetch(ALERT_API.ackAll, { method: 'POST', body: '{}' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AlertAckResult;
    expect(body.status).toBe('Unauthorized');
    expect(body.acked).toEqual([]);
  });

  it('AL4: acknowledging returns acked with who and when; the list then shows them acknowledged', async () => {
    const pending = (await list(plant.operator, 500)).alerts.filter((a) => a.state === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    const ids = pending.slice(0, 2).map((a) => a.id);
    const denied = (await (
      await plant.viewer.fetch(ALERT_API.ack, { method: 'POST', body: JSON.stringify({ ids }) })
    ).json()) as AlertAckResult;
    expect(denied.status).toBe('Unauthorized');
    const res = await plant.operator.fetch(ALERT_API.ack, {
      method: 'POST',
      body: JSON.stringify({ ids }),
    });
    const body = (await res.json()) as AlertAckResult;
    expect(body.status).toBe('Success');
    expect(body.acked.map((a) => a.id).sort()).toEqual([...ids].sort());
    expect(body.acked[0]!.acknowledgedBy).toBe('operator');
    const after = (await list(plant.operator, 500)).alerts.filter((a) => ids.includes(a.id));
    expect(after.every((a) => a.state === 'acknowledged' && a.acknowledgedBy === 'operator')).toBe(
      true,
    );
  });

  it('AL5: a viewer cannot delete; an operator deletes and gets the deleted ids', async () => {
    const [a, b] = (await list(plant.operator, 2)).alerts;
    const body = JSON.stringify([{ id: a!.id }, { id: b!.id }, { id: -5 }]);
    const denied = (await (
      await plant.viewer.fetch(ALERT_API.delete, { method: 'DELETE', body })
    ).json()) as AlertDeleteResult;
    expect(denied.status).toBe('Unauthorized');
    expect(denied.deleted).toEqual([]);
    const ok = (await (
      await plant.operator.fetch(ALERT_API.delete, { method: 'DELETE', body })
    ).json()) as AlertDeleteResult;
    expect(ok.status).toBe('Success');
    expect(ok.deleted.map((d) => d.id).sort()).toEqual([a!.id, b!.id].sort());
    const ids = (await list(plant.operator, 50)).alerts.map((x) => x.id);
    expect(ids).not.toContain(a!.id);
  });

  it('AL6: control events record the acknowledgements; priorities 0-9 carry colours', async () => {
    const events = (await (
      await plant.operator.fetch(`${ALERT_API.controlEvents}?${range(50, 1)}`)
    ).json()) as ControlEventListResult;
    expect(events.events.some((e) => e.user === 'operator' && /quittiert/.test(e.text))).toBe(true);
    const prios = (await (
      await plant.viewer.fetch('/api/SystemConfig/priorities')
    ).json()) as Priority[];
    expect(prios.map((p) => p.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(prios.map((p) => p.color)).size).toBe(10);
  });

  it('AL7: the list needs a signed-in user', async () => {
    expect((await fetch(`${plant.server.url}${ALERT_API.list}?${range(5)}`)).status).toBe(401);
  });
});

describe('audit trail (SPEC §2 system event archive, control events)', () => {
  it('AU1: sign-in and dial actions leave system and control events', async () => {
    const dial = await plant.operator.fetch('/api/station/call', {
      method: 'POST',
      body: JSON.stringify({ action: 'Status', stations: [{ stationNumber: 6 }] }),
    });
    expect(dial.status).toBe(200);
    const system = await plant.operator.fetch(`/api/systemevents?${range(500)}`);
    expect(system.status).toBe(200);
    const { events } = (await system.json()) as { events: { category: string; user: string }[] };
    expect(events.some((e) => e.category === 'Login' && e.user === 'operator')).toBe(true);
    const control = await plant.operator.fetch(`${ALERT_API.controlEvents}?${range(500)}`);
    const result = (await control.json()) as ControlEventListResult;
    expect(
      result.events.some(
        (e) => e.stationNumber === 6 && e.user === 'operator' && /Status/.test(e.text),
      ),
    ).toBe(true);
  });
});
