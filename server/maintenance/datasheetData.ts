/**
 * The machine data and spare parts of the simulated plant's machines (SPEC §7
 * "datasheets/data", "/parts"): derived from the PV's name and number, so every PV has a
 * stable data sheet without a catalogue to maintain. Each field has its key ('manufacturer')
 * beside the German label, so clients name it in their user's language.
 */
import type { DatasheetDataEntry, DatasheetPart } from '../../src/contract/maintenance.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import { STATION_CATALOG } from '../plant/stationCatalog.ts';
import { machineName } from '../../src/domain/maintenanceForecast.ts';

const MAKERS = ['KSB', 'Grundfos', 'Wilo', 'Flygt', 'Sulzer'];

function pick<T>(list: readonly T[], n: number): T {
  return list[Math.abs(n) % list.length]!;
}

const isPump = (c: PvConfig) => /pumpe|gebläse|rührwerk/i.test(c.name);

/**
 * The rating of a station's pumps as the simulated plant runs them (one pump's nominal flow
 * and power): the data sheet and the process model state the same figures.
 */
export function pumpRating(config: PvConfig): { flowM3h: number; powerKw: number } | null {
  const def = STATION_CATALOG.find((s) => s.nr === config.stationNumber);
  return def && def.pumps > 0 && /pumpe \d+ /i.test(`${config.name} `)
    ? { flowM3h: def.pumpFlow, powerKw: def.pumpPowerKw }
    : null;
}

export function machineData(config: PvConfig, nr: number): DatasheetDataEntry[] {
  const maker = pick(MAKERS, nr);
  const year = 1998 + (nr % 25);
  const rows: DatasheetDataEntry[] = [
    { key: 'name', label: 'Bezeichnung', value: machineName(config.name), unit: '' },
    { key: 'station', label: 'Station', value: config.stationName, unit: '' },
    { key: 'eksNumber', label: 'EKS-Nummer', value: String(config.eksNr), unit: '' },
    { key: 'manufacturer', label: 'Hersteller', value: maker, unit: '' },
    { key: 'yearBuilt', label: 'Baujahr', value: String(year), unit: '' },
    {
      key: 'serialNumber',
      label: 'Seriennummer',
      value: `${maker.slice(0, 2).toUpperCase()}-${year}-${nr}`,
      unit: '',
    },
  ];
  if (isPump(config)) {
    const rating = pumpRating(config);
    rows.push(
      {
        key: 'type',
        label: 'Typ',
        value: `${maker} ${pick(['Etanorm', 'NB', 'Omega', 'NP'], nr)} 80-200`,
        unit: '',
      },
      {
        key: 'ratedPower',
        label: 'Nennleistung',
        value: String(rating?.powerKw ?? 7.5 + (nr % 6) * 3.5),
        unit: 'kW',
      },
      {
        key: 'ratedSpeed',
        label: 'Nenndrehzahl',
        value: String(pick([1450, 2900, 960], nr)),
        unit: '1/min',
      },
      {
        key: 'flowRate',
        label: 'Förderstrom',
        value: String(rating?.flowM3h ?? 40 + (nr % 9) * 15),
        unit: 'm³/h',
      },
      { key: 'head', label: 'Förderhöhe', value: String(18 + (nr % 7) * 6), unit: 'm' },
      { key: 'protectionClass', label: 'Schutzart', value: 'IP68', unit: '' },
    );
  } else {
    rows.push(
      {
        key: 'measuringRange',
        label: 'Messbereich',
        value: `0 … ${config.domainConfig?.max ?? 100}`,
        unit: config.dimension,
      },
      { key: 'outputSignal', label: 'Ausgangssignal', value: '4 … 20', unit: 'mA' },
      { key: 'protectionClass', label: 'Schutzart', value: 'IP67', unit: '' },
    );
  }
  return rows;
}

export function machineParts(config: PvConfig, nr: number): DatasheetPart[] {
  const maker = pick(MAKERS, nr);
  if (isPump(config))
    return [
      {
        partNumber: `GLR-${6300 + (nr % 9)}-2Z`,
        name: 'Wälzlager Antriebsseite',
        quantity: 1,
        supplier: 'SKF',
      },
      {
        partNumber: `GLR-${6200 + (nr % 9)}-2Z`,
        name: 'Wälzlager Pumpenseite',
        quantity: 1,
        supplier: 'SKF',
      },
      {
        partNumber: `GLRD-${30 + (nr % 5) * 5}`,
        name: 'Gleitringdichtung',
        quantity: 1,
        supplier: maker,
      },
      { partNumber: `LR-${200 + (nr % 50)}`, name: 'Laufrad', quantity: 1, supplier: maker },
      { partNumber: 'OEL-ISO-VG46', name: 'Getriebeöl 1 l', quantity: 2, supplier: 'Fuchs' },
    ];
  return [
    {
      partNumber: `SEN-${1000 + (nr % 100)}`,
      name: 'Messumformer',
      quantity: 1,
      supplier: 'Endress+Hauser',
    },
    { partNumber: 'DICHT-SET-S', name: 'Dichtungssatz', quantity: 1, supplier: 'Endress+Hauser' },
  ];
}

/**
 * The storage card life of a station's control unit: cards wear with the writes of the
 * station's archive, older stations more; the simulated plant has a few near their end.
 */
export function storageCardLife(stationNumber: number): number {
  return Math.round(((stationNumber * 37 + 11) % 92) + 6);
}
