/** The alarm flood of the reference server (PEGEL_ALERT_FLOOD_PER_SEC, bench). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../src/contract/alerts.ts';
import type { PvConfig, PvLimitConfig, PvRef } from '../../../src/contract/pv.ts';
import type { NewAlert } from '../../../server/alerts/AlertArchive.ts';
import { startAlertFlood } from '../../../server/alerts/alertFlood.ts';
import type { Plant } from '../../../server/plant/types.ts';

const refs: PvRef[] = [
  { type: 'AnaIn', nr: 1 },
  { type: 'AnaIn', nr: 2 },
  { type: 'DigiIn', nr: 3 },
];

const plant = {
  pvRefs: () => refs,
  config: (ref: PvRef) =>
    ({
      pvRef: ref,
      stationNumber: ref.nr,
      stationName: `S${ref.nr}`,
      name: `PV ${ref.nr}`,
    }) as PvConfig,
  // The digital input has no limits: the flood raises only on limits.
  limitConfigs: (ref: PvRef) =>
    ref.type === 'AnaIn'
      ? ([{ message: `Grenze ${ref.nr}`, description: '', priority: ref.nr }] as PvLimitConfig[])
      : [],
} as unknown as Plant;

describe('alarm flood', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  function sink() {
    const raised: (NewAlert & { id: number })[] = [];
    const cleared: { ids: readonly number[]; at: number }[] = [];
    return {
      raised,
      cleared,
      raiseMany(list: readonly NewAlert[]): Alert[] {
        return list.map((a) => {
          const stored = { ...a, id: raised.length + 1 };
          raised.push(stored);
          return stored as unknown as Alert;
        });
      },
      clearMany(ids: readonly number[], at: number) {
        cleared.push({ ids, at });
      },
    };
  }

  it('AF1: raises the rate a second on the plant limits and clears each after its time', () => {
    const s = sink();
    const stop = startAlertFlood({
      perSecond: 25,
      clearAfterMs: 2000,
      plant,
      sink: s,
      now: () => Date.now(),
    });
    vi.advanceTimersByTime(1000);
    expect(s.raised).toHaveLength(25);
    expect(new Set(s.raised.map((a) => a.text))).toEqual(new Set(['Grenze 1', 'Grenze 2']));
    expect(s.raised.every((a) => a.pvRef?.type === 'AnaIn')).toBe(true);
    expect(s.cleared).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(s.raised).toHaveLength(75);
    // The first second's alerts are cleared 2 s after they were raised, in time order.
    const clearedIds = s.cleared.flatMap((c) => c.ids);
    expect(clearedIds).toEqual(s.raised.slice(0, clearedIds.length).map((a) => a.id));
    expect(clearedIds.length).toBeGreaterThanOrEqual(25);
    for (const c of s.cleared)
      for (const id of c.ids) expect(c.at).toBe(s.raised[id - 1]!.timestamp + 2000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(s.raised).toHaveLength(75);
  });

  it('AF2: no rate, no flood', () => {
    const s = sink();
    startAlertFlood({ perSecond: 0, clearAfterMs: 1000, plant, sink: s, now: () => Date.now() })();
    vi.advanceTimersByTime(5000);
    expect(s.raised).toHaveLength(0);
  });

  it('AF3: with a count, the flood raises that many alerts in all, then none; they still clear', () => {
    const s = sink();
    const stop = startAlertFlood({
      perSecond: 50,
      clearAfterMs: 3000,
      count: 120,
      plant,
      sink: s,
      now: () => Date.now(),
    });
    vi.advanceTimersByTime(2000);
    expect(s.raised).toHaveLength(100);
    vi.advanceTimersByTime(1000);
    expect(s.raised).toHaveLength(120);
    vi.advanceTimersByTime(10_000);
    expect(s.raised).toHaveLength(120);
    // Every alert raised returned to normal after its time, the last ones after the flood ended.
    expect(s.cleared.flatMap((c) => c.ids)).toEqual(s.raised.map((a) => a.id));
    // Nothing left: the flood's timer ended by itself.
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });
});
