/** Which PVs a station of the simulated plant has, with their German names, units and limits. */
import type { RuntimeType } from '../../src/contract/enums.ts';
import type { CounterValue, RuntimeValue } from '../../src/contract/pv.ts';
import type { Environment } from './environment.ts';
import { PRESSURE_SWITCH_NAME, PRESSURE_SWITCH_PRIORITY } from './incidents.ts';
import type { Counter, StationModel } from './processModel.ts';
import { LAB } from './processSignals.ts';
import type { PvDef, StationPvBuilder } from './pvBuilder.ts';
import { addAnalogInputs, PUMP_NAME, unitOf } from './stationAnalogPvs.ts';

const counterValue = (c: Counter): CounterValue => ({
  value: c.value,
  resetable: c.resetable,
  day: c.day,
  month: c.month,
  year: c.year,
});

function runtime(
  value: number,
  runtimeType: RuntimeType,
  upperMid: number,
  upper: number,
): RuntimeValue {
  return { lower: 0, lowerMid: 0, upperMid, upper, value, runtimeType };
}

/** Adds every PV of one station to the builder. */
export function addStationPvs(b: StationPvBuilder, m: StationModel, env: Environment): void {
  const def = m.def;
  const s = def.store;
  const pumpName = PUMP_NAME[def.kind];
  const dbl = (read: () => number) => ({ typeOfValue: 'DoubleValue' as const, read });
  const bool = (read: () => boolean) => ({ typeOfValue: 'BoolValue' as const, read });
  const fail = (read: () => boolean) => ({ typeOfValue: 'FailureStateValue' as const, read });

  addAnalogInputs(b, m, env);

  // Digital inputs
  m.pumps.forEach((pump, i) => {
    b.add(
      'DigiIn',
      `${pumpName} ${i + 1} Betrieb`,
      bool(() => pump.running),
      {
        subtype: 'Betriebsmeldung',
        texts: ['Ein', 'Aus'],
        archive: true,
        control: {
          runtimes: {
            read: () => [
              runtime(pump.hours, 'Betriebszeit', 40_000, 50_000),
              runtime(pump.starts, 'Schaltzyklen', 90_000, 100_000),
            ],
            write: (type, value) => {
              if (type === 'Betriebszeit') pump.hours = value;
              if (type === 'Schaltzyklen') pump.starts = Math.round(value);
            },
          },
        },
      },
    );
    b.add(
      'DigiIn',
      `${pumpName} ${i + 1} Störung`,
      fail(() => pump.failure),
      {
        subtype: 'Störmeldung',
        texts: ['Störung', 'OK'],
        archive: true,
        alertPriority: 2,
      },
    );
  });
  b.add(
    'DigiIn',
    'Netzausfall',
    fail(() => m.mainsFailure),
    {
      subtype: 'Störmeldung',
      texts: ['Störung', 'OK'],
      archive: true,
      alertPriority: 1,
    },
  );
  b.add(
    'DigiIn',
    'Tür Betriebsgebäude',
    bool(() => m.doorOpen),
    {
      subtype: 'Objektschutz',
      texts: ['offen', 'geschlossen'],
    },
  );
  if (s && s.unit === 'm') {
    b.add(
      'DigiIn',
      s.mode === 'fill' ? 'Überlauf Behälter' : 'Überstau',
      fail(() => m.store >= s.min + 0.97 * (s.max - s.min)),
      { subtype: 'Störmeldung', texts: ['Störung', 'OK'], archive: true, alertPriority: 1 },
    );
  }
  if (def.kind === 'boosterStation') {
    // Dry-running protection on the suction side (last of the inputs: numbers stay as they were).
    b.add(
      'DigiIn',
      PRESSURE_SWITCH_NAME,
      fail(() => m.waterShortage),
      {
        subtype: 'Störmeldung',
        texts: ['Störung', 'OK'],
        archive: true,
        alertPriority: PRESSURE_SWITCH_PRIORITY,
      },
    );
  }

  // Digital outputs: the pump commands of the controller
  m.pumps.forEach((pump, i) => {
    b.add(
      'DigiOut',
      `${pumpName} ${i + 1} Ein/Aus`,
      bool(() => pump.commanded),
      {
        subtype: 'Befehl',
        texts: ['Ein', 'Aus'],
        control: { write: (v) => m.command(pump, v === true) },
      },
    );
  });

  // Analog outputs: set points and a switching time
  if (s && def.pumps > 0) {
    b.add(
      'AnaOut',
      'Einschaltpunkt Pumpen',
      dbl(() => m.startPoint),
      {
        subtype: 'Sollwert',
        dimension: s.unit,
        decimals: 2,
        domain: { min: s.min, max: s.max },
        control: { write: (v) => typeof v === 'number' && (m.startPoint = v) },
      },
    );
    b.add(
      'AnaOut',
      'Ausschaltpunkt Pumpen',
      dbl(() => m.stopPoint),
      {
        subtype: 'Sollwert',
        dimension: s.unit,
        decimals: 2,
        domain: { min: s.min, max: s.max },
        control: { write: (v) => typeof v === 'number' && (m.stopPoint = v) },
      },
    );
    b.add(
      'AnaOut',
      'Sollwert Drehzahl',
      dbl(() => m.speedSetPct),
      {
        subtype: 'Sollwert',
        dimension: '%',
        decimals: 0,
        domain: { min: 30, max: 100 },
        control: { write: (v) => typeof v === 'number' && (m.speedSetPct = v) },
      },
    );
  } else {
    b.add(
      'AnaOut',
      'Messintervall',
      dbl(() => m.measuringIntervalS),
      {
        subtype: 'Parameter',
        dimension: 's',
        decimals: 0,
        domain: { min: 10, max: 3600 },
        control: { write: (v) => typeof v === 'number' && (m.measuringIntervalS = v) },
      },
    );
  }
  const switching =
    def.kind === 'waterworks'
      ? { name: 'Schaltzeit Filterspülung', hour: 2, minutes: 30 }
      : { name: 'Schaltzeit Nachtbetrieb', hour: 22, minutes: 0 };
  m.switchingTime = { hour: switching.hour, minutes: switching.minutes };
  b.add(
    'AnaOut',
    switching.name,
    {
      typeOfValue: 'TimeOfDayValue',
      read: () => ({ ...m.switchingTime }),
    },
    {
      subtype: 'Schaltzeit',
      dimension: 'Uhr',
      control: {
        write: (v) => {
          if (typeof v === 'object') m.switchingTime = { hour: v.hour, minutes: v.minutes };
        },
      },
    },
  );

  // Counters
  const counter = (name: string, c: Counter, dimension: string) =>
    b.add(
      'ZaehlWert',
      name,
      { typeOfValue: 'CounterValue', read: () => counterValue(c) },
      {
        subtype: 'Zähler',
        dimension,
        decimals: 1,
        archive: true,
        ...(c.resetable ? { control: { reset: () => c.reset() } } : {}),
      },
    );
  counter(
    def.kind === 'wastewaterTreatment'
      ? 'Zulaufmenge'
      : def.pumps > 0
        ? 'Fördermenge'
        : 'Durchflussmenge',
    m.volume,
    'm³',
  );
  if (def.pumps > 0) counter('Energieverbrauch', m.energy, 'kWh');
  if (def.kind === 'stormwaterTank') {
    counter('Entlastungsmenge', m.overflowVolume, 'm³');
    counter('Niederschlagsmenge', m.rainfall, 'mm');
  }
  m.pumps.forEach((pump, i) => counter(`${pumpName} ${i + 1} Fördermenge`, pump.counter, 'm³'));

  // Calculated values: runtimes and key figures
  // Operating hours and switching cycles are archived: a life-cycle entry dated in the past
  // reads the machine's runtime of that date, and the maintenance overview its recent rate.
  const rt = (
    name: string,
    read: () => RuntimeValue,
    dimension: string,
    decimals: number,
    archive = false,
  ) =>
    b.add(
      'RechenWert',
      name,
      { typeOfValue: 'RuntimeValue', read },
      { subtype: 'Laufzeit', dimension, decimals, archive },
    );
  m.pumps.forEach((pump, i) => {
    rt(
      `${pumpName} ${i + 1} Betriebsstunden`,
      () => runtime(pump.hours, 'Betriebszeit', 40_000, 50_000),
      'h',
      1,
      true,
    );
    rt(
      `${pumpName} ${i + 1} Schaltspiele`,
      () => runtime(pump.starts, 'Schaltzyklen', 90_000, 100_000),
      '',
      0,
      true,
    );
    rt(
      `${pumpName} ${i + 1} letzte Laufzeit`,
      () => runtime(pump.lastRunMinutes, 'LetzteAktivZeit', 90, 120),
      'min',
      1,
    );
  });
  rt('Betriebsstunden Anlage', () => runtime(m.operatingHours, 'Absolutzeit', 0, 0), 'h', 0);
  if (def.pumps > 0) {
    b.add(
      'RechenWert',
      'Spezifischer Energiebedarf',
      dbl(() => {
        const flow = m.flow();
        return flow > 1 ? m.powerKw / flow : 0;
      }),
      {
        subtype: 'Kennzahl',
        dimension: 'kWh/m³',
        decimals: 3,
        archive: true,
        domain: { min: 0, max: 2 },
      },
    );
  }
  if (s && s.unit === 'm') {
    b.add(
      'RechenWert',
      'Füllgrad',
      dbl(() => ((m.store - s.min) / (s.max - s.min)) * 100),
      {
        subtype: 'Kennzahl',
        dimension: '%',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: 100 },
      },
    );
  }

  // Day extremes
  if (s) {
    b.add(
      'MinMax',
      `${s.name} Tagesminimum`,
      dbl(() => m.dayMin),
      { subtype: 'Tagesminimum', dimension: s.unit, decimals: 2, archive: true },
    );
    b.add(
      'MinMax',
      `${s.name} Tagesmaximum`,
      dbl(() => m.dayMax),
      { subtype: 'Tagesmaximum', dimension: s.unit, decimals: 2, archive: true },
    );
  }
  b.add(
    'MinMax',
    'Durchfluss Tagesmaximum',
    dbl(() => m.dayFlowMax),
    { subtype: 'Tagesmaximum', dimension: 'm³/h', decimals: 1, archive: true },
  );

  // Laboratory results
  for (const [name] of LAB[def.kind]) {
    b.add(
      'LaborWert',
      name,
      dbl(() => m.lab.get(name) ?? 0),
      { ...unitOf(name), archive: true },
    );
  }

  // The operating mode as the control system object
  b.add(
    'PlsObject',
    'Betriebsart',
    bool(() => m.automatic),
    { subtype: 'Betriebsart', texts: ['Automatik', 'Hand'] },
  );
}

/** A spare input wired to nothing: type Undef, quality Unspecified, never changes. */
export function addSpareInput(b: StationPvBuilder): PvDef {
  return b.add(
    'Undef',
    'Reserve Analogeingang',
    { typeOfValue: 'DoubleValue', read: () => 0 },
    {
      subtype: 'Reserve',
      dimension: 'mA',
      decimals: 1,
      fixedQuality: 'Unspecified',
    },
  );
}
