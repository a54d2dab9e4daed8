/**
 * Load mode for the bench suite: many synthetic AnaIn PVs and a fixed number of updates per
 * second, generated in bulk per tick. State lives in preallocated typed arrays, each PV's last
 * value included; the only objects made per update are the PvValue objects handed out, and
 * nothing here keeps them, so they die young. Configs are built on demand.
 */
import { QUALITIES, type Quality } from '../../src/contract/enums.ts';
import { parsePvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvNode, PvRef, PvValue } from '../../src/contract/pv.ts';
import { makePvNr, PV_NUMBER_SPLIT } from '../../src/domain/pvRef.ts';
import type { Random } from './random.ts';
import type { StationDef } from './stationCatalog.ts';
import type { ValueEngine } from './valueEngine.ts';

export interface LoadOptions {
  stations: number;
  pvsPerStation: number;
  updatesPerSecond: number;
}

const NOISE_SIZE = 4096;

export class LoadEngine implements ValueEngine {
  readonly stations: StationDef[] = [];
  readonly refs: PvRef[] = [];
  private readonly total: number;
  private readonly base: Float64Array;
  private readonly noise: Float64Array;
  /**
   * Each PV's last value, time and quality (1 + index in QUALITIES; 0: none sent yet, the
   * base value at the start). Kept as PvValue objects, every value sent lived until its PV's
   * next one (10 s at 100,000 PVs and 10,000 updates/s): all of them reached the old
   * generation, and its collections held the event loop 45-105 ms (bench/server-stall.ts).
   */
  private readonly lastValue: Float64Array;
  private readonly lastTime: Float64Array;
  private readonly lastQuality: Uint8Array;
  private cursor = 0;
  private noiseCursor = 0;
  /** Fraction of an update carried to the next tick so the rate holds at any tick length. */
  private carry = 0;
  /** Step through a station's PVs, coprime to pvsPerStation (a permutation). */
  private readonly stride: number;

  constructor(
    random: Random,
    private readonly options: LoadOptions,
    private readonly startTime: number,
  ) {
    if (options.pvsPerStation >= PV_NUMBER_SPLIT)
      throw new Error('pvsPerStation must be below 100000');
    for (let s = 1; s <= options.stations; s++) {
      const angle = (s / options.stations) * 2 * Math.PI;
      this.stations.push({
        nr: s,
        name: `Lastmessstelle ${s}`,
        kind: 'networkMeasuringPoint',
        dialUp: false,
        latitude: 51.04 + 0.03 * Math.sin(angle),
        longitude: 13.56 + 0.05 * Math.cos(angle),
        processImage: 'lastmessstelle',
        mobileNetworkStandard: null,
        pumps: 0,
        pumpFlow: 0,
        pumpPowerKw: 0,
        store: null,
        meanFlow: 0,
      });
      for (let p = 1; p <= options.pvsPerStation; p++) {
        this.refs.push(Object.freeze({ type: 'AnaIn', nr: makePvNr(s, p) }));
      }
    }
    this.total = this.refs.length;
    this.stride = coprimeStride(options.pvsPerStation);
    this.base = new Float64Array(this.total);
    for (let i = 0; i < this.total; i++) this.base[i] = random.range(1, 100);
    this.noise = new Float64Array(NOISE_SIZE);
    for (let i = 0; i < NOISE_SIZE; i++) this.noise[i] = 1 + 0.02 * random.normal();
    this.lastValue = new Float64Array(this.total);
    this.lastTime = new Float64Array(this.total);
    this.lastQuality = new Uint8Array(this.total);
  }

  private indexOf(ref: PvRef): number {
    if (ref.type !== 'AnaIn') return -1;
    const s = Math.floor(ref.nr / PV_NUMBER_SPLIT);
    const p = ref.nr % PV_NUMBER_SPLIT;
    if (s < 1 || s > this.options.stations || p < 1 || p > this.options.pvsPerStation) return -1;
    return (s - 1) * this.options.pvsPerStation + (p - 1);
  }

  nodes(): PvNode[] {
    const per = this.options.pvsPerStation;
    return this.stations.map((s, k) => ({
      stationNumber: s.nr,
      stationName: s.name,
      pvs: this.refs.slice(k * per, (k + 1) * per),
    }));
  }

