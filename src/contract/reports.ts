/**
 * Reports (SPEC §2 reports area, §3 "Report manual input item", "Rueb", §7 "Report",
 * "Rueb and Sebam", §9) and the paths DESIGN.md fixes where the spec is silent:
 * `GET /api/Report/configs/{stationNr}` (0 = the whole plant),
 * `GET /api/Report/data/{configId}/{kind}?date=yyyy-MM-dd` (Special also `&to=yyyy-MM-dd`),
 * `POST` the same path plus `/manual-input`,
 * `GET /api/RuebProtocol/ruebevents/{stationNr}/{year}/{month}` (month 0 = the whole year).
 */
import type { DomainConfig, PvRef } from './pv.ts';

export const REPORT_API = {
  configs: '/api/Report/configs/:id',
  data: '/api/Report/data/:configId/:kind',
  manualInput: '/api/Report/data/:configId/:kind/manual-input',
  ruebConfigs: '/api/RuebProtocol/ruebconfigs',
  ruebEvents: '/api/RuebProtocol/ruebevents/:station/:year/:month',
  sebamConfigs: '/api/Sebam/configs',
} as const;

export const REPORT_KINDS = ['Daily', 'Weekly', 'Monthly', 'Annual', 'Special'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The kind as written in client URLs (`/reports/daily/201`). */
export const REPORT_KIND_SLUGS: Record<ReportKind, string> = {
  Daily: 'daily',
  Weekly: 'weekly',
  Monthly: 'monthly',
  Annual: 'annual',
  Special: 'special',
};

export function reportKindOfSlug(slug: string): ReportKind | null {
  return REPORT_KINDS.find((k) => REPORT_KIND_SLUGS[k] === slug) ?? null;
}

/** The rows of a period: quarter hours or hours (daily), days (week, month, special), months. */
export type ReportResolution = 'QuarterHour' | 'Hour' | 'Day' | 'Month';

/**
 * How a column turns archived values into one value per row (SPEC §9 "Aggregations"):
 * sum (a counter's increase), mean, min and max (with the time they occurred), count (samples),
 * operating hours of a digital state, switch cycles (0 -> 1, from the raw archive only), and
 * volume from a flow (mean flow times duration, in m³).
 */
export const REPORT_AGGREGATIONS = [
  'sum',
  'mean',
  'min',
  'max',
  'count',
  'operatingHours',
  'switchCycles',
  'volume',
] as const;
export type ReportAggregation = (typeof REPORT_AGGREGATIONS)[number];

/** Report data binding (SPEC §3): which PV a column shows and how. */
export interface ReportDataBinding {
  pvRef: PvRef;
  reportValueType: ReportAggregation;
  /** Rows shifted by offset units (0: the row's own period). */
  offset: number;
  offsetUnit: 'Hours' | 'Days';
}

/** A value a person types (a lab result, a meter reading), validated by this config. */
export interface ManualInputConfig {
  domain: DomainConfig;
  decimals: number;
}

export interface ReportColumn {
  /** Stable within the config; the manual column's id is its PV key. */
  id: string;
  title: string;
  dimension: string;
  decimals: number;
  /** The archived PV behind the column; null for a manual column. */
  binding: ReportDataBinding | null;
  /** Present for a manual column (its PV is `manualPv`). */
  manual: ManualInputConfig | null;
  manualPv: PvRef | null;
}

export interface ReportConfig {
  id: number;
  /** 0 = the whole plant. */
  stationNumber: number;
  stationName: string;
  name: string;
  kinds: ReportKind[];
  /** Rows of the daily report. */
  dailyResolution: 'QuarterHour' | 'Hour';
  columns: ReportColumn[];
  /** The user may enter manual values in this report (right writePvs on its station). */
  currentUserCanEdit: boolean;
}

/** Report manual input item as stored (SPEC §3), with who entered it and when. */
export interface ManualInputEntry {
  pv: PvRef;
  /** Row index within the report period it was read for. */
  index: number;
  /** Start of the row (epoch ms). */
  t: number;
  value: number | null;
  state: 'Entered';
  enteredBy: string;
  enteredAt: number;
}

/** One item of POST …/manual-input (SPEC §3 "Report manual input item"). */
export interface ManualInputItem {
  pv: PvRef;
  index: number;
  value: number | null;
  state?: string;
  /** true removes the value of the row. */
  resetManualInput: boolean;
}

export interface ReportRow {
  /** Row start and end (epoch ms). */
  t: number;
  end: number;
  /** One value per column (null: no data); manual columns hold their entered value. */
  values: (number | null)[];
  /** For min/max columns: when the value occurred; else null. */
  times: (number | null)[];
}

/** Footer aggregates of a column over the period's rows (null when no row has a value). */
export interface ReportTotal {
  sum: number | null;
  mean: number | null;
  min: number | null;
  minT: number | null;
  max: number | null;
  maxT: number | null;
}

export interface ReportAnnotation {
  id: number;
  timestamp: number;
  pv: PvRef;
  text: string;
}

export interface ReportData {
  configId: number;
  kind: ReportKind;
  /** The period's first day (yyyy-MM-dd) and its range. */
  date: string;
  start: number;
  end: number;
  resolution: ReportResolution;
  rows: ReportRow[];
  totals: ReportTotal[];
  manual: ManualInputEntry[];
  /** Annotations marked for this kind of report within the period. */
  annotations: ReportAnnotation[];
  /** The live key of the period on the report data hub (manual input pushed there). */
  liveKey: string;
}

/** Pushed on /hubs/reportdata as `newValues([item, …])`, current state on subscribe. */
export interface ReportLiveItem {
  key: string;
  manual: ManualInputEntry[];
}

export function reportLiveKey(configId: number, kind: ReportKind, date: string): string {
  return `r${configId}_${kind}_${date}`;
}

// --- overflow basins (Rueb) and Sebam ------------------------------------------------------

export interface RuebConfigItem {
  stationNumber: number;
  name: string;
  /** The level of the basin and the PVs the events are derived from. */
  levelPv: PvRef;
  overflowPv: PvRef | null;
  overflowVolumePv: PvRef | null;
  /** Basin in use while its level is above this (m). */
  threshold: number;
  capacity: number | null;
}

export interface RuebConfig {
  ruebConfigItems: RuebConfigItem[];
}

export interface RuebEvent {
  stationNumber: number;
  start: number;
  /** null while the event runs. */
  end: number | null;
  durationMs: number;
  /** m³ over the weir during the event. */
  volume: number;
  overflow: boolean;
  maxLevel: number | null;
}

export interface RuebEvents {
  ruebEvents: RuebEvent[];
}

export interface SebamConfig {
  id: number;
  stationNumber: number;
  name: string;
  pvs: PvRef[];
}

export interface SebamConfigs {
  configs: SebamConfig[];
}

export function reportPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}
