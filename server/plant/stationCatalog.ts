/**
 * The stations of the simulated plant around the town of Talaue: water supply from the raw
 * water wells to the network, and wastewater from the pumping stations to the treatment plant.
 */

export type StationKind =
  | 'rawWaterPumping'
  | 'waterworks'
  | 'reservoir'
  | 'boosterStation'
  | 'sewagePumping'
  | 'stormwaterTank'
  | 'wastewaterTreatment'
  | 'networkMeasuringPoint';

/**
 * The controlled store of a station: a level (or, for booster stations, a pressure) kept
 * between two switching points by the pumps. `fill`: pumps start at the low point and stop
 * at the high point (reservoirs); `empty`: pumps start at the high point and stop at the low
 * point (wastewater pumping stations).
 */
export interface StoreDef {
  name: string;
  unit: string;
  mode: 'fill' | 'empty';
  min: number;
  max: number;
  /** Default switching points; the AnaOut set points change them at run time. */
  start: number;
  stop: number;
  /** Store content per unit of level (m³ per m, or m³ per bar for booster tanks). */
  capacityPerUnit: number;
  initial: number;
}

export interface StationDef {
  nr: number;
  name: string;
  kind: StationKind;
  dialUp: boolean;
  /**
   * How often a dial-up station calls in by itself, at the latest (SPEC §3 names no such field;
   * ours, DESIGN "Where the specification is silent"): silent for longer, it is overdue.
   */
  callInIntervalMinutes?: number;
  latitude: number;
  longitude: number;
  processImage: string;
  mobileNetworkStandard: string | null;
  pumps: number;
  /** Nominal flow of one pump in m³/h. */
  pumpFlow: number;
  /** Nominal electrical power of one pump in kW. */
  pumpPowerKw: number;
  store: StoreDef | null;
  /** Scale of the demand or inflow this station sees (m³/h at the daily mean). */
  meanFlow: number;
}

const level = (
  name: string,
  mode: StoreDef['mode'],
  max: number,
  start: number,
  stop: number,
  capacityPerUnit: number,
): StoreDef => ({
  name,
  unit: 'm',
  mode,
  min: 0,
  max,
  start,
  stop,
  capacityPerUnit,
  initial: (start + stop) / 2,
});

