/** Process values: references, values and configs (SPEC §3). */
import type { LimitType, PvType, PvValueType, Quality, RuntimeType } from './enums.ts';

export interface PvRef {
  type: PvType;
  nr: number;
}

export interface CounterValue {
  value: number;
  resetable: boolean;
  day: number;
  month: number;
  year: number;
}

export interface RuntimeValue {
  lower: number;
  lowerMid: number;
  upperMid: number;
  upper: number;
  value: number;
  runtimeType: RuntimeType;
}

export interface TimeOfDayValue {
  hour: number;
  minutes: number;
}

/** A PV value holds exactly one kind, named by typeOfValue (SPEC §3 "PV value"). */
export interface PvValue {
  pvRef: PvRef;
  typeOfValue: PvValueType;
  boolValue?: boolean;
  doubleValue?: number;
  failureStateValue?: boolean;
  counterValue?: CounterValue;
  runtimeValue?: RuntimeValue;
  timeOfDayValue?: TimeOfDayValue;
  quality: Quality;
  /** Epoch milliseconds at which the plant measured the value. */
  timestamp: number;
}

export interface DomainConfig {
  min: number;
  max: number;
}

export interface DigiDisplayConfig {
  stateActiveText: string;
  stateInactiveText: string;
}

export interface AnaLimitConfig {
  lower: number | null;
  lowerMid: number | null;
  upperMid: number | null;
  upper: number | null;
}

export interface AlertInputConfig {
  description: string;
  message: string;
  priority: number;
}

export interface PvConfig {
  pvRef: PvRef;
  name: string;
  eksNr: string;
  subtype: string;
  dimension: string;
  decimalPlaces: number;
  hasArchiveData: boolean;
  stationNumber: number;
  stationName: string;
  domainConfig: DomainConfig | null;
  digiDisplayConfig: DigiDisplayConfig | null;
  anaLimitConfig: AnaLimitConfig | null;
  alertInputConfig: AlertInputConfig | null;
}

export interface PvLimitRef {
  pv: PvRef;
  limitType: LimitType;
}

export interface PvLimitConfig {
  pvLimitRef: PvLimitRef;
  limit: number;
  priority: number;
  delayTime: number;
  description: string;
  message: string;
  notSet: boolean;
}

/** A node of GET /api/Pv/getallpvnodes: a station with its PVs. */
export interface PvNode {
  stationNumber: number;
  stationName: string;
  pvs: PvRef[];
}
