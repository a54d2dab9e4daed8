/** A plant that alarms as a real one does: the first start's week of history — rules HI1, HI2. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertArchive } from '../../../server/alerts/AlertArchive.ts';
import { EventArchive } from '../../../server/alerts/EventArchive.ts';
import { seedHistory } from '../../../server/alerts/historySeed.ts';
import { openDatabase } from '../../../server/store/db.ts';
import { makePlant, START } from '../plant/plantFixtures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function archives() {
  const dir = mkdtempSync(join(tmpdir(), 'pegel-history-'));
  dirs.push(dir);
  const db = openDatabase(dir);
  return { db, alerts: new AlertArchive(db), events: new EventArchive(db, () => START) };
}

describe('history of the first start', () => {
  it("HI1: seven days of the plant's own alarms, acknowledged and gone, with their control events and the shift sign-ins", () => {
    const { db, alerts, events } = archives();
    const plant = makePlant();
    const result = seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 });
    // About three an hour: 7 × 24 × 3 ≈ 500.
    expect(result.alerts).toBeGreaterThan(300);
    expect(result.alerts).toBeLessThan(750);
    const list = alerts.list(START - 8 * 86_400_000, START, 10_000).alerts;
    expect(list).toHaveLength(result.alerts);
    const names = new Set(plant.stations().map((s) => s.name));
    for (const a of list) {
      expect(names.has(a.stationName)).toBe(true);
      expect(plant.config(a.pvRef!)).toBeDefined();
      expect(a.state).toBe('acknowledged');
      expect(a.cleared).toBe(true);
      expect(a.timestamp).toBeLessThanOrEqual(START - 3_600_000);
    }
    // Nothing is current: the live list starts with what the running plant raises.
    expect(alerts.current()).toHaveLength(0);
    const controls = events.controlEvents(START - 8 * 86_400_000, START, 10_000);
    expect(controls.events.length).toBe(result.alerts);
    const system = events.systemEvents(START - 8 * 86_400_000, START, 10_000);
    expect(system.events.filter((e) => e.category === 'Login').length).toBeGreaterThanOrEqual(20);
    db.close();
  });

  it('HI2: a second start, or days 0, writes nothing', () => {
    const { db, alerts, events } = archives();
    const plant = makePlant();
    expect(seedHistory({ plant, alerts, events, nowMs: START, days: 0, seed: 1 }).alerts).toBe(0);
    const first = seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 });
    expect(first.alerts).toBeGreaterThan(0);
    expect(seedHistory({ plant, alerts, events, nowMs: START, days: 7, seed: 1 })).toEqual({
      alerts: 0,
      events: 0,
    });
    db.close();
  });
});
