/**
 * The report configs of the reference plant, derived from the plant's archived PVs: per
 * station an operating report (flows as volumes, the level as mean/min/max, quality values as
 * means, counters as sums, pumps as operating hours and switch cycles, one manual column), and
 * for the whole plant (station 0) a plant report of the stations' main counters and a special
 * report of the energy counters. Ids: station * 100 + n; the plant's 1 and 2.
 */
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import type {
  ManualInputConfig,
  ReportAggregation,
  ReportColumn,
  ReportConfig,
  ReportKind,
} from '../../src/contract/reports.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { Plant } from '../plant/types.ts';

const ALL_KINDS: ReportKind[] = ['Daily', 'Weekly', 'Monthly', 'Annual', 'Special'];
const QUALITY = /^(Trübung|Chlor|pH|Leitfähigkeit|Temperatur Reinwasser|Sauerstoff|Ammonium)/;

/** A report config as the server keeps it: without the per-user flag. */
export type StoredReportConfig = Omit<ReportConfig, 'currentUserCanEdit'>;

export const AGGREGATION_TITLE: Record<ReportAggregation, string> = {
  sum: 'Summe',
  mean: 'Mittel',
  min: 'Min',
  max: 'Max',
  count: 'Anzahl',
  operatingHours: 'Betriebsstunden',
  switchCycles: 'Schaltspiele',
  volume: 'Menge',
};

function column(
  config: PvConfig,
  aggregation: ReportAggregation,
  title = `${config.name} ${AGGREGATION_TITLE[aggregation]}`,
  offsetDays = 0,
): ReportColumn {
  const dimension =
    aggregation === 'volume'
      ? 'm³'
      : aggregation === 'operatingHours'
        ? 'h'
        : aggregation === 'switchCycles' || aggregation === 'count'
          ? ''
          : config.dimension;
  const decimals =
    aggregation === 'switchCycles' || aggregation === 'count'
      ? 0
      : aggregation === 'operatingHours' || aggregation === 'volume'
        ? 1
        : config.decimalPlaces;
  return {
    id: `${pvKey(config.pvRef)}:${aggregation}${offsetDays ? `:${offsetDays}d` : ''}`,
    title,
    dimension,
    decimals,
    binding: {
      pvRef: config.pvRef,
      reportValueType: aggregation,
      offset: offsetDays,
      offsetUnit: 'Days',
    },
    manual: null,
    manualPv: null,
  };
}

/** The manual column of a station: what its staff reads off by hand. */
function manualColumn(stationNumber: number, kind: string, hasTurbidity: boolean): ReportColumn {
  const pv: PvRef = { type: 'LaborWert', nr: stationNumber * 1000 + 901 };
  let title = 'Zählerablesung';
  let dimension = 'm³';
  let manual: ManualInputConfig = { domain: { min: 0, max: 9_999_999 }, decimals: 1 };
  if (hasTurbidity) {
    title = 'Trübung Labor';
    dimension = 'FNU';
    manual = { domain: { min: 0, max: 10 }, decimals: 2 };
  } else if (kind === 'wastewaterTreatment') {
    title = 'CSB Ablauf Labor';
    dimension = 'mg/l';
    manual = { domain: { min: 0, max: 1000 }, decimals: 0 };
  }
  return {
    id: pvKey(pv),
    title,
    dimension,
    decimals: manual.decimals,
    binding: null,
    manual,
    manualPv: pv,
  };
}

/**
 * The archived PV configs of every station, read once: per station over every PV of the
 * plant would be stations × PVs configs (a load-mode plant of 500 × 200 took a minute).
 */
function archivedConfigsByStation(plant: Plant): Map<number, PvConfig[]> {
  const byStation = new Map<number, PvConfig[]>();
  for (const ref of plant.pvRefs()) {
    const c = plant.config(ref);
    if (!c?.hasArchiveData) continue;
    let list = byStation.get(c.stationNumber);
    if (!list) byStation.set(c.stationNumber, (list = []));
    list.push(c);
  }
  return byStation;
}

