/**
 * A dial-up station that has not called in for longer than its call-in interval is overdue,
 * unlike one that called 20 minutes ago — rule OD1; the simulated plant names the interval of
 * its six dial-up stations — OD2.
 */
import { describe, expect, it } from 'vitest';
import { isOverdue, overdueAt } from '../../../src/domain/stationOverdue.ts';
import { createPlant } from '../../../server/plant/simulatedPlant.ts';

const NOW = Date.UTC(2026, 10, 27, 9, 0);
const MIN = 60_000;
const dialUp = { dialUp: true, callInIntervalMinutes: 60 };

describe('overdue dial-up stations', () => {
  it('OD1: silent for longer than its interval: overdue; called 20 minutes ago, connected, permanent or without interval: not', () => {
    const line = (
      ago: number | null,
      dialState: 'NotConnected' | 'Connected' = 'NotConnected',
    ) => ({
      dialState,
      lastConnection: ago === null ? null : NOW - ago * MIN,
    });
    expect(isOverdue(dialUp, line(20), NOW)).toBe(false);
    expect(isOverdue(dialUp, line(60), NOW)).toBe(false);
    expect(isOverdue(dialUp, line(61), NOW)).toBe(true);
    expect(isOverdue(dialUp, line(150), NOW)).toBe(true);
    // It turns overdue the moment the interval has passed, and that is when a view looks again.
    expect(overdueAt(dialUp, line(20))).toBe(NOW + 40 * MIN);
    // Never called in: overdue.
    expect(isOverdue(dialUp, line(null), NOW)).toBe(true);
    // Connected now: it is calling.
    expect(isOverdue(dialUp, line(150, 'Connected'), NOW)).toBe(false);
    expect(overdueAt(dialUp, line(150, 'Connected'))).toBeNull();
    // A permanent line, a station without an interval, nothing known yet: never overdue.
    expect(isOverdue({ dialUp: false, callInIntervalMinutes: null }, line(150), NOW)).toBe(false);
    expect(isOverdue({ dialUp: true }, line(150), NOW)).toBe(false);
    expect(isOverdue({ dialUp: true, callInIntervalMinutes: 0 }, line(150), NOW)).toBe(false);
    expect(isOverdue(dialUp, undefined, NOW)).toBe(false);
  });

  it('OD2: the six simulated dial-up stations carry a call-in interval in their config; permanent stations none', () => {
    const plant = createPlant({ seed: 7, startTime: NOW, callInIntervalMs: 0 });
    const stations = plant.stations();
    const dial = stations.filter((s) => s.dialUp);
    expect(dial).toHaveLength(6);
    for (const s of dial) {
      expect(s.callInIntervalMinutes).toBe(60);
      expect(plant.stationConfig(s.id)!.callInIntervalMinutes).toBe(60);
    }
    for (const s of stations.filter((x) => !x.dialUp)) expect(s.callInIntervalMinutes).toBeNull();
    // Some started silent for longer than an hour: overdue at once.
    const overdue = dial.filter((s) => isOverdue(s, plant.stationLive(s.id), NOW));
    expect(overdue.length).toBeGreaterThan(0);
  });
});
