/**
 * The dashboards of the reference plant: an overview for the control-room wall monitor that
 * holds every tile type and value display style, and one dashboard per station kind. Together
 * they use every layout and tile size (SPEC §2 "Dashboard").
 */
import { MANUAL_PATH } from './manualPage.ts';
import type { Dashboard, DashboardTile, TileSize } from '../../src/contract/dashboard.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import type { Plant } from '../plant/types.ts';

/** The overview's shift note and one note per station-kind dashboard. */
export const OVERVIEW_NOTE_ID = 1;
export const DEFAULT_NOTES: ReadonlyMap<number, string> = new Map([
  [OVERVIEW_NOTE_ID, 'Schichtübergabe: keine besonderen Vorkommnisse.'],
]);

/** Postal code and country of the plant's town for the weather tile. */
export const PLANT_ZIP = '01723';
export const PLANT_COUNTRY = 'de';

const KIND_TITLES: Record<string, string> = {
  rawWaterPumping: 'Rohwasserförderung',
  waterworks: 'Wasserwerke',
  reservoir: 'Hochbehälter',
  boosterStation: 'Druckerhöhung',
  sewagePumping: 'Abwasserpumpwerke',
  stormwaterTank: 'Regenüberlaufbecken',
  wastewaterTreatment: 'Kläranlagen',
  networkMeasuringPoint: 'Rohrnetz',
};

const KIND_LAYOUTS = ['StackLayout', 'FlowLayout', 'FreeLayout', 'TableLayout'] as const;

export interface SampleDashboards {
  dashboards: Dashboard[];
  notes: ReadonlyMap<number, string>;
}

/** Finds PVs by station and name; the catalog's names are stable German plant names. */
class PvIndex {
  private readonly byStation = new Map<number, { ref: PvRef; name: string }[]>();

  constructor(plant: Plant) {
    for (const ref of plant.pvRefs()) {
      const config = plant.config(ref);
      if (!config) continue;
      let list = this.byStation.get(config.stationNumber);
      if (!list) this.byStation.set(config.stationNumber, (list = []));
      list.push({ ref, name: config.name });
    }
  }

  find(station: number, type: PvRef['type'], test: (name: string) => boolean): PvRef | undefined {
    return this.byStation.get(station)?.find((p) => p.ref.type === type && test(p.name))?.ref;
  }
}

