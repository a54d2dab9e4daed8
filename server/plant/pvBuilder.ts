/**
 * Builds the PV definitions of a station (config, limit configs, where the value comes
 * from) with the numbering of SPEC §3/§9: AnaIn, AnaOut, DigiIn and DigiOut get
 * station * 100000 + n, the other types plain numbers (station * 1000 + n here).
 */
import type { LimitType, PvType, Quality, RuntimeType } from '../../src/contract/enums.ts';
import { LIMIT_TYPES } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type {
  CounterValue,
  DomainConfig,
  PvConfig,
  PvLimitConfig,
  PvRef,
  PvValue,
  RuntimeValue,
  TimeOfDayValue,
} from '../../src/contract/pv.ts';
import { makePvNr } from '../../src/domain/pvRef.ts';
import type { Random } from './random.ts';

export type Reading =
  | { typeOfValue: 'DoubleValue'; read: () => number }
  | { typeOfValue: 'BoolValue'; read: () => boolean }
  | { typeOfValue: 'FailureStateValue'; read: () => boolean }
  | { typeOfValue: 'CounterValue'; read: () => CounterValue }
  | { typeOfValue: 'RuntimeValue'; read: () => RuntimeValue }
  | { typeOfValue: 'TimeOfDayValue'; read: () => TimeOfDayValue };

/** What an operator may do to a PV of the simulated plant (SPEC §7 "Process values"). */
export interface PvControl {
  /** AnaOut: a number or a time of day; DigiOut: a boolean. */
  write?: (value: number | boolean | TimeOfDayValue) => void;
  /** ZaehlWert: starts the counter again from zero. */
  reset?: () => void;
  /** DigiIn and AnaIn: the runtimes kept for the PV, and setting one of them by type. */
  runtimes?: {
    read: () => RuntimeValue[];
    write: (runtimeType: RuntimeType, value: number) => void;
  };
}

export interface PvDef {
  ref: PvRef;
  key: string;
  stationNumber: number;
  config: PvConfig;
  limits: PvLimitConfig[];
  reading: Reading;
  /** Quality of PVs without a live source (Undef); such PVs never change. */
  fixedQuality: Quality | null;
  control: PvControl | null;
}

/** Limits Bottom, BottomMiddle, TopMiddle, Top; null leaves one not set. */
export type LimitValues = [number | null, number | null, number | null, number | null];

export interface PvOptions {
  subtype: string;
  dimension?: string;
  decimals?: number;
  archive?: boolean;
  domain?: DomainConfig | null;
  /** Texts for the active and inactive state of digital PVs. */
  texts?: [string, string];
  limits?: LimitValues;
  /** Priority of the alert raised by this input (failure inputs). */
  alertPriority?: number;
  fixedQuality?: Quality;
  control?: PvControl;
}

const SPLIT_TYPES = new Set<PvType>(['AnaIn', 'AnaOut', 'DigiIn', 'DigiOut']);
const PLAIN_NR_PER_STATION = 1000;

const EKS_CODE: Record<PvType, string> = {
  AnaIn: 'AE',
  AnaOut: 'AA',
  DigiIn: 'DE',
  DigiOut: 'DA',
  MinMax: 'MM',
  RechenWert: 'RW',
  LaborWert: 'LW',
  ZaehlWert: 'ZW',
  PlsObject: 'PLS',
  Undef: 'UD',
};

const LIMIT_TEXT: Record<LimitType, { description: string; message: string }> = {
  Bottom: { description: 'unterer Grenzwert', message: 'zu niedrig' },
  BottomMiddle: { description: 'unterer Vorwarnwert', message: 'niedrig' },
  TopMiddle: { description: 'oberer Vorwarnwert', message: 'hoch' },
  Top: { description: 'oberer Grenzwert', message: 'zu hoch' },
};

export class StationPvBuilder {
  private readonly seq = new Map<PvType, number>();

  constructor(
    private readonly stationNumber: number,
    private readonly stationName: string,
    private readonly random: Random,
    private readonly out: PvDef[],
  ) {}

  add(type: PvType, name: string, reading: Reading, options: PvOptions): PvDef {
    const n = (this.seq.get(type) ?? 0) + 1;
    this.seq.set(type, n);
    const nr = SPLIT_TYPES.has(type)
      ? makePvNr(this.stationNumber, n)
      : this.stationNumber * PLAIN_NR_PER_STATION + n;
    const ref: PvRef = Object.freeze({ type, nr });
    const limits = options.limits ? this.limitConfigs(ref, name, options) : [];
    const config: PvConfig = {
      pvRef: ref,
      name,
      eksNr: `TA${String(this.stationNumber).padStart(2, '0')}.${EKS_CODE[type]}${String(n).padStart(3, '0')}`,
      subtype: options.subtype,
      dimension: options.dimension ?? '',
      decimalPlaces: options.decimals ?? 0,
      hasArchiveData: options.archive ?? false,
      stationNumber: this.stationNumber,
      stationName: this.stationName,
      domainConfig: options.domain ?? null,
      digiDisplayConfig: options.texts
        ? { stateActiveText: options.texts[0], stateInactiveText: options.texts[1] }
        : null,
      anaLimitConfig: options.limits
        ? {
            lower: options.limits[0],
            lowerMid: options.limits[1],
            upperMid: options.limits[2],
            upper: options.limits[3],
          }
        : null,
      alertInputConfig:
        options.alertPriority !== undefined
          ? {
              description: name,
              message: `${this.stationName}: ${name}`,
              priority: options.alertPriority,
            }
          : null,
    };
    const def: PvDef = {
      ref,
      key: pvKey(ref),
      stationNumber: this.stationNumber,
      config,
      limits,
      reading,
      fixedQuality: options.fixedQuality ?? null,
      control: options.control ?? null,
    };
    this.out.push(def);
    return def;
  }

