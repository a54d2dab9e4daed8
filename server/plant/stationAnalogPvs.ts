/** The analog inputs of a station: store, flows, pressures, power, measurements, pump drives. */
import type { Environment } from './environment.ts';
import type { StationModel } from './processModel.ts';
import type { LimitValues, StationPvBuilder } from './pvBuilder.ts';

interface UnitDef {
  dimension: string;
  decimals: number;
  subtype: string;
}

/** Units of measurements and lab values, found by the first word of their name. */
const UNITS: [RegExp, UnitDef][] = [
  [/^Wasserstand/, { dimension: 'm', decimals: 2, subtype: 'Wasserstand' }],
  [/^Temperatur/, { dimension: '°C', decimals: 1, subtype: 'Temperatur' }],
  [/^Trübung/, { dimension: 'FNU', decimals: 2, subtype: 'Trübung' }],
  [/^Chlor/, { dimension: 'mg/l', decimals: 2, subtype: 'Desinfektion' }],
  [/^pH/, { dimension: 'pH', decimals: 2, subtype: 'Wasserqualität' }],
  [/^Leitfähigkeit/, { dimension: 'µS/cm', decimals: 0, subtype: 'Wasserqualität' }],
  [/^Filterwiderstand/, { dimension: 'bar', decimals: 2, subtype: 'Filtration' }],
  [/^Schwefelwasserstoff/, { dimension: 'ppm', decimals: 1, subtype: 'Gaswarnung' }],
  [/^Sauerstoff/, { dimension: 'mg/l', decimals: 2, subtype: 'Belebung' }],
  [
    /^(Ammonium|Nitrat|Phosphor|Stickstoff|CSB|BSB5)/,
    { dimension: 'mg/l', decimals: 1, subtype: 'Ablaufwerte' },
  ],
  [/^Schlammspiegel/, { dimension: 'm', decimals: 2, subtype: 'Nachklärung' }],
  [/^Gesamthärte/, { dimension: '°dH', decimals: 1, subtype: 'Wasserqualität' }],
  [/^Coliforme/, { dimension: 'KBE/100 ml', decimals: 0, subtype: 'Mikrobiologie' }],
];

export function unitOf(name: string): UnitDef {
  return (
    UNITS.find(([pattern]) => pattern.test(name))?.[1] ?? {
      dimension: '',
      decimals: 2,
      subtype: 'Messwert',
    }
  );
}

export const PUMP_NAME: Record<StationModel['def']['kind'], string> = {
  rawWaterPumping: 'Brunnenpumpe',
  waterworks: 'Filterpumpe',
  reservoir: 'Zubringerpumpe',
  boosterStation: 'Druckerhöhungspumpe',
  sewagePumping: 'Abwasserpumpe',
  stormwaterTank: 'Entleerungspumpe',
  wastewaterTreatment: 'Zulaufpumpe',
  networkMeasuringPoint: 'Pumpe',
};

