/**
 * Dashboards, process images, webcams and weather (SPEC §2 "Dashboard", §3 "Weather",
 * "Other", §7 "Dashboard", "Visualization and webcam", "External weather service").
 * Enumerations travel as their names; each admits Unspecified, and a client meets unknown
 * names from newer servers, so tile fields are typed as the names plus `string`.
 */
import type { PvRef } from './pv.ts';

export const TILE_TYPES = [
  'Unspecified',
  'SingleValue',
  'Placeholder',
  'Note',
  'Chart',
  'HeatMap',
  'Weather',
  'GoogleMaps',
  'Browser',
  'Webcam',
] as const;
export type TileType = (typeof TILE_TYPES)[number];

export const DASHBOARD_LAYOUTS = [
  'Unspecified',
  'StackLayout',
  'TableLayout',
  'FlowLayout',
  'FreeLayout',
] as const;
export type DashboardLayout = (typeof DASHBOARD_LAYOUTS)[number];

export const TILE_SIZES = ['Unspecified', 'Small', 'Medium', 'Large'] as const;
export type TileSize = (typeof TILE_SIZES)[number];

export const MAP_TYPES = [
  'Unspecified',
  'Hybrid',
  'Roadmap',
  'Satellite',
  'Terrain',
  'OpenStreetMap',
  'Topographic',
] as const;
export type MapType = (typeof MAP_TYPES)[number];

export const VALUE_DISPLAY_STYLES = [
  'Unspecified',
  'DigitalGauge',
  'CircularGauge',
  'VerticalGauge',
  'HorizontalGauge',
  'StateIndicatorGauge',
  'StateIndicatorText',
  'ValueTextView',
] as const;
export type ValueDisplayStyle = (typeof VALUE_DISPLAY_STYLES)[number];

export const WEATHER_MODES = ['Unspecified', 'ActualWeather', 'ForecastWeather'] as const;
export type WeatherMode = (typeof WEATHER_MODES)[number];

export const WEATHER_CONDITIONS = [
  'ClearSky',
  'FewClouds',
  'ScatteredClouds',
  'BrokenClouds',
  'ShowerRain',
  'Rain',
  'Thunderstorm',
  'Snow',
  'Mist',
] as const;
export type WeatherCondition = (typeof WEATHER_CONDITIONS)[number];

/** Where a tile sits in a TableLayout (grid cells) or a FreeLayout (percent of the board). */
export interface TilePlacement {
  row?: number;
  column?: number;
  rowSpan?: number;
  columnSpan?: number;
  /** FreeLayout: left, top, width and height in percent of the dashboard area. */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

/** One tile. Which fields matter depends on `type`; unknown types show a tile error. */
export interface DashboardTile {
  id: number;
  type: TileType | (string & {});
  title: string;
  size: TileSize | (string & {});
  placement?: TilePlacement;
  /** SingleValue. */
  pv?: PvRef;
  displayStyle?: ValueDisplayStyle | (string & {});
  /** Chart and HeatMap: the PVs shown. */
  pvs?: PvRef[];
  /** Chart: hours of live history shown. */
  hours?: number;
  /** Chart: the chart of the chart area it stands for, when there is one. */
  chartId?: number;
  /** Note. */
  noteId?: number;
  /** Weather. */
  weatherMode?: WeatherMode | (string & {});
  zip?: string;
  country?: string;
  /** GoogleMaps: stations shown (all with a location when absent). */
  mapType?: MapType | (string & {});
  stations?: number[];
  /** Browser. */
  url?: string;
  /** Webcam. */
  webcamId?: number;
}

export interface Dashboard {
  id: number;
  name: string;
  layout: DashboardLayout | (string & {});
  /** TableLayout: number of columns. */
  columns?: number;
  tiles: DashboardTile[];
}

/** The weather service the Weather tile calls (OpenWeatherMap-compatible, metric). */
export interface WeatherServiceConfig {
  baseUrl: string;
  apiKey: string;
}

/** Tile URL templates (`{z}`, `{x}`, `{y}`) per map type of the GoogleMaps tile. */
export type MapTileSources = Partial<Record<MapType, string>>;

/** GET /api/dashboard/config. */
export interface DashboardConfigResult {
  dashboards: Dashboard[];
  weather: WeatherServiceConfig;
  mapTiles: MapTileSources;
  /** Whether the signed-in user may edit notes (right editDashboards). */
  currentUserCanEdit: boolean;
  /** The notes the dashboards show, as stored now; changes follow on the dashboard hub. */
  notes: DashboardNote[];
}

/** SPEC §3 "Other": a dashboard note; PATCH /api/dashboard/note/{id} takes it. */
export interface DashboardNote {
  id: number;
  note: string;
}

/** The note's live key on the dashboard hub (SubscribeToNotes). */
export function noteKey(id: number): string {
  return `note${id}`;
}

export const MAX_NOTE_LENGTH = 4000;

/** One process image of GET /api/visualization/processImages. */
export interface ProcessImageEntry {
  name: string;
  title: string;
  stationNumber: number | null;
}
export interface ProcessImageDirectory {
  name: string;
  images: ProcessImageEntry[];
  directories: ProcessImageDirectory[];
}
export interface ProcessImageList {
  root: ProcessImageDirectory;
}

/** GET /api/webcam and /api/webcam/{id}. */
export interface Webcam {
  id: number;
  name: string;
  stationNumber: number | null;
  /** Seconds between two images. */
  intervalSeconds: number;
}
export interface WebcamImage {
  filename: string;
  timestamp: number;
  /** Where the image itself is fetched. */
  url: string;
}

/** Simulated weather of SPEC §3 "Weather", as the client reads it from the service. */
export interface WeatherReading {
  dateTime: number;
  temperature: number;
  humidity: number;
  pressure: number;
  rain1h: number | null;
  rain3h: number | null;
  snow1h: number | null;
  snow3h: number | null;
  weatherCondition: WeatherCondition;
}

export const DASHBOARD_API = {
  config: '/api/dashboard/config',
  note: (id: number) => `/api/dashboard/note/${id}`,
  processImages: '/api/visualization/processImages',
  processImage: (name: string) => `/Views/Visualization/ProcessImages/${encodeURIComponent(name)}`,
  webcams: '/api/webcam',
  webcam: (id: number) => `/api/webcam/${id}`,
  webcamAvailable: (id: number) => `/api/webcam/${id}/available-images`,
  webcamCurrent: (id: number) => `/api/webcam/${id}/current`,
  webcamImage: (id: number, filename: string) =>
    `/api/webcam/${id}/images/${encodeURIComponent(filename)}`,
  weatherBase: '/api/weather/data/2.5',
} as const;
