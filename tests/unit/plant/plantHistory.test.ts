/**
 * One model per station (issue 41 item 5): the run that writes the archive's history is the
 * live plant's process model, and its figures are integrals of the same signals — pump flow
 * within the data sheet's rating, counters that grow by flow × step and power × step, and a
 * stormwater tank that overflows only at its crest. Ten days at one-minute steps per station.
 */
import { describe, expect, it } from 'vitest';
import { pvKey } from '../../../src/contract/keys.ts';
import { StationHistoryRun } from '../../../server/plant/stationHistory.ts';
import { STATION_CATALOG, type StationDef } from '../../../server/plant/stationCatalog.ts';
import { makePlant } from './plantFixtures.ts';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 1);
const STEPS = 10 * 24 * 60;

const station = (nr: number): StationDef => STATION_CATALOG.find((s) => s.nr === nr)!;

describe('station history run (one model per station)', () => {
  it('PL18: a stormwater tank overflows only at its crest, and its level is the integral of its flows', () => {
    const def = station(11);
    const s = def.store!;
    const run = new StationHistoryRun(def, 1, START, 0);
    const m = run.model;
    let overflowSteps = 0;
    let belowCrest = 0;
    let worstBalance = 0;
    for (let i = 1; i <= STEPS; i++) {
      const before = m.store;
      const volumeBefore = m.overflowVolume.value;
      run.step(START + i * MINUTE, MINUTE);
      const grew = m.overflowVolume.value - volumeBefore;
      if (m.overflow > 0 || grew > 0) {
        overflowSteps++;
        if (m.store < s.max) belowCrest++;
      }
      if (m.store > s.min) {
        // Level change × area = (inflow − outflow − overflow) × step.
        const stored = (m.store - before) * s.capacityPerUnit;
        const net = ((m.inflow - m.outflow - m.overflow) * MINUTE) / 3_600_000;
        worstBalance = Math.max(worstBalance, Math.abs(stored - net));
      }
    }
    expect(overflowSteps).toBeGreaterThan(0);
    expect(belowCrest).toBe(0);
    expect(worstBalance).toBeLessThan(1e-6);
  });

  it('PL19: pumps deliver within their rating; volume and energy counters grow by flow × step and power × step', () => {
    for (const nr of [1, 7]) {
      const def = station(nr);
      const run = new StationHistoryRun(def, 1, START, 0.12);
      const m = run.model;
      let worstVolume = 0;
      let worstEnergy = 0;
      let maxPump = 0;
      for (let i = 1; i <= STEPS; i++) {
        const volume = m.volume.value;
        const energy = m.energy.value;
        run.step(START + i * MINUTE, MINUTE);
        for (const p of m.pumps) maxPump = Math.max(maxPump, p.flow);
        const hours = MINUTE / 3_600_000;
        worstVolume = Math.max(worstVolume, Math.abs(m.volume.value - volume - m.flow() * hours));
        worstEnergy = Math.max(worstEnergy, Math.abs(m.energy.value - energy - m.powerKw * hours));
      }
      expect(maxPump).toBeGreaterThan(0.5 * def.pumpFlow);
      expect(maxPump).toBeLessThanOrEqual(def.pumpFlow);
      expect(worstVolume).toBeLessThan(1e-6);
      expect(worstEnergy).toBeLessThan(1e-6);
    }
  });

  it("PL20: the run has the live plant's archived PVs; the same seed gives the same run", () => {
    const plant = makePlant();
    for (const def of STATION_CATALOG) {
      const run = new StationHistoryRun(def, 1, START, 0);
      const archived = plant
        .pvRefs()
        .map((r) => plant.config(r)!)
        .filter((c) => c.stationNumber === def.nr && c.hasArchiveData);
      expect(run.pvs.map((p) => [p.key, p.name])).toEqual(
        archived.map((c) => [pvKey(c.pvRef), c.name]),
      );
    }
    const values = (seed: number) => {
      const run = new StationHistoryRun(station(7), seed, START, 0.12);
      for (let i = 1; i <= 600; i++) run.step(START + i * MINUTE, MINUTE);
      return run.pvs.map((p) => p.read());
    };
    expect(values(1)).toEqual(values(1));
    expect(values(2)).not.toEqual(values(1));
  });
});