  private limitConfigs(ref: PvRef, name: string, options: PvOptions): PvLimitConfig[] {
    return LIMIT_TYPES.map((limitType, i) => {
      const limit = options.limits![i] ?? null;
      const outer = limitType === 'Bottom' || limitType === 'Top';
      return {
        pvLimitRef: { pv: ref, limitType },
        limit: limit ?? 0,
        priority: outer ? this.random.int(1, 3) : this.random.int(4, 7),
        delayTime: this.random.chance(0.4) ? 0 : this.random.pick([5, 10, 30, 60, 120, 300]),
        description: `${name} ${LIMIT_TEXT[limitType].description}`,
        message: `${this.stationName}: ${name} ${LIMIT_TEXT[limitType].message}`,
        notSet: limit === null,
      };
    });
  }
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** Reads a PV's current value, rounded to its decimal places so that changes are comparable. */
export function samplePv(def: PvDef, quality: Quality, timestamp: number): PvValue {
  const d = def.config.decimalPlaces;
  const base = { pvRef: def.ref, quality: def.fixedQuality ?? quality, timestamp };
  const r = def.reading;
  switch (r.typeOfValue) {
    case 'DoubleValue':
      return { ...base, typeOfValue: r.typeOfValue, doubleValue: round(r.read(), d) };
    case 'BoolValue':
      return { ...base, typeOfValue: r.typeOfValue, boolValue: r.read() };
    case 'FailureStateValue':
      return { ...base, typeOfValue: r.typeOfValue, failureStateValue: r.read() };
    case 'CounterValue': {
      const c = r.read();
      return {
        ...base,
        typeOfValue: r.typeOfValue,
        counterValue: {
          ...c,
          value: round(c.value, d),
          day: round(c.day, d),
          month: round(c.month, d),
          year: round(c.year, d),
        },
      };
    }
    case 'RuntimeValue': {
      const v = r.read();
      return {
        ...base,
        typeOfValue: r.typeOfValue,
        runtimeValue: { ...v, value: round(v.value, d) },
      };
    }
    case 'TimeOfDayValue':
      return { ...base, typeOfValue: r.typeOfValue, timeOfDayValue: r.read() };
  }
}

/**
 * The PV's next value when it differs from `last` in value or quality, else null. Plain
 * values are compared before an object is made: most PVs do not change in most ticks.
 */
export function nextSample(
  def: PvDef,
  last: PvValue,
  quality: Quality,
  time: number,
): PvValue | null {
  const q = def.fixedQuality ?? quality;
  const same = last.quality === q;
  const r = def.reading;
  switch (r.typeOfValue) {
    case 'DoubleValue': {
      const v = round(r.read(), def.config.decimalPlaces);
      if (same && last.doubleValue === v) return null;
      return {
        pvRef: def.ref,
        typeOfValue: 'DoubleValue',
        doubleValue: v,
        quality: q,
        timestamp: time,
      };
    }
    case 'BoolValue': {
      const v = r.read();
      if (same && last.boolValue === v) return null;
      return {
        pvRef: def.ref,
        typeOfValue: 'BoolValue',
        boolValue: v,
        quality: q,
        timestamp: time,
      };
    }
    case 'FailureStateValue': {
      const v = r.read();
      if (same && last.failureStateValue === v) return null;
      return {
        pvRef: def.ref,
        typeOfValue: 'FailureStateValue',
        failureStateValue: v,
        quality: q,
        timestamp: time,
      };
    }
    case 'CounterValue': {
      const c = r.read();
      const d = def.config.decimalPlaces;
      const value = round(c.value, d);
      const day = round(c.day, d);
      const l = last.counterValue;
      if (same && l && l.value === value && l.day === day) return null;
      const counterValue = {
        value,
        resetable: c.resetable,
        day,
        month: round(c.month, d),
        year: round(c.year, d),
      };
      return {
        pvRef: def.ref,
        typeOfValue: 'CounterValue',
        counterValue,
        quality: q,
        timestamp: time,
      };
    }
    case 'RuntimeValue': {
      const v = r.read();
      const value = round(v.value, def.config.decimalPlaces);
      if (same && last.runtimeValue?.value === value) return null;
      v.value = value;
      return {
        pvRef: def.ref,
        typeOfValue: 'RuntimeValue',
        runtimeValue: v,
        quality: q,
        timestamp: time,
      };
    }
    case 'TimeOfDayValue': {
      const v = r.read();
      const l = last.timeOfDayValue;
      if (same && l && l.hour === v.hour && l.minutes === v.minutes) return null;
      return {
        pvRef: def.ref,
        typeOfValue: 'TimeOfDayValue',
        timeOfDayValue: v,
        quality: q,
        timestamp: time,
      };
    }
  }
}
