/**
 * The charts of the reference plant, derived from the plant itself (stable ids while the
 * plant's stations stay the same): per chart type a directory with a folder for the whole
 * plant and a folder per station, each holding one chart of its main values — live charts
 * (last hour, raw values) and archive charts (Auto source).
 */
import type {
  ChartConfig,
  ChartDirectory,
  ChartType,
  SeriesConfig,
  SeriesMeasurementType,
  SeriesViewType,
} from '../../src/contract/charts.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../../src/domain/dataSource.ts';
import { defaultSeriesConfig } from '../../src/domain/seriesDefaults.ts';
import { SERIES_COLORS } from '../../src/domain/seriesColors.ts';
import { archiveKindOf } from '../archive/archivedValue.ts';
import type { ArchiveKind } from '../archive/aggregate.ts';
import type { Plant } from '../plant/types.ts';

/** A chart as stored; currentUserCanEdit is added per user. */
export type StoredChartConfig = Omit<ChartConfig, 'currentUserCanEdit'>;

export interface CatalogChart {
  config: StoredChartConfig;
  series: SeriesConfig[];
}

const MAIN_ANALOG = 4;
const MAIN_DIGITAL = 2;
const MAIN_COUNTER = 1;
const PLANT_FOLDER_NAME = 'Gesamtanlage';

const ROOT_DIRECTORY_ID: Record<ChartType, number> = { LiveMeasurement: 1, Measurement: 2 };

function chartId(stationNumber: number | null, type: ChartType): number {
  const base = stationNumber === null ? 0 : (stationNumber + 1) * 10;
  return base + (type === 'LiveMeasurement' ? 1 : 2);
}

function directoryId(stationNumber: number | null, type: ChartType): number {
  const base = stationNumber === null ? 10 : 100 + stationNumber * 2;
  return base + (type === 'LiveMeasurement' ? 0 : 1);
}

function series(id: number, index: number, pv: PvConfig, type: ChartType): SeriesConfig {
  const kind = archiveKindOf(pv);
  const view: SeriesViewType =
    kind === 'digital' ? 'StepLine' : kind === 'counter' && type === 'Measurement' ? 'Bar' : 'Line';
  // Archive charts show level means and counter totals; states and live values as they are.
  const subtype: SeriesMeasurementType =
    type === 'Measurement' && kind !== 'digital' ? 'Mittelwert' : 'Aktuell';
  const config = defaultSeriesConfig({
    id: `${id}-${index + 1}`,
    index,
    pv: pv.pvRef,
    pvSubtype: subtype,
    seriesViewType: view,
  });
  // The leading value of a chart shows its alarm limits, as operators set up their level charts.
  const limits = pv.anaLimitConfig;
  if (index === 0 && kind === 'analog' && limits) {
    config.showLimitTop = limits.upper !== null;
    config.showLimitBottom = limits.lower !== null;
  }
  return config;
}

function chart(
  id: number,
  type: ChartType,
  title: string,
  pvs: readonly PvConfig[],
  span: Pick<StoredChartConfig, 'timeSpanFactor' | 'timeSpanUnit'>,
): CatalogChart {
  return {
    config: {
      id,
      type,
      title,
      ...DEFAULT_ARCHIVE_LIMITS,
      ...span,
      // SPEC §9: live charts show raw values; archive charts pick the source from the range.
      dataSourcePreset: type === 'LiveMeasurement' ? 'MeasurementArchive' : 'Auto',
    },
    series: sharedScales(
      pvs,
      pvs.map((pv, i) => series(id, i, pv, type)),
    ),
  };
}

/**
 * Analogue series of one dimension get one fixed scale, the widest of their domains: SPEC §5
 * then merges their axes into one, so a plant chart shows an axis per unit (m, bar, m³/h)
 * instead of one per value, and a level reads the same on every chart.
 */
function sharedScales(pvs: readonly PvConfig[], all: SeriesConfig[]): SeriesConfig[] {
  const range = new Map<string, { min: number; max: number }>();
  pvs.forEach((pv) => {
    const domain = pv.domainConfig;
    if (archiveKindOf(pv) !== 'analog' || !domain || !(domain.max > domain.min)) return;
    const r = range.get(pv.dimension);
    range.set(pv.dimension, {
      min: Math.min(r?.min ?? domain.min, domain.min),
      max: Math.max(r?.max ?? domain.max, domain.max),
    });
  });
  return all.map((config, i) => {
    const pv = pvs[i]!;
    const r = archiveKindOf(pv) === 'analog' ? range.get(pv.dimension) : undefined;
    if (!r) return config;
    return {
      ...config,
      axisYMinMaxChoices: ['AxisYMin', 'AxisYMax'],
      axisYMin: r.min,
      axisYMax: r.max,
    };
  });
}

