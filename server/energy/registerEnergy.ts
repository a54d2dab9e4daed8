/**
 * Energy optimisation on the reference server: one meter per pump station fed by the
 * station's measured power each simulator tick, the values pushed on `/hubs/energy-opt` to the
 * subscribed stations (the current values right after a subscribe), and the list of stations.
 */
import type { FastifyInstance } from 'fastify';
import { ENERGY_API, type EnergyStation } from '../../src/contract/energy.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { requireUser } from '../auth/guards.ts';
import type { ServerContext } from '../context.ts';
import type { EnergyOptHubHandle } from '../hubs/keyedHubs.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import type { Plant } from '../plant/types.ts';
import { EnergyMeter } from './energyMeter.ts';

/** The agreed setpoint: 60 % of the installed pump power, in steps of 5 kW. */
export const setpointOf = (installedKw: number) =>
  Math.max(5, Math.round((0.6 * installedKw) / 5) * 5);

export function registerEnergy(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  hub: EnergyOptHubHandle,
): () => void {
  const power = new Map<number, string>();
  for (const ref of plant.pvRefs()) {
    const config = plant.config(ref);
    if (config?.name === 'Leistungsaufnahme') power.set(config.stationNumber, pvKey(ref));
  }
  const meters = new Map<number, EnergyMeter>();
  const stations: EnergyStation[] = [];
  for (const def of STATION_CATALOG) {
    if (def.pumps === 0 || !power.has(def.nr)) continue;
    const installedKw = def.pumps * def.pumpPowerKw;
    const sollleistung = setpointOf(installedKw);
    meters.set(
      def.nr,
      new EnergyMeter(
        {
          stationNumber: def.nr,
          installedKw,
          sollleistung,
          // The treatment plant burns its digester gas in a CHP unit.
          chpKw: def.kind === 'wastewaterTreatment' ? Math.round(0.3 * installedKw) : null,
        },
        ctx.config.plantTimeZone,
      ),
    );
    stations.push({ stationNumber: def.nr, name: def.name, installedKw, sollleistung });
  }
  const latest = new Map<string, ReturnType<EnergyMeter['sample']>>();
  const sample = () => {
    const at = ctx.now();
    for (const [nr, meter] of meters) {
      const value = plant.valueByKey(power.get(nr)!)?.doubleValue ?? 0;
      const values = meter.sample(at, value);
      latest.set(String(nr), values);
      hub.publishEnergyValues(String(nr), values);
    }
  };
  hub.setCurrent((key) => latest.get(key));
  sample();
  const off = plant.on('values', sample);

  app.get(ENERGY_API.stations, async (request): Promise<EnergyStation[]> => {
    requireUser(ctx, request);
    return stations;
  });
  return off;
}
