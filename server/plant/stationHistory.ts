/**
 * The past of one station, run by the same process model as the live plant: a fresh model of
 * the station (deterministic from the seed and the station number) stepped over the history,
 * its archived PVs read after every step exactly as the live plant reads them. Flows, levels,
 * power, counters and overflows of the archive's history are therefore integrals of the same
 * simulated signals: a day's volume counter grows by the sum of flow × step, its energy
 * counter by the sum of power × step, and a basin overflows only at its crest.
 */
import type { PvRef } from '../../src/contract/pv.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { Environment } from './environment.ts';
import type { StationIncidents } from './incidents.ts';
import { StationModel } from './processModel.ts';
import { StationPvBuilder, type PvDef } from './pvBuilder.ts';
import { createRandom } from './random.ts';
import type { StationDef } from './stationCatalog.ts';
import { addSpareInput, addStationPvs } from './stationPvs.ts';

/** Every station of a run sees the same weather: one environment stream per seed. */
const WEATHER_SEED = 0x2545f491;
const STATION_SEED = 0x632be5ab;

export interface HistoryPv {
  ref: PvRef;
  key: string;
  name: string;
  /** The archived number after the last step (a counter's reading, a state's 0/1). */
  read(): number | null;
}

function reader(def: PvDef): () => number | null {
  const r = def.reading;
  const scale = 10 ** def.config.decimalPlaces;
  const round = (v: number) => Math.round(v * scale) / scale;
  switch (r.typeOfValue) {
    case 'DoubleValue':
      return () => round(r.read());
    case 'BoolValue':
    case 'FailureStateValue':
      return () => (r.read() ? 1 : 0);
    case 'CounterValue':
      return () => round(r.read().value);
    case 'RuntimeValue':
      return () => round(r.read().value);
    case 'TimeOfDayValue':
      return () => {
        const v = r.read();
        return v.hour + v.minutes / 60;
      };
  }
}

export class StationHistoryRun {
  readonly model: StationModel;
  /** The station's archived PVs, in the order the live plant builds them. */
  readonly pvs: HistoryPv[] = [];
  private readonly env: Environment;

  constructor(
    def: StationDef,
    seed: number,
    startTime: number,
    failuresPerPumpHour: number,
    /** The history's findings (incidents.ts): the mains failure, the failed pump. */
    incidents?: ReadonlyMap<number, StationIncidents>,
  ) {
    const random = createRandom((seed ^ STATION_SEED) + def.nr * 0x9e3779b1);
    this.env = new Environment(createRandom(seed ^ WEATHER_SEED));
    this.model = new StationModel(def, random, startTime, {
      failuresPerPumpHour,
      ...(incidents ? { incidents } : {}),
    });
    const defs: PvDef[] = [];
    const builder = new StationPvBuilder(def.nr, def.name, random, defs);
    addStationPvs(builder, this.model, this.env);
    if (def.nr === 1) addSpareInput(builder);
    for (const d of defs) {
      if (!d.config.hasArchiveData) continue;
      this.pvs.push({ ref: d.ref, key: pvKey(d.ref), name: d.config.name, read: reader(d) });
    }
  }

  /** Advances the station to `time` by one step of `dtMs`. */
  step(time: number, dtMs: number): void {
    this.env.step(time, dtMs);
    this.model.step(this.env, time, dtMs);
  }
}