/** The archived PVs that best describe a station: levels and flows, pump states, a counter. */
export function mainValues(pvs: readonly PvConfig[]): PvConfig[] {
  const archived = pvs.filter((c) => c.hasArchiveData);
  const rank = (c: PvConfig): number => (c.pvRef.type === 'AnaIn' ? 0 : 1);
  const byKind = (kind: ArchiveKind) =>
    archived
      .filter((c) => archiveKindOf(c) === kind)
      .sort((a, b) => rank(a) - rank(b) || a.pvRef.nr - b.pvRef.nr);
  return [
    ...byKind('analog').slice(0, MAIN_ANALOG),
    ...byKind('digital').slice(0, MAIN_DIGITAL),
    ...byKind('counter').slice(0, MAIN_COUNTER),
  ];
}

interface StoredDirectory {
  id: number;
  name: string;
  type: ChartType;
  childDirectoryList: StoredDirectory[];
  configList: StoredChartConfig[];
}

interface Built {
  charts: Map<number, CatalogChart>;
  roots: Record<ChartType, StoredDirectory>;
  byPv: Map<string, CatalogChart[]>;
}

export class ChartCatalog {
  private built: Built | null = null;

  constructor(private readonly plant: Plant | null) {}

  chart(id: number): CatalogChart | undefined {
    return this.build().charts.get(id);
  }

  /** The directory of one chart type, with currentUserCanEdit set for the asking user. */
  directory(type: ChartType, canEdit: boolean): ChartDirectory {
    const withEdit = (d: StoredDirectory): ChartDirectory => ({
      id: d.id,
      name: d.name,
      type: d.type,
      childDirectoryList: d.childDirectoryList.map(withEdit),
      configList: d.configList.map((c) => ({ ...c, currentUserCanEdit: canEdit })),
    });
    return withEdit(this.build().roots[type]);
  }

  /** Charts with a series of this PV. */
  chartsWithPv(ref: PvRef): CatalogChart[] {
    return this.build().byPv.get(pvKey(ref)) ?? [];
  }

  private build(): Built {
    if (this.built) return this.built;
    const charts = new Map<number, CatalogChart>();
    const byPv = new Map<string, CatalogChart[]>();
    const roots = {} as Built['roots'];
    const stations = this.stationsWithValues();
    const plantPvs = stations
      .map((s) => s.main.find((c) => archiveKindOf(c) === 'analog'))
      .filter((c): c is PvConfig => c !== undefined)
      .slice(0, SERIES_COLORS.length);
    for (const type of ['LiveMeasurement', 'Measurement'] as const) {
      const live = type === 'LiveMeasurement';
      const span = live
        ? ({ timeSpanFactor: 1, timeSpanUnit: 'Hour' } as const)
        : ({ timeSpanFactor: 1, timeSpanUnit: 'Week' } as const);
      const add = (c: CatalogChart): StoredChartConfig => {
        charts.set(c.config.id, c);
        for (const s of c.series) {
          const key = pvKey(s.pv);
          byPv.set(key, [...(byPv.get(key) ?? []), c]);
        }
        return c.config;
      };
      const plantChart = add(
        chart(
          chartId(null, type),
          type,
          `${PLANT_FOLDER_NAME} – ${live ? 'Live' : 'Jahresübersicht'}`,
          plantPvs,
          live ? span : { timeSpanFactor: 1, timeSpanUnit: 'Year' },
        ),
      );
      const folders = stations.map((s): StoredDirectory => ({
        id: directoryId(s.number, type),
        name: s.name,
        type,
        childDirectoryList: [],
        configList: [
          add(
            chart(
              chartId(s.number, type),
              type,
              `${s.name} – ${live ? 'Live' : 'Hauptwerte'}`,
              s.main,
              span,
            ),
          ),
        ],
      }));
      roots[type] = {
        id: ROOT_DIRECTORY_ID[type],
        name: live ? 'Live-Diagramme' : 'Archiv-Diagramme',
        type,
        childDirectoryList: [
          {
            id: directoryId(null, type),
            name: PLANT_FOLDER_NAME,
            type,
            childDirectoryList: [],
            configList: [plantChart],
          },
          ...folders,
        ],
        configList: [],
      };
    }
    this.built = { charts, roots, byPv };
    return this.built;
  }

  private stationsWithValues(): { number: number; name: string; main: PvConfig[] }[] {
    const plant = this.plant;
    if (!plant) return [];
    const configsOf = new Map<number, PvConfig[]>();
    for (const ref of plant.pvRefs()) {
      const c = plant.config(ref);
      if (!c) continue;
      const list = configsOf.get(c.stationNumber);
      if (list) list.push(c);
      else configsOf.set(c.stationNumber, [c]);
    }
    return plant
      .stations()
      .map((s) => ({ number: s.id, name: s.name, main: mainValues(configsOf.get(s.id) ?? []) }))
      .filter((s) => s.main.length > 0);
  }
}