function stationConfigs(
  station: { id: number; name: string; kind: string },
  configs: readonly PvConfig[],
): StoredReportConfig[] {
  const stationNumber = station.id;
  const analog = configs.filter((c) => c.pvRef.type === 'AnaIn');
  const columns: ReportColumn[] = [];
  const flows = analog.filter((c) => /^(m³\/h|l\/s|m³\/s)$/.test(c.dimension)).slice(0, 3);
  for (const c of flows) {
    columns.push(column(c, 'volume'), column(c, 'max'));
  }
  const level = analog.find((c) => c.dimension === 'm' && /Füllstand/.test(c.name));
  if (level) columns.push(column(level, 'mean'), column(level, 'min'), column(level, 'max'));
  for (const c of analog.filter((c) => QUALITY.test(c.name)).slice(0, 3)) {
    columns.push(column(c, 'mean'));
  }
  const counters = configs.filter((c) => c.pvRef.type === 'ZaehlWert').slice(0, 2);
  for (const c of counters) columns.push(column(c, 'sum', c.name));
  const pumps = configs
    .filter((c) => c.pvRef.type === 'DigiIn' && / Betrieb$|läuft$/.test(c.name))
    .slice(0, 3);
  for (const c of pumps) columns.push(column(c, 'operatingHours'));
  if (pumps[0]) columns.push(column(pumps[0], 'switchCycles'));
  // The level of the same period a day earlier, beside today's: a binding with an offset.
  if (level) columns.push(column(level, 'mean', `${level.name} Mittel Vortag`, -1));
  const hasTurbidity = analog.some((c) => /^Trübung/.test(c.name));
  // The column a person fills in comes first, so it is in view without scrolling sideways.
  columns.unshift(manualColumn(stationNumber, station.kind, hasTurbidity));
  const operating: StoredReportConfig = {
    id: stationNumber * 100 + 1,
    stationNumber,
    stationName: station.name,
    name: `Betriebsbericht ${station.name}`,
    kinds: ALL_KINDS,
    dailyResolution: 'Hour',
    columns,
  };
  // A day in quarter hours: the flow profile and the level, as a shift reads it.
  const quarter = [
    ...flows.slice(0, 1).map((c) => column(c, 'volume')),
    ...flows.slice(0, 1).map((c) => column(c, 'mean')),
    ...(level ? [column(level, 'mean')] : []),
    ...counters.slice(0, 1).map((c) => column(c, 'sum', c.name)),
  ];
  if (quarter.length === 0) return [operating];
  return [
    operating,
    {
      id: stationNumber * 100 + 2,
      stationNumber,
      stationName: station.name,
      name: `Viertelstundenwerte ${station.name}`,
      kinds: ['Daily'],
      dailyResolution: 'QuarterHour',
      columns: quarter,
    },
  ];
}

function plantConfigs(plant: Plant, byStation: Map<number, PvConfig[]>): StoredReportConfig[] {
  const main: ReportColumn[] = [];
  const energy: ReportColumn[] = [];
  for (const station of plant.stations()) {
    const counters = (byStation.get(station.id) ?? []).filter((c) => c.pvRef.type === 'ZaehlWert');
    const first = counters[0];
    if (first) main.push(column(first, 'sum', `${station.name}: ${first.name}`));
    const kwh = counters.find((c) => c.dimension === 'kWh');
    if (kwh) energy.push(column(kwh, 'sum', `${station.name}: ${kwh.name}`));
  }
  const configs: StoredReportConfig[] = [];
  if (main.length > 0) {
    configs.push({
      id: 1,
      stationNumber: 0,
      stationName: '',
      name: 'Anlagenbericht Mengen',
      kinds: ['Daily', 'Weekly', 'Monthly', 'Annual'],
      dailyResolution: 'Hour',
      columns: main,
    });
  }
  if (energy.length > 0) {
    configs.push({
      id: 2,
      stationNumber: 0,
      stationName: '',
      name: 'Sonderbericht Energie',
      kinds: ['Special'],
      dailyResolution: 'Hour',
      columns: energy,
    });
  }
  return configs;
}

/** Every report config of the plant, built once (the plant's PVs do not change at run time). */
export class ReportConfigs {
  private readonly byId = new Map<number, StoredReportConfig>();

  constructor(plant: Plant) {
    const byStation = archivedConfigsByStation(plant);
    for (const c of plantConfigs(plant, byStation)) this.byId.set(c.id, c);
    for (const station of plant.stations()) {
      for (const c of stationConfigs(station, byStation.get(station.id) ?? []))
        this.byId.set(c.id, c);
    }
  }

  get(id: number): StoredReportConfig | undefined {
    return this.byId.get(id);
  }

  /** The configs of one station, or with 0 those of the whole plant. */
  ofStation(stationNumber: number): StoredReportConfig[] {
    return [...this.byId.values()].filter((c) => c.stationNumber === stationNumber);
  }

  all(): StoredReportConfig[] {
    return [...this.byId.values()];
  }
}
