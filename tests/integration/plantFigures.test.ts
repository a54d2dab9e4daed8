/**
 * Figures of the same quantity agree across views (issue 41 item 5): per station and day, the
 * daily report, the archive, the energy page, the data sheet and the overflow events of the
 * simulated plant, read from a server built in-process at a fixed time (its history is the
 * plant's process model; nothing runs in real time, so nothing depends on machine speed).
 *
 * Tolerances: the report's flow volume is the sum of its quarter hours' mean × 0.25 h and
 * the archive integral the sum of the same one-minute samples × 1/60 h, so they agree to
 * float rounding (0.01). The volume and energy counters are archived to 0.1 and flows and
 * power to 0.1 per one-minute sample: counter against integral differ by at most
 * 0.1 + 1440 · 0.05 / 60 = 1.3 per day (rounding, not a model difference). The energy page
 * shows kWh and m³ to 0.1 (±0.05) and kWh/m³ to 0.001.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS, HUBS } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { EnergyOptimisationValues } from '../../src/contract/energy.ts';
import { startOfUnit } from '../../src/domain/clock.ts';
import type { PlantServer } from '../../server/app.ts';
import { buildClient, waitFor } from '../support/hubTestServer.ts';
import {
  BASINS,
  PUMP_STATIONS,
  basinFigures,
  dayOf,
  figuresServer,
  flowName,
  stationDayFigures,
  type StationDayFigures,
} from '../support/plantFigures.ts';

/** 26 Nov 2026, 11:00 plant time: the two days before are whole days of history. */
const NOW = Date.UTC(2026, 10, 26, 10, 0, 0);
const DAYS = ['2026-11-25', '2026-11-24'];
const ROUNDING = 0.1 + (1440 * 0.05) / 60;

let server: PlantServer;
let dataDir: string;
const figures: StationDayFigures[] = [];