  config(ref: PvRef): PvConfig | undefined {
    const i = this.indexOf(ref);
    if (i < 0) return undefined;
    const station = this.stations[Math.floor(i / this.options.pvsPerStation)]!;
    const n = (i % this.options.pvsPerStation) + 1;
    return {
      pvRef: this.refs[i]!,
      name: `Messwert ${n}`,
      eksNr: `LM${String(station.nr).padStart(4, '0')}.AE${String(n).padStart(5, '0')}`,
      subtype: 'Messwert',
      dimension: 'm³/h',
      decimalPlaces: 2,
      hasArchiveData: false,
      stationNumber: station.nr,
      stationName: station.name,
      domainConfig: { min: 0, max: 150 },
      digiDisplayConfig: null,
      anaLimitConfig: null,
      alertInputConfig: null,
    };
  }

  limitConfigs(_ref: PvRef): readonly PvLimitConfig[] {
    return [];
  }

  valueByKey(key: string): PvValue | undefined {
    const ref = parsePvKey(key);
    const i = ref ? this.indexOf(ref) : -1;
    if (i < 0) return undefined;
    return this.lastOf(i);
  }

  /** PV `i`'s last value, made anew on each call. */
  private lastOf(i: number): PvValue {
    const q = this.lastQuality[i]!;
    return {
      pvRef: this.refs[i]!,
      typeOfValue: 'DoubleValue',
      doubleValue: q === 0 ? this.base[i]! : this.lastValue[i]!,
      quality: q === 0 ? 'Good' : QUALITIES[q - 1]!,
      timestamp: q === 0 ? this.startTime : this.lastTime[i]!,
    };
  }

  tick(
    time: number,
    dtMs: number,
    _reachable: (stationNumber: number) => boolean,
    out: PvValue[],
  ): void {
    const wanted = this.carry + (this.options.updatesPerSecond * dtMs) / 1000;
    const count = Math.floor(wanted);
    this.carry = wanted - count;
    if (this.total === 0) return;
    const { base, noise, refs, lastValue, lastTime, lastQuality, total } = this;
    const good = QUALITIES.indexOf('Good') + 1;
    const stations = this.options.stations;
    const per = this.options.pvsPerStation;
    const stride = this.stride;
    let cursor = this.cursor;
    let nc = this.noiseCursor;
    const start = out.length;
    out.length = start + count;
    for (let k = 0; k < count; k++) {
      // Station by station, one PV each, then the next PV: every station (and so every tab
      // watching one) sees updatesPerSecond / stations values a second, spread evenly,
      // instead of one burst per sweep of the whole plant. Within a station the PVs are
      // visited with a stride coprime to their count, so neighbours on a page (the rows a
      // tab shows) change at different times, as in a real plant.
      const i = (cursor % stations) * per + ((Math.floor(cursor / stations) * stride) % per);
      const v = Math.round(base[i]! * noise[nc]! * 100) / 100;
      lastValue[i] = v;
      lastTime[i] = time;
      lastQuality[i] = good;
      out[start + k] = {
        pvRef: refs[i]!,
        typeOfValue: 'DoubleValue',
        doubleValue: v,
        quality: 'Good',
        timestamp: time,
      };
      nc = (nc + 1) & (NOISE_SIZE - 1);
      if (++cursor === total) cursor = 0;
    }
    this.cursor = cursor;
    this.noiseCursor = nc;
  }

  requalify(stationNumber: number | null, quality: Quality, out: PvValue[]): void {
    const per = this.options.pvsPerStation;
    const from = stationNumber === null ? 0 : (stationNumber - 1) * per;
    const to = stationNumber === null ? this.total : from + per;
    const q = QUALITIES.indexOf(quality) + 1;
    const good = QUALITIES.indexOf('Good') + 1;
    for (let i = from; i < to; i++) {
      if ((this.lastQuality[i] || good) === q) continue;
      const last = this.lastOf(i);
      this.lastValue[i] = last.doubleValue!;
      this.lastTime[i] = last.timestamp;
      this.lastQuality[i] = q;
      out.push({ ...last, quality });
    }
  }

  activeFailures(_stationNumber: number): number {
    return 0;
  }

  pvCount(stationNumber?: number): number {
    if (stationNumber === undefined) return this.total;
    return stationNumber >= 1 && stationNumber <= this.options.stations
      ? this.options.pvsPerStation
      : 0;
  }
}

/** A step near 0.618 × n with gcd(step, n) = 1, so k × step mod n visits 0..n-1 once each. */
function coprimeStride(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  if (n <= 2) return 1;
  let step = Math.max(1, Math.round(n * 0.618));
  while (gcd(step, n) !== 1) step++;
  return step;
}