export function addAnalogInputs(b: StationPvBuilder, m: StationModel, env: Environment): void {
  const def = m.def;
  const s = def.store;
  const pumpName = PUMP_NAME[def.kind];
  const maxFlow = Math.max(def.pumpFlow * Math.max(1, def.pumps), def.meanFlow * 3);
  const dbl = (read: () => number) => ({ typeOfValue: 'DoubleValue' as const, read });

  // Analog inputs
  if (s) {
    const r = s.max - s.min;
    const limits: LimitValues =
      s.mode === 'fill'
        ? [s.min + 0.15 * r, s.min + 0.3 * r, s.min + 0.92 * r, s.min + 0.97 * r]
        : [s.min + 0.05 * r, null, s.min + 0.8 * r, s.min + 0.9 * r];
    b.add(
      'AnaIn',
      s.name,
      dbl(() => m.store),
      {
        subtype: s.unit === 'bar' ? 'Druck' : 'Füllstand',
        dimension: s.unit,
        decimals: 2,
        archive: true,
        domain: { min: s.min, max: s.max },
        limits,
      },
    );
  }
  b.add(
    'AnaIn',
    s?.mode === 'empty' ? 'Zulauf' : 'Durchfluss',
    dbl(() => (s?.mode === 'empty' ? m.inflow : m.flow())),
    {
      subtype: 'Durchfluss',
      dimension: 'm³/h',
      decimals: 1,
      archive: true,
      domain: { min: 0, max: maxFlow },
      limits: [null, null, null, 0.95 * maxFlow],
      // The flow meter runs as long as the station: its operating hours are the station's.
      control: {
        runtimes: {
          read: () => [
            {
              lower: 0,
              lowerMid: 0,
              upperMid: 0,
              upper: 0,
              value: m.operatingHours,
              runtimeType: 'Betriebszeit',
            },
          ],
          write: (type, value) => {
            if (type === 'Betriebszeit') m.operatingHours = value;
          },
        },
      },
    },
  );
  if (s?.mode === 'empty') {
    b.add(
      'AnaIn',
      'Förderstrom',
      dbl(() => m.outflow),
      {
        subtype: 'Durchfluss',
        dimension: 'm³/h',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: maxFlow },
      },
    );
  }
  if (def.kind === 'boosterStation') {
    b.add(
      'AnaIn',
      'Druck Eingang',
      dbl(() => m.inletPressure),
      {
        subtype: 'Druck',
        dimension: 'bar',
        decimals: 2,
        archive: true,
        domain: { min: 0, max: 6 },
        limits: [1, 1.5, null, null],
      },
    );
  } else {
    b.add(
      'AnaIn',
      def.kind === 'networkMeasuringPoint' ? 'Netzdruck' : 'Druck Druckleitung',
      dbl(() => m.pressure),
      {
        subtype: 'Druck',
        dimension: 'bar',
        decimals: 2,
        archive: true,
        domain: { min: 0, max: 10 },
        limits: def.kind === 'networkMeasuringPoint' ? [3, 3.5, 6, 6.5] : [null, null, 6.5, 7.5],
      },
    );
  }
  if (def.pumps > 0) {
    b.add(
      'AnaIn',
      'Leistungsaufnahme',
      dbl(() => m.powerKw),
      {
        subtype: 'Energie',
        dimension: 'kW',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: def.pumpPowerKw * def.pumps * 1.2 + 5 },
      },
    );
  }
  if (def.kind === 'stormwaterTank') {
    b.add(
      'AnaIn',
      'Entlastung',
      dbl(() => m.overflow),
      {
        subtype: 'Durchfluss',
        dimension: 'm³/h',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: 2000 },
        limits: [null, null, 1, null],
      },
    );
    b.add(
      'AnaIn',
      'Niederschlag',
      dbl(() => env.rain),
      {
        subtype: 'Wetter',
        dimension: 'mm/h',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: 50 },
      },
    );
  }
  for (const [name, signal] of m.signals) {
    const unit =
      name === 'Netzspannung' ? { dimension: 'V', decimals: 0, subtype: 'Elektro' } : unitOf(name);
    const limits: LimitValues | undefined =
      name === 'Netzspannung'
        ? [207, null, null, 253]
        : name === 'Temperatur Schaltschrank'
          ? [5, null, 35, 40]
          : name.startsWith('Chlor')
            ? [0.05, 0.1, 0.4, 0.5]
            : name.startsWith('Trübung')
              ? [null, null, signal.mean * 3, signal.mean * 5]
              : undefined;
    // Without mains the voltage transducer reads the bottom of its range.
    const read =
      name === 'Netzspannung'
        ? () => (m.mainsFailure ? signal.min : signal.value)
        : () => signal.value;
    b.add('AnaIn', name, dbl(read), {
      ...unit,
      archive: true,
      domain: { min: signal.min, max: signal.max },
      ...(limits ? { limits } : {}),
    });
  }
  m.pumps.forEach((pump, i) => {
    const nominalA = (def.pumpPowerKw * 1000) / (400 * 1.73 * 0.85);
    b.add(
      'AnaIn',
      `${pumpName} ${i + 1} Motorstrom`,
      dbl(() => pump.currentA),
      {
        subtype: 'Elektro',
        dimension: 'A',
        decimals: 1,
        archive: true,
        domain: { min: 0, max: Math.ceil(nominalA * 1.5) },
        limits: [null, null, nominalA * 1.1, nominalA * 1.25],
      },
    );
    b.add(
      'AnaIn',
      `${pumpName} ${i + 1} Drehzahl`,
      dbl(() => pump.speedPct),
      {
        subtype: 'Antrieb',
        dimension: '%',
        decimals: 0,
        archive: true,
        domain: { min: 0, max: 100 },
      },
    );
  });
}
