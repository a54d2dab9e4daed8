/**
 * Energy optimisation on the reference server: one meter per metered station (the simulated
 * plant's pump stations, or what a plant file declares) fed by the station's measured power,
 * the values pushed on `/hubs/energy-opt` to the subscribed stations (the current values right
 * after a subscribe), and the list of stations.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ENERGY_API, type EnergyStation, type SpecificEnergy } from '../../src/contract/energy.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Archive } from '../archive/createArchive.ts';
import { parse } from '../http/validate.ts';
import { notFound } from '../http/errors.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import type { EnergyOptHubHandle } from '../hubs/keyedHubs.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import type { Plant } from '../plant/types.ts';
import { startOfUnit } from '../../src/domain/clock.ts';
import { EnergyMeter } from './energyMeter.ts';

const DAY_MS = 86_400_000;

/** The agreed setpoint: 60 % of the installed pump power, in steps of 5 kW. */
export const setpointOf = (installedKw: number) =>
  Math.max(5, Math.round((0.6 * installedKw) / 5) * 5);

/** A station whose energy is metered: its power (kW) and, for kWh/m³, its two counters. */
export interface EnergyStationDef {
  stationNumber: number;
  name: string;
  installedKw: number;
  sollleistung: number;
  /** A CHP unit's output (kW) that covers part of the demand; null without one. */
  chpKw: number | null;
  power: PvRef;
  energy?: PvRef | undefined;
  volume?: PvRef | undefined;
}

/**
 * The simulated plant's metered stations: those of the catalogue with pumps and a power PV
 * (Leistungsaufnahme), their counters found by name.
 */
function catalogEnergyStations(plant: Plant): EnergyStationDef[] {
  const powerRef = new Map<number, PvRef>();
  const energyRef = new Map<number, PvRef>();
  const volumeRef = new Map<number, PvRef>();
  for (const ref of plant.pvRefs()) {
    const config = plant.config(ref);
    if (!config) continue;
    if (config.name === 'Leistungsaufnahme') powerRef.set(config.stationNumber, ref);
    if (config.pvRef.type !== 'ZaehlWert') continue;
    if (config.name === 'Energieverbrauch') energyRef.set(config.stationNumber, ref);
    if (config.name === 'Fördermenge' || config.name === 'Zulaufmenge')
      volumeRef.set(config.stationNumber, ref);
  }
  const out: EnergyStationDef[] = [];
  for (const def of STATION_CATALOG) {
    const power = powerRef.get(def.nr);
    if (def.pumps === 0 || !power) continue;
    const installedKw = def.pumps * def.pumpPowerKw;
    out.push({
      stationNumber: def.nr,
      name: def.name,
      installedKw,
      sollleistung: setpointOf(installedKw),
      // The treatment plant burns its digester gas in a CHP unit.
      chpKw: def.kind === 'wastewaterTreatment' ? Math.round(0.3 * installedKw) : null,
      power,
      energy: energyRef.get(def.nr),
      volume: volumeRef.get(def.nr),
    });
  }
  return out;
}

/**
 * `energyStations`: the metered stations (a field plant: those its plant file declares, maybe
 * none); default the simulated plant's catalogue.
 */