export const STATION_CATALOG: readonly StationDef[] = [
  {
    nr: 1,
    name: 'Rohwasserpumpwerk Talaue',
    kind: 'rawWaterPumping',
    dialUp: false,
    latitude: 51.0412,
    longitude: 13.5523,
    processImage: 'rohwasserpumpwerk-talaue',
    mobileNetworkStandard: null,
    pumps: 3,
    pumpFlow: 120,
    pumpPowerKw: 45,
    store: level('Füllstand Rohwasserbehälter', 'fill', 5, 1.8, 4.2, 400),
    meanFlow: 180,
  },
  {
    nr: 2,
    name: 'Wasserwerk Talaue',
    kind: 'waterworks',
    dialUp: false,
    latitude: 51.0388,
    longitude: 13.5601,
    processImage: 'wasserwerk-talaue',
    mobileNetworkStandard: null,
    pumps: 3,
    pumpFlow: 150,
    pumpPowerKw: 75,
    store: level('Füllstand Reinwasserbehälter', 'fill', 6, 2.5, 5.2, 600),
    meanFlow: 200,
  },
  {
    nr: 3,
    name: 'Hochbehälter Kirchberg',
    kind: 'reservoir',
    dialUp: false,
    latitude: 51.0561,
    longitude: 13.5742,
    processImage: 'hochbehaelter-kirchberg',
    mobileNetworkStandard: null,
    pumps: 2,
    pumpFlow: 200,
    pumpPowerKw: 55,
    store: level('Füllstand Wasserkammer', 'fill', 5, 2.2, 4.4, 150),
    meanFlow: 110,
  },
  {
    nr: 4,
    name: 'Hochbehälter Sonnenhang',
    kind: 'reservoir',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0205,
    longitude: 13.5924,
    processImage: 'hochbehaelter-sonnenhang',
    mobileNetworkStandard: 'LTE',
    pumps: 2,
    pumpFlow: 90,
    pumpPowerKw: 22,
    store: level('Füllstand Wasserkammer', 'fill', 4, 1.6, 3.6, 80),
    meanFlow: 45,
  },
  {
    nr: 5,
    name: 'Druckerhöhungsstation Nord',
    kind: 'boosterStation',
    dialUp: false,
    latitude: 51.0633,
    longitude: 13.5488,
    processImage: 'druckerhoehung-nord',
    mobileNetworkStandard: null,
    pumps: 2,
    pumpFlow: 40,
    pumpPowerKw: 11,
    store: {
      name: 'Druck Ausgang',
      unit: 'bar',
      mode: 'fill',
      min: 0,
      max: 8,
      start: 3.8,
      stop: 5.0,
      capacityPerUnit: 2,
      initial: 4.4,
    },
    meanFlow: 25,
  },
  {
    nr: 6,
    name: 'Druckerhöhungsstation Süd',
    kind: 'boosterStation',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0127,
    longitude: 13.5655,
    processImage: 'druckerhoehung-sued',
    mobileNetworkStandard: 'GSM',
    pumps: 2,
    pumpFlow: 35,
    pumpPowerKw: 9,
    store: {
      name: 'Druck Ausgang',
      unit: 'bar',
      mode: 'fill',
      min: 0,
      max: 8,
      start: 3.5,
      stop: 4.8,
      capacityPerUnit: 2,
      initial: 4.1,
    },
    meanFlow: 20,
  },
  {
    nr: 7,
    name: 'Abwasserpumpwerk Mühlgraben',
    kind: 'sewagePumping',
    dialUp: false,
    latitude: 51.0342,
    longitude: 13.5411,
    processImage: 'abwasserpumpwerk-muehlgraben',
    mobileNetworkStandard: null,
    pumps: 2,
    pumpFlow: 90,
    pumpPowerKw: 15,
    store: level('Füllstand Pumpensumpf', 'empty', 3.5, 2.2, 0.6, 12),
    meanFlow: 55,
  },
  {
    nr: 8,
    name: 'Abwasserpumpwerk Auenstraße',
    kind: 'sewagePumping',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0296,
    longitude: 13.5779,
    processImage: 'abwasserpumpwerk-auenstrasse',
    mobileNetworkStandard: 'LTE',
    pumps: 2,
    pumpFlow: 50,
    pumpPowerKw: 7.5,
    store: level('Füllstand Pumpensumpf', 'empty', 3, 1.9, 0.5, 8),
    meanFlow: 28,
  },
  {
    nr: 9,
    name: 'Kläranlage Talaue',
    kind: 'wastewaterTreatment',
    dialUp: false,
    latitude: 51.0251,
    longitude: 13.5302,
    processImage: 'klaeranlage-talaue',
    mobileNetworkStandard: null,
    pumps: 3,
    pumpFlow: 160,
    pumpPowerKw: 30,
    store: level('Füllstand Zulaufpumpwerk', 'empty', 4, 2.6, 0.9, 40),
    meanFlow: 170,
  },
  {
    nr: 10,
    name: 'Regenüberlaufbecken RÜB 1',
    kind: 'stormwaterTank',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0318,
    longitude: 13.5365,
    processImage: 'rueb-1',
    mobileNetworkStandard: 'LTE',
    pumps: 1,
    pumpFlow: 60,
    pumpPowerKw: 5.5,
    store: level('Füllstand Becken', 'empty', 4.5, 0.6, 0.15, 300),
    meanFlow: 20,
  },
  {
    nr: 11,
    name: 'Regenüberlaufbecken RÜB 2',
    kind: 'stormwaterTank',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0184,
    longitude: 13.5491,
    processImage: 'rueb-2',
    mobileNetworkStandard: 'GSM',
    pumps: 1,
    pumpFlow: 45,
    pumpPowerKw: 4,
    store: level('Füllstand Becken', 'empty', 3.8, 0.5, 0.15, 220),
    meanFlow: 15,
  },
  {
    nr: 12,
    name: 'Rohrnetzmesspunkt Lindenplatz',
    kind: 'networkMeasuringPoint',
    dialUp: true,
    callInIntervalMinutes: 60,
    latitude: 51.0447,
    longitude: 13.5667,
    processImage: 'messpunkt-lindenplatz',
    mobileNetworkStandard: 'LTE',
    pumps: 0,
    pumpFlow: 0,
    pumpPowerKw: 0,
    store: null,
    meanFlow: 60,
  },
];