beforeAll(async () => {
  // A five-second tick keeps FG6's half hour of live plant light.
  ({ server, dataDir } = await figuresServer(NOW, { PEGEL_PLANT_TICK_MS: '5000' }));
  for (const def of PUMP_STATIONS) {
    for (const date of DAYS) figures.push(await stationDayFigures(server, def, date));
  }
}, 240_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('plant figures agree across views (per station and day)', () => {
  it('FG1: the report volume of the flow equals the archive integral of the flow and the volume counter', () => {
    for (const f of figures) {
      const at = `station ${f.station} ${f.date}`;
      expect(f.reportFlowVolumeM3, at).toBeGreaterThan(0);
      expect(Math.abs(f.reportFlowVolumeM3 - f.archiveFlowIntegralM3), at).toBeLessThan(0.01);
      expect(Math.abs(f.reportCounterVolumeM3 - f.archiveFlowIntegralM3), at).toBeLessThan(
        ROUNDING,
      );
    }
  });

  it("FG2: the report's energy is the energy page's day energy and the integral of the power; kWh/m³ is energy over volume", () => {
    for (const f of figures) {
      const at = `station ${f.station} ${f.date}`;
      expect(f.reportEnergyKwh, at).not.toBeNull();
      expect(Math.abs(f.reportEnergyKwh! - f.archivePowerIntegralKwh!), at).toBeLessThan(ROUNDING);
      if (f.date !== DAYS[0]) continue;
      // The energy page's "day" is the last complete day: yesterday.
      expect(f.pageDayStart, at).toBe(dayOf(server, f.date).start);
      expect(Math.abs(f.pageEnergyKwh! - f.reportEnergyKwh!), at).toBeLessThanOrEqual(0.051);
      expect(Math.abs(f.pageVolumeM3! - f.reportCounterVolumeM3), at).toBeLessThanOrEqual(0.051);
      expect(Math.abs(f.pageKwhPerM3! - f.pageEnergyKwh! / f.pageVolumeM3!), at).toBeLessThan(
        0.0006,
      );
    }
  });

  it('FG3: pump flow stays within the data sheet rating; the data sheet states the rating the model runs', () => {
    for (const f of figures) {
      const def = PUMP_STATIONS.find((s) => s.nr === f.station)!;
      const at = `station ${f.station} ${f.date}`;
      expect(f.datasheetFlowM3h, at).toBe(def.pumpFlow);
      expect(f.datasheetPowerKw, at).toBe(def.pumpPowerKw);
      // A quarter hour's pumped volume × 4, from counters read to 0.1 m³ at both ends.
      expect(f.maxPumpFlowM3h, at).toBeLessThanOrEqual(def.pumpFlow + 0.8);
      expect(f.maxFlowM3h, at).toBeLessThanOrEqual(f.ratedFlowM3h);
    }
  });

  it('FG4: the period maximum of the month is at least every quarter-hour mean of the month', async () => {
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    for (const nr of [1, 9]) {
      const power = server.plant
        .pvRefs()
        .map((r) => server.plant.config(r)!)
        .find((c) => c.stationNumber === nr && c.name === 'Leistungsaufnahme')!;
      const pv = server.archive.pv(power.pvRef)!;
      const start = startOfUnit(NOW, 'Months', server.context.config.plantTimeZone);
      const means = server.archive
        .points(pv, 'QuarterHourValues', 'Mittelwert', start, NOW)
        .v.filter((v): v is number => v !== null);
      expect(means.length).toBeGreaterThan(24 * 4 * 20);
      // Station 9's CHP unit covers part of its power: the utility's period counts the rest.
      const chp = nr === 9 ? Math.round(0.3 * 3 * 30) : 0;
      const highest = Math.max(...means.map((m) => m - chp));
      expect(highest).toBeGreaterThan(5);
      const floor = Math.round(highest * 10) / 10 - 0.05;
      const conn = buildClient(address + HUBS.energyOpt, { cookie: 'figures=1' });
      const received: EnergyOptimisationValues[] = [];
      conn.on(HUB_MESSAGES.newValue, (v: EnergyOptimisationValues) => received.push(v));
      try {
        await conn.start();
        await conn.invoke(HUB_METHODS.energyOpt.subscribe, [String(nr)]);
        // The meter reads the month from the archive after the subscribe and pushes again.
        await waitFor(
          () => (received.at(-1)?.periodenmaximum ?? -1) >= floor,
          30_000,
          `a period maximum of at least ${floor} kW at station ${nr}, got ${received.map((v) => v.periodenmaximum).join(', ')}`,
        );
      } finally {
        await conn.stop();
      }
      expect(received.at(-1)!.stationNumber).toBe(nr);
    }
  });

  it('FG5: water leaves a basin only above its crest; no event below the crest is an overflow', async () => {
    const { end } = dayOf(server, DAYS[0]!);
    let overflowQuarters = 0;
    for (const def of BASINS) {
      const b = await basinFigures(server, def, end - 34 * 86_400_000, end);
      overflowQuarters += b.overflowQuarters;
      if (b.lowestLevelWhileOverflowing !== null) {
        expect(b.lowestLevelWhileOverflowing, `basin ${def.nr}`).toBeGreaterThanOrEqual(
          b.crestM - 0.005,
        );
      }
      expect(b.overflowsBelowCrest, `basin ${def.nr}`).toBe(0);
      expect(b.overflowEvents, `basin ${def.nr}`).toBeLessThanOrEqual(b.events);
    }
    // The seed's weather brings at least one shower that fills a basin in these five weeks.
    expect(overflowQuarters).toBeGreaterThan(0);
  });

  it('FG6: live quarter hours weigh a held value by time: the flow volume equals the volume counter while pumps switch', () => {
    // Half an hour of the live plant from the history's end (10:00 UTC, a quarter-hour start),
    // then every pending aggregate is written.
    const sim = server.simulation!;
    sim.step(30 * 60_000 + 5000);
    server.archive.close();
    const end = NOW + 30 * 60_000;
    let switches = 0;
    // Stations on a permanent line: a dial-up station sends only while connected.
    for (const nr of [1, 2, 3, 7, 9]) {
      const def = PUMP_STATIONS.find((s) => s.nr === nr)!;
      const find = (name: RegExp) =>
        server.plant
          .pvRefs()
          .map((r) => server.plant.config(r)!)
          .find((c) => c.stationNumber === nr && name.test(c.name))!;
      // Live rows only: read by the archive's row id, without filling the PV's history.
      const cells = (name: RegExp) => {
        const pv = server.context.db
          .prepare('SELECT id FROM archive_pv WHERE pv_key = ?')
          .get(pvKey(find(name).pvRef)) as { id: number };
        return server.context.db
          .prepare(
            'SELECT t, n, sum, total, vmin, vmax FROM archive_quarter_hour WHERE pv = ? AND t >= ? AND t < ? ORDER BY t',
          )
          .all(pv.id, NOW, end) as {
          t: number;
          n: number;
          sum: number;
          total: number;
          vmin: number;
          vmax: number;
        }[];
      };
      const flow = cells(new RegExp(`^${flowName(def)}$`));
      const counter = cells(/^(Fördermenge|Zulaufmenge)$/);
      expect(flow.map((c) => c.t)).toEqual([NOW, NOW + 900_000]);
      for (let k = 1; k <= def.pumps; k++) {
        for (const c of cells(new RegExp(`pumpe ${k} Betrieb$`))) if (c.vmin !== c.vmax) switches++;
      }
      for (let i = 0; i < 2; i++) {
        // One sample per five-second tick: 180 per quarter hour.
        expect(flow[i]!.n, `station ${nr}`).toBeGreaterThanOrEqual(179);
        const volume = (flow[i]!.sum / flow[i]!.n) * 0.25;
        // A counter that did not move in a quarter hour has no row there: nothing was pumped.
        const pumped = counter.find((c) => c.t === flow[i]!.t)?.total ?? 0;
        expect(Math.abs(volume - pumped), `station ${nr} cell ${i}`).toBeLessThan(
          0.3 + 0.005 * volume,
        );
      }
    }
    // Pumps switched in the window: a mean over changes only would be far off there.
    expect(switches).toBeGreaterThan(0);
  }, 120_000);
});