export function registerEnergy(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: EnergyOptHubHandle,
  archive: Archive,
  energyStations?: readonly EnergyStationDef[],
): () => void {
  const declared = energyStations ?? catalogEnergyStations(plant);
  const powerRef = new Map<number, PvRef>();
  /**
   * The station's energy and volume counters: the same counters its report sums, so the
   * energy page's day energy and volume are the report's figures of that day.
   */
  const energyRef = new Map<number, PvRef>();
  const volumeRef = new Map<number, PvRef>();
  const meters = new Map<number, EnergyMeter>();
  const stations: EnergyStation[] = [];
  for (const def of declared) {
    powerRef.set(def.stationNumber, def.power);
    if (def.energy) energyRef.set(def.stationNumber, def.energy);
    if (def.volume) volumeRef.set(def.stationNumber, def.volume);
    meters.set(
      def.stationNumber,
      new EnergyMeter(
        {
          stationNumber: def.stationNumber,
          installedKw: def.installedKw,
          sollleistung: def.sollleistung,
          chpKw: def.chpKw,
        },
        ctx.config.plantTimeZone,
      ),
    );
    stations.push({
      stationNumber: def.stationNumber,
      name: def.name,
      installedKw: def.installedKw,
      sollleistung: def.sollleistung,
    });
  }
  /**
   * Each meter learns the month's quarter-hour means from the archive after the first
   * subscription to its station, one station per turn of the event loop: reading a station's
   * history the first time runs its model over the history, and the overview subscribes to
   * every station at once. The seeded values are pushed when ready.
   */
  const seeded = new Set<number>();
  const queue: number[] = [];
  let turn: NodeJS.Immediate | null = null;
  const seed = (nr: number) => {
    const meter = meters.get(nr);
    const ref = powerRef.get(nr);
    const power = ref && archive.pv(ref);
    if (!meter || !ref || !power) return;
    const now = ctx.now();
    const monthStart = startOfUnit(now, 'Months', ctx.config.plantTimeZone);
    const cells = archive.points(power, 'QuarterHourValues', 'Mittelwert', monthStart, now);
    const chp = meter.def.chpKw ?? 0;
    let max = 0;
    for (const v of cells.v) if (typeof v === 'number') max = Math.max(max, v - chp);
    meter.seedMonthMax(now, max);
    const values = meter.sample(now, plant.valueByKey(pvKey(ref))?.doubleValue ?? 0);
    latest.set(String(nr), values);
    hub.publishEnergyValues(String(nr), values);
  };
  // The station's history is computed in the archive's history thread first (issue 58 item
  // 5), so the model run never holds the event loop; `seeding` keeps it one station at a time.
  let seeding = false;
  let stopped = false;
  const nextSeed = () => {
    turn = null;
    const nr = queue.shift();
    const ref = nr === undefined ? undefined : powerRef.get(nr);
    const done = () => {
      seeding = false;
      if (stopped) return;
      if (nr !== undefined) seed(nr);
      if (queue.length > 0 && !turn) {
        seeding = true;
        turn = setImmediate(nextSeed);
      }
    };
    if (ref) void archive.prepareOffThread([ref]).then(done, done);
    else done();
  };
  const requestSeed = (nr: number) => {
    if (seeded.has(nr) || !meters.has(nr)) return;
    seeded.add(nr);
    queue.push(nr);
    if (seeding) return;
    seeding = true;
    turn ??= setImmediate(nextSeed);
  };
  const latest = new Map<string, ReturnType<EnergyMeter['sample']>>();
  const sample = () => {
    const at = ctx.now();
    for (const [nr, meter] of meters) {
      const value = plant.valueByKey(pvKey(powerRef.get(nr)!))?.doubleValue ?? 0;
      const values = meter.sample(at, value);
      latest.set(String(nr), values);
      hub.publishEnergyValues(String(nr), values);
    }
  };
  hub.setCurrent((key) => {
    if (/^\d+$/.test(key)) requestSeed(Number(key));
    return latest.get(key);
  });
  sample();
  const unsubscribe = plant.on('values', sample);
  const off = () => {
    unsubscribe();
    stopped = true;
    if (turn) clearImmediate(turn);
  };

  app.get(ENERGY_API.stations, async (request): Promise<EnergyStation[]> => {
    requireUser(ctx, request);
    return stations;
  });
  app.get(ENERGY_API.specific, async (request): Promise<SpecificEnergy[]> => {
    requireUser(ctx, request);
    const { nr } = parse(z.object({ nr: z.coerce.number().int() }), request.params, 'path');
    const e = energyRef.get(nr);
    const f = volumeRef.get(nr);
    if (e && f) await archive.prepareOffThread([e, f]);
    const energyPv = e && archive.pv(e);
    const volumePv = f && archive.pv(f);
    if (!meters.has(nr) || !energyPv || !volumePv)
      throw notFound(`Station ${nr} has no energy data`);
    // Day values start at the plant's midnight; the newest one is the day in progress.
    const now = ctx.now();
    const complete = (points: { t: number[]; v: (number | null)[] }, days: number) => {
      const last = points.t.length - (points.t.at(-1)! > now - DAY_MS ? 1 : 0);
      const first = Math.max(0, last - days);
      return { t: points.t.slice(first, last), v: points.v.slice(first, last) };
    };
    const spans = [
      ['day', 1],
      ['week', 7],
      ['month', 30],
    ] as const;
    // A counter's day value (any type but Aktuell) is its increase over the day.
    return spans.map(([span, days]) => {
      const start = now - (days + 2) * DAY_MS;
      const kwh = complete(archive.points(energyPv, 'DayValues', 'Mittelwert', start, now), days);
      const m3 = complete(archive.points(volumePv, 'DayValues', 'Mittelwert', start, now), days);
      const volumeAt = new Map(m3.t.map((t, i) => [t, m3.v[i]]));
      let energyKwh = 0;
      let volumeM3 = 0;
      const used: number[] = [];
      kwh.t.forEach((t, i) => {
        const k = kwh.v[i];
        const q = volumeAt.get(t);
        if (k === null || k === undefined || q === null || q === undefined) return;
        energyKwh += k;
        volumeM3 += q;
        used.push(t);
      });
      return {
        span,
        from: used[0] ?? start,
        to: used.at(-1) ?? start,
        days: used.length,
        energyKwh: Math.round(energyKwh * 10) / 10,
        volumeM3: Math.round(volumeM3 * 10) / 10,
        kwhPerM3: volumeM3 > 0 ? Math.round((energyKwh / volumeM3) * 1000) / 1000 : null,
      };
    });
  });
  return off;
}