export function buildSampleDashboards(plant: Plant): SampleDashboards {
  const pvs = new PvIndex(plant);
  const stations = plant.stations();
  const notes = new Map(DEFAULT_NOTES);
  let tileId = 0;
  const tile = (t: Omit<DashboardTile, 'id'>): DashboardTile => ({ id: ++tileId, ...t });
  const level = (nr: number) =>
    pvs.find(nr, 'AnaIn', (n) => n.startsWith('Füllstand') || n.startsWith('Druck Ausgang'));
  const flow = (nr: number) =>
    pvs.find(nr, 'AnaIn', (n) => n === 'Durchfluss' || n === 'Zulauf') ??
    pvs.find(nr, 'AnaIn', (n) => n === 'Netzdruck');
  const pressure = (nr: number) =>
    pvs.find(nr, 'AnaIn', (n) => n.startsWith('Druck') || n === 'Netzdruck');
  const pumpRunning = (nr: number) => pvs.find(nr, 'DigiIn', (n) => n.endsWith('1 Betrieb'));
  const pumpFailure = (nr: number) => pvs.find(nr, 'DigiIn', (n) => n.endsWith('1 Störung'));
  const fillGrade = (nr: number) => pvs.find(nr, 'RechenWert', (n) => n === 'Füllgrad');
  const power = (nr: number) => pvs.find(nr, 'AnaIn', (n) => n === 'Leistungsaufnahme');
  const present = <T>(list: (T | undefined)[]): T[] => list.filter((x): x is T => x !== undefined);

  // --- the overview: every tile type and display style, for the wall monitor ---
  const overviewTiles: DashboardTile[] = [];
  const add = (t: Omit<DashboardTile, 'id'>) => overviewTiles.push(tile(t));
  const singles: [DashboardTile['displayStyle'], PvRef | undefined, string, TileSize][] = [
    ['CircularGauge', level(2), 'Reinwasserbehälter', 'Medium'],
    ['VerticalGauge', level(3), 'HB Kirchberg', 'Medium'],
    ['HorizontalGauge', flow(2), 'Abgabe Wasserwerk', 'Medium'],
    ['DigitalGauge', pressure(12), 'Netzdruck Lindenplatz', 'Small'],
    ['StateIndicatorGauge', pumpRunning(1), 'Brunnenpumpe 1', 'Small'],
    ['StateIndicatorText', pumpFailure(7), 'Abwasserpumpe 1', 'Small'],
    ['ValueTextView', power(9), 'Leistung Kläranlage', 'Small'],
  ];
  for (const [displayStyle, pv, title, size] of singles) {
    if (pv) add({ type: 'SingleValue', title, size, pv, displayStyle });
  }
  add({
    type: 'Chart',
    title: 'Füllstände Behälter',
    size: 'Large',
    pvs: present([level(2), level(3), level(4)]),
    hours: 1,
  });
  add({
    type: 'HeatMap',
    title: 'Füllgrad aller Becken',
    size: 'Medium',
    pvs: present(stations.map((s) => fillGrade(s.id))),
  });
  add({
    type: 'GoogleMaps',
    title: 'Anlagenkarte',
    size: 'Large',
    mapType: 'Roadmap',
  });
  add({
    type: 'Weather',
    title: 'Wetter Talaue',
    size: 'Small',
    weatherMode: 'ActualWeather',
    zip: PLANT_ZIP,
    country: PLANT_COUNTRY,
  });
  add({
    type: 'Weather',
    title: 'Vorhersage',
    size: 'Medium',
    weatherMode: 'ForecastWeather',
    zip: PLANT_ZIP,
    country: PLANT_COUNTRY,
  });
  add({ type: 'Webcam', title: 'Kamera Kläranlage', size: 'Medium', webcamId: 1 });
  add({ type: 'Note', title: 'Schichtnotiz', size: 'Medium', noteId: OVERVIEW_NOTE_ID });
  add({ type: 'Browser', title: 'Betriebshandbuch', size: 'Medium', url: MANUAL_PATH });
  add({ type: 'Placeholder', title: '', size: 'Small' });

  const dashboards: Dashboard[] = [
    { id: 1, name: 'Leitwarte Übersicht', layout: 'TableLayout', columns: 4, tiles: overviewTiles },
  ];

  // --- one dashboard per station kind ---
  const kinds = [...new Set(stations.map((s) => s.kind))];
  kinds.forEach((kind, i) => {
    const id = i + 2;
    const noteId = id * 10;
    notes.set(noteId, '');
    const layout = KIND_LAYOUTS[i % KIND_LAYOUTS.length]!;
    const ofKind = stations.filter((s) => s.kind === kind);
    const tiles: DashboardTile[] = [];
    for (const station of ofKind) {
      const main = level(station.id) ?? pressure(station.id);
      if (main)
        tiles.push(
          tile({
            type: 'SingleValue',
            title: station.name,
            size: 'Large',
            pv: main,
            displayStyle: 'CircularGauge',
          }),
        );
      const f = flow(station.id);
      if (f && f !== main)
        tiles.push(
          tile({
            type: 'SingleValue',
            title: 'Durchfluss',
            size: 'Medium',
            pv: f,
            displayStyle: 'HorizontalGauge',
          }),
        );
      const run = pumpRunning(station.id);
      if (run)
        tiles.push(
          tile({
            type: 'SingleValue',
            title: 'Pumpe 1',
            size: 'Small',
            pv: run,
            displayStyle: 'StateIndicatorGauge',
          }),
        );
    }
    tiles.push(
      tile({
        type: 'Chart',
        title: 'Verlauf',
        size: 'Large',
        pvs: present(ofKind.map((s) => level(s.id) ?? pressure(s.id))),
        hours: 1,
      }),
      tile({
        type: 'GoogleMaps',
        title: 'Standorte',
        size: 'Medium',
        mapType: 'Terrain',
        stations: ofKind.map((s) => s.id),
      }),
      tile({ type: 'Note', title: 'Notiz', size: 'Small', noteId }),
    );
    if (layout === 'FreeLayout') placeFreely(tiles);
    dashboards.push({
      id,
      name: KIND_TITLES[kind] ?? kind,
      layout,
      ...(layout === 'TableLayout' ? { columns: 3 } : {}),
      tiles,
    });
  });
  return { dashboards, notes };
}

/** FreeLayout: tiles in rows by their size, as percentages of the board. */
function placeFreely(tiles: DashboardTile[]): void {
  const widths: Record<string, number> = { Small: 20, Medium: 30, Large: 45 };
  const heights: Record<string, number> = { Small: 22, Medium: 30, Large: 40 };
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const t of tiles) {
    const w = widths[t.size] ?? 25;
    const h = heights[t.size] ?? 25;
    if (x + w > 100) {
      x = 0;
      y += rowHeight + 2;
      rowHeight = 0;
    }
    t.placement = { x, y, width: w, height: h };
    x += w + 2;
    rowHeight = Math.max(rowHeight, h);
  }
}
