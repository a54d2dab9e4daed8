import { describe, expect, it } from 'vitest';
import type { PvValue } from '../../../src/contract/pv.ts';
import { MetricsRegistry } from '../../../server/http/metrics.ts';
import { readConfig } from '../../../server/config.ts';
import { makePlant } from './plantFixtures.ts';

describe('DESIGN.md Observability: simulator load mode for the bench suite', () => {
  it('PL30: produces the requested number of updates per second, in one batch per tick', async () => {
    const metrics = new MetricsRegistry();
    const plant = makePlant({
      load: { stations: 50, pvsPerStation: 1000, updatesPerSecond: 250_000 },
      metrics,
    });
    expect(plant.pvRefs()).toHaveLength(50_000);
    expect(plant.stations()).toHaveLength(50);
    const sizes: number[] = [];
    plant.on('values', (values: readonly PvValue[]) => sizes.push(values.length));
    plant.step(2_000);
    expect(sizes).toHaveLength(20);
    expect(sizes.every((n) => n === 25_000)).toBe(true);
    const text = await metrics.render();
    expect(text).toContain('pegel_simulator_updates_total 500000');
    const rate = Number(/pegel_simulator_updates_per_second (\d+)/.exec(text)![1]);
    expect(rate).toBeGreaterThan(250_000 * 0.95);
    expect(rate).toBeLessThan(250_000 * 1.05);
    expect(text).toContain('pegel_plant_pvs 50000');
  });

  it('PL31: fractional rates carry over between ticks', () => {
    const plant = makePlant({ load: { stations: 2, pvsPerStation: 10, updatesPerSecond: 15 } });
    let n = 0;
    plant.on('values', (v) => (n += v.length));
    plant.step(10_000);
    expect(n).toBe(150);
  });

  it('PL31b: updates spread evenly over the stations, and a sweep visits every PV once', () => {
    const plant = makePlant({
      load: { stations: 50, pvsPerStation: 200, updatesPerSecond: 10_000 },
    });
    const perStation = new Map<number, number>();
    const seen = new Set<number>();
    plant.on('values', (values: readonly PvValue[]) => {
      for (const v of values) {
        const station = Math.floor(v.pvRef.nr / 100_000);
        perStation.set(station, (perStation.get(station) ?? 0) + 1);
        seen.add(v.pvRef.nr);
      }
    });
    // A tenth of a second already reaches every station: 1,000 updates, 20 each.
    plant.step(100);
    expect(perStation.size).toBe(50);
    for (const n of perStation.values()) expect(n).toBe(20);
    expect(seen.size).toBe(1_000);
    // Neighbouring PVs of a station (the rows a page shows) change at different times.
    const station1 = [...seen]
      .filter((nr) => Math.floor(nr / 100_000) === 1)
      .map((nr) => nr % 100_000);
    expect(Math.max(...station1) - Math.min(...station1)).toBeGreaterThan(100);
    // The whole second visits each of the 10,000 PVs exactly once.
    plant.step(900);
    for (const n of perStation.values()) expect(n).toBe(200);
    expect(seen.size).toBe(10_000);
  });

  it('PL32: load PVs have configs, split numbers and changing values', () => {
    const plant = makePlant({ load: { stations: 3, pvsPerStation: 5, updatesPerSecond: 100 } });
    const ref = { type: 'AnaIn' as const, nr: 300005 };
    expect(plant.config(ref)).toMatchObject({ stationNumber: 3, name: 'Messwert 5', pvRef: ref });
    expect(plant.config({ type: 'AnaIn', nr: 300006 })).toBeUndefined();
    const before = plant.valueByKey('ai300005')!;
    plant.step(1_000);
    const after = plant.valueByKey('ai300005')!;
    expect(after.timestamp).toBeGreaterThan(before.timestamp);
    expect(after.quality).toBe('Good');
  });

  it('PL32b: a load PV reads back as last sent, and a lost server connection marks it Bad', () => {
    const plant = makePlant({ load: { stations: 2, pvsPerStation: 5, updatesPerSecond: 100 } });
    const sent = new Map<string, PvValue>();
    plant.on('values', (values: readonly PvValue[]) => {
      for (const v of values) sent.set(`ai${v.pvRef.nr}`, v);
    });
    // Before its first update a PV holds its base value, Good, at the start.
    const first = plant.valueByKey('ai200005')!;
    expect(first).toMatchObject({ typeOfValue: 'DoubleValue', quality: 'Good' });
    plant.step(1_000);
    expect(sent.size).toBe(10);
    for (const [key, v] of sent) expect(plant.valueByKey(key)).toEqual(v);
    sent.clear();
    plant.setServerStatus('ServerDisconnected');
    expect(sent.size).toBe(10);
    for (const [key, v] of sent) {
      expect(v.quality).toBe('Bad');
      expect(plant.valueByKey(key)).toEqual(v);
    }
  });

  it('PL33: load mode is selected by PEGEL_LOAD_* variables', () => {
    expect(readConfig({}).plantLoad).toBeNull();
    expect(
      readConfig({
        PEGEL_LOAD_STATIONS: '100',
        PEGEL_LOAD_PVS_PER_STATION: '2500',
        PEGEL_LOAD_UPDATES_PER_SEC: '250000',
      }).plantLoad,
    ).toEqual({ stations: 100, pvsPerStation: 2500, updatesPerSecond: 250_000 });
  });
});
