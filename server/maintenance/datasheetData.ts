/**
 * The machine data and spare parts of the simulated plant's machines (SPEC §7
 * "datasheets/data", "/parts"): derived from the PV's name and number, so every PV has a
 * stable data sheet without a catalogue to maintain.
 */
import type { DatasheetDataEntry, DatasheetPart } from '../../src/contract/maintenance.ts';
import type { PvConfig } from '../../src/contract/pv.ts';
import { machineName } from '../../src/domain/maintenanceForecast.ts';

const MAKERS = ['KSB', 'Grundfos', 'Wilo', 'Flygt', 'Sulzer'];

function pick<T>(list: readonly T[], n: number): T {
  return list[Math.abs(n) % list.length]!;
}

const isPump = (c: PvConfig) => /pumpe|gebläse|rührwerk/i.test(c.name);

export function machineData(config: PvConfig, nr: number): DatasheetDataEntry[] {
  const maker = pick(MAKERS, nr);
  const year = 1998 + (nr % 25);
  const rows: DatasheetDataEntry[] = [
    { label: 'Bezeichnung', value: machineName(config.name), unit: '' },
    { label: 'Station', value: config.stationName, unit: '' },
    { label: 'EKS-Nummer', value: String(config.eksNr), unit: '' },
    { label: 'Hersteller', value: maker, unit: '' },
    { label: 'Baujahr', value: String(year), unit: '' },
    { label: 'Seriennummer', value: `${maker.slice(0, 2).toUpperCase()}-${year}-${nr}`, unit: '' },
  ];
  if (isPump(config)) {
    rows.push(
      {
        label: 'Typ',
        value: `${maker} ${pick(['Etanorm', 'NB', 'Omega', 'NP'], nr)} 80-200`,
        unit: '',
      },
      { label: 'Nennleistung', value: String(7.5 + (nr % 6) * 3.5), unit: 'kW' },
      { label: 'Nenndrehzahl', value: String(pick([1450, 2900, 960], nr)), unit: '1/min' },
      { label: 'Förderstrom', value: String(40 + (nr % 9) * 15), unit: 'm³/h' },
      { label: 'Förderhöhe', value: String(18 + (nr % 7) * 6), unit: 'm' },
      { label: 'Schutzart', value: 'IP68', unit: '' },
    );
  } else {
    rows.push(
      {
        label: 'Messbereich',
        value: `0 … ${config.domainConfig?.max ?? 100}`,
        unit: config.dimension,
      },
      { label: 'Ausgangssignal', value: '4 … 20', unit: 'mA' },
      { label: 'Schutzart', value: 'IP67', unit: '' },
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
