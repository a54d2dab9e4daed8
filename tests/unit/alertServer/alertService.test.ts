/** The alert service: SQLite archive and alert hub publishing (SPEC §7 "Alerts", hub messages). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertHubHandle } from '../../../server/hubs/alertHub.ts';
import { AlertService, PENDING_LISTS_INTERVAL_MS } from '../../../server/alerts/AlertService.ts';
import type { NewAlert } from '../../../server/alerts/AlertArchive.ts';
import type { Plant } from '../../../server/plant/types.ts';
import { openDatabase, type Db } from '../../../server/store/db.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const dirs: string[] = [];
const dbs: Db[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const db of dbs.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(seedCount = 0, pendingWatched = true) {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-alerts-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  dbs.push(db);
  const published: [string, unknown[]][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      published.push([name, args]);
  const hub = {
    publishNewAlert: record('newAlert'),
    publishAckAlert: record('ackAlert'),
    publishAckAlerts: record('ackAlerts'),
    publishDeletedAlerts: record('deletedAlerts'),
    publishPendingAlerts: record('newPendingAlerts'),
    pendingAlertsWatched: () => pendingWatched,
    publishAlertState: record('newAlertState'),
    setPendingAlertsSource: () => undefined,
    setAlertStateSource: () => undefined,
  } as unknown as AlertHubHandle;
  const plant = { on: () => () => undefined } as unknown as Plant;
  const service = new AlertService({ db, now: () => NOW, plant, hub, seedCount });
  return { service, published };
}

const alert = (stationNumber: number, priority = 3): NewAlert => ({
  timestamp: NOW,
  pvRef: { type: 'AnaIn', nr: stationNumber * 1000 + 1 },
  source: null,
  stationNumber,
  stationName: `Station ${stationNumber}`,
  sourceName: 'Füllstand',
  text: 'Grenzwert oben überschritten',
  priority,
});

describe('alert service', () => {
  it('AS-S1: a raised alert is stored pending and published with its PV group', () => {
    const { service, published } = setup();
    const a = service.raise(alert(4));
    expect(a).toMatchObject({ state: 'pending', cleared: false, stationNumber: 4 });
    expect(published.map(([n]) => n)).toEqual(['newAlert', 'newPendingAlerts']);
    expect(published[1]![1][0]).toBe(4);
    expect(service.pendingByGroup()).toEqual([{ pvGroupId: 4, alerts: [a] }]);
  });

  it('AS-S2: acknowledging records who and when and publishes ackAlert / ackAlerts', () => {
    const { service, published } = setup();
    const a = service.raise(alert(1));
    const b = service.raise(alert(2));
    published.length = 0;
    expect(service.acknowledge([a.id], 'operator')).toEqual([
      { id: a.id, acknowledgedBy: 'operator', acknowledgedAt: NOW },
    ]);
    expect(service.acknowledge([a.id], 'operator')).toEqual([]); // already acknowledged
    expect(published[0]![0]).toBe('ackAlert');
    published.length = 0;
    service.raise(alert(3));
    published.length = 0;
    expect(service.acknowledge('all', 'admin').map((x) => x.id)).toContain(b.id);
    expect(published[0]![0]).toBe('ackAlerts');
    expect(service.archive.get(b.id)).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: 'admin',
    });
  });

  it('AS-S3: deleting answers the ids that existed and publishes deletedAlerts', () => {
    const { service, published } = setup();
    const a = service.raise(alert(1));
    published.length = 0;
    expect(service.delete([a.id, 999])).toEqual([a.id]);
    expect(published[0]).toEqual(['deletedAlerts', [[{ id: a.id }]]]);
    expect(service.archive.get(a.id)).toBeUndefined();
  });

  it('AS-S4: the seed fills an empty archive once; lists are newest first with remainingCount', () => {
    const { service } = setup(5000);
    expect(service.archive.count()).toBe(5000);
    const r = service.archive.list(NOW - 40 * 86_400_000, NOW, 100);
    expect(r.alerts).toHaveLength(100);
    expect(r.remainingCount).toBe(4900);
    const ts = r.alerts.map((a) => a.timestamp);
    expect([...ts].sort((x, y) => y - x)).toEqual(ts);
  });

  it('AS-S5: a cleared alert is published again with cleared set', () => {
    const { service, published } = setup();
    const a = service.raise(alert(1));
    published.length = 0;
    service.clear(a.id, NOW + 1000);
    expect(published[0]![0]).toBe('newAlert');
    expect(published[0]![1][0]).toMatchObject({ id: a.id, cleared: true, clearedAt: NOW + 1000 });
  });

  it('AS-S6 (AL2): alerts raised and cleared together are published each, the pending list once per station and at most every 5 s', () => {
    vi.useFakeTimers();
    const { service, published } = setup();
    const raised = service.raiseMany([alert(1), alert(2), alert(1, 1)]);
    expect(raised.map((a) => a.stationNumber)).toEqual([1, 2, 1]);
    expect(published.map(([n]) => n)).toEqual([
      'newAlert',
      'newAlert',
      'newAlert',
      'newPendingAlerts',
      'newPendingAlerts',
    ]);
    const pending = new Map(published.slice(3).map(([, args]) => [args[0], args[1]]));
    expect((pending.get(1) as { id: number }[]).map((a) => a.id).sort()).toEqual(
      [raised[0]!.id, raised[2]!.id].sort(),
    );
    expect(pending.get(2)).toEqual([raised[1]]);
    published.length = 0;
    service.clearMany([raised[0]!.id, raised[0]!.id, 999], NOW + 5000);
    // The lists went out just now: this change waits for the end of the interval.
    expect(published.map(([n]) => n)).toEqual(['newAlert']);
    vi.advanceTimersByTime(PENDING_LISTS_INTERVAL_MS);
    expect(published.map(([n]) => n)).toEqual(['newAlert', 'newPendingAlerts']);
    expect(published[0]![1][0]).toMatchObject({ id: raised[0]!.id, cleared: true });
    // Cleared but not acknowledged: still in the current list (ISA-18.2).
    expect((published[1]![1][1] as unknown[]).length).toBe(2);
  });

  it('AS-S7: without a subscriber to newPendingAlerts the lists are not built', () => {
    const { service, published } = setup(0, false);
    service.raise(alert(1));
    service.raiseMany([alert(2), alert(3)]);
    expect(published.map(([n]) => n)).toEqual(['newAlert', 'newAlert', 'newAlert']);
  });

  it('AS-S8 (AL3): one active alert per condition: raised again it answers the standing one, published once; the database refuses a second; after it cleared a new one is raised', () => {
    const { service, published } = setup();
    const top = { ...alert(2), condition: 'ai2001|Top' };
    const first = service.raise(top);
    const again = service.raise({ ...top, timestamp: NOW + 1000 });
    expect(again.id).toBe(first.id);
    expect(service.raiseMany([top, { ...alert(2), condition: 'ai2001|Bottom' }])).toHaveLength(1);
    expect(published.filter(([n]) => n === 'newAlert')).toHaveLength(2);
    expect(service.archive.count()).toBe(2);
    // Written past the service: the unique index over the active alerts refuses it.
    const db = dbs.at(-1)!;
    expect(() =>
      db
        .prepare(
          `INSERT INTO alerts (ts, station_name, source_name, text, priority, condition)
           VALUES (1, 'S', 'Q', 'T', 1, 'ai2001|Top')`,
        )
        .run(),
    ).toThrow(/UNIQUE/);
    service.clear(first.id, NOW + 2000);
    const next = service.raise({ ...top, timestamp: NOW + 3000 });
    expect(next.id).not.toBe(first.id);
    expect(service.archive.activeFor('ai2001|Top')?.id).toBe(next.id);
  });
});
