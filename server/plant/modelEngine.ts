/** The modelled plant: one process model per station of the catalogue and its PVs. */
import type { Quality } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import { Environment } from './environment.ts';
import { StationModel, type ModelOptions } from './processModel.ts';
import { nextSample, samplePv, StationPvBuilder, type PvControl, type PvDef } from './pvBuilder.ts';
import type { Random } from './random.ts';
import { STATION_CATALOG, type StationDef } from './stationCatalog.ts';
import { addSpareInput, addStationPvs } from './stationPvs.ts';
import type { ValueEngine } from './valueEngine.ts';

export interface InitialReading {
  quality: Quality;
  timestamp: number;
}

export class ModelEngine implements ValueEngine {
  readonly stations: readonly StationDef[] = STATION_CATALOG;
  readonly refs: PvRef[] = [];
  private readonly env: Environment;
  private readonly models: StationModel[] = [];
  private readonly defs: PvDef[] = [];
  private readonly values: PvValue[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly byStation = new Map<number, number[]>();

  constructor(
    random: Random,
    startTime: number,
    options: ModelOptions,
    initial: (stationNumber: number) => InitialReading,
  ) {
    this.env = new Environment(random);
    for (const def of this.stations) {
      const model = new StationModel(def, random, startTime, options);
      this.models.push(model);
      const builder = new StationPvBuilder(def.nr, def.name, random, this.defs);
      addStationPvs(builder, model, this.env);
      if (def.nr === 1) addSpareInput(builder);
    }
    this.defs.forEach((def, i) => {
      this.refs.push(def.ref);
      this.byKey.set(def.key, i);
      const list = this.byStation.get(def.stationNumber) ?? [];
      list.push(i);
      this.byStation.set(def.stationNumber, list);
      const { quality, timestamp } = initial(def.stationNumber);
      this.values.push(samplePv(def, quality, timestamp));
    });
  }

  nodes(): PvNode[] {
    return this.stations.map((s) => ({
      stationNumber: s.nr,
      stationName: s.name,
      pvs: (this.byStation.get(s.nr) ?? []).map((i) => this.defs[i]!.ref),
    }));
  }

  config(ref: PvRef): PvConfig | undefined {
    const i = this.byKey.get(pvKey(ref));
    return i === undefined ? undefined : this.defs[i]!.config;
  }

  limitConfigs(ref: PvRef): readonly PvLimitConfig[] {
    const i = this.byKey.get(pvKey(ref));
    return i === undefined ? [] : this.defs[i]!.limits;
  }

  valueByKey(key: string): PvValue | undefined {
    const i = this.byKey.get(key);
    return i === undefined ? undefined : this.values[i];
  }

  tick(
    time: number,
    dtMs: number,
    reachable: (stationNumber: number) => boolean,
    out: PvValue[],
  ): void {
    this.env.step(time, dtMs);
    for (const model of this.models) {
      model.step(this.env, time, dtMs);
      if (!reachable(model.def.nr)) continue;
      for (const i of this.byStation.get(model.def.nr) ?? []) {
        const def = this.defs[i]!;
        const next = nextSample(def, this.values[i]!, 'Good', time);
        if (next === null) continue;
        this.values[i] = next;
        out.push(next);
      }
    }
  }

  requalify(stationNumber: number | null, quality: Quality, out: PvValue[]): void {
    const indices =
      stationNumber === null
        ? this.defs.map((_d, i) => i)
        : (this.byStation.get(stationNumber) ?? []);
    for (const i of indices) {
      const def = this.defs[i]!;
      const last = this.values[i]!;
      const q = def.fixedQuality ?? quality;
      if (last.quality === q) continue;
      // The value and its measuring time stay; only the trust in it changes.
      const next = { ...last, quality: q };
      this.values[i] = next;
      out.push(next);
    }
  }

  activeFailures(stationNumber: number): number {
    let n = 0;
    for (const i of this.byStation.get(stationNumber) ?? []) {
      if (this.values[i]!.failureStateValue === true) n++;
    }
    return n;
  }

  pvCount(stationNumber?: number): number {
    if (stationNumber === undefined) return this.defs.length;
    return this.byStation.get(stationNumber)?.length ?? 0;
  }

  control(ref: PvRef): PvControl | undefined {
    const i = this.byKey.get(pvKey(ref));
    return i === undefined ? undefined : (this.defs[i]!.control ?? undefined);
  }

  resample(ref: PvRef, time: number, out: PvValue[]): void {
    const i = this.byKey.get(pvKey(ref));
    if (i === undefined) return;
    const last = this.values[i]!;
    const next = nextSample(this.defs[i]!, last, last.quality, time);
    if (next === null) return;
    this.values[i] = next;
    out.push(next);
  }

  setLimitConfig(config: PvLimitConfig): boolean {
    const i = this.byKey.get(pvKey(config.pvLimitRef.pv));
    if (i === undefined) return false;
    const def = this.defs[i]!;
    const at = def.limits.findIndex((l) => l.pvLimitRef.limitType === config.pvLimitRef.limitType);
    if (at < 0) return false;
    // NOTE: a new array, so readers holding the old one (a hub push in progress) see no change.
    const limits = [...def.limits];
    limits[at] = { ...config, pvLimitRef: def.limits[at]!.pvLimitRef };
    def.limits = limits;
    const byType = new Map(
      limits.filter((l) => !l.notSet).map((l) => [l.pvLimitRef.limitType, l.limit]),
    );
    if (def.config.anaLimitConfig) {
      def.config = {
        ...def.config,
        anaLimitConfig: {
          lower: byType.get('Bottom') ?? null,
          lowerMid: byType.get('BottomMiddle') ?? null,
          upperMid: byType.get('TopMiddle') ?? null,
          upper: byType.get('Top') ?? null,
        },
      };
    }
    return true;
  }

  setAlertPriority(ref: PvRef, priority: number): PvConfig | undefined {
    const i = this.byKey.get(pvKey(ref));
    if (i === undefined) return undefined;
    const def = this.defs[i]!;
    if (!def.config.alertInputConfig) return undefined;
    def.config = { ...def.config, alertInputConfig: { ...def.config.alertInputConfig, priority } };
    return def.config;
  }
}
