/**
 * Pipe leakage (SPEC §3 "Pipe leakage", §7 `/hubs/pipeleakage`, §9 date format): per network
 * section the balance of what flows in against what is used, the night minimum flow between
 * 02:00 and 04:00 (plant time) against the section's reference, and the state of both.
 */

export type LeakageState = 'Ok' | 'Warning' | 'Leak' | 'NoData';
export const LEAKAGE_STATES: readonly LeakageState[] = ['Ok', 'Warning', 'Leak', 'NoData'];

export interface PipeLeakage {
  pipeLeakageId: number;
  name: string;
  /** The flow a tight section draws at night (legitimate night use plus background), m³/h. */
  referenceValue: number;
  /** State of the current measurement (the live balance). */
  measurementState: LeakageState;
  /** Change of the current balance against the reference, m³/h. */
  measurementChange: number;
  /** The night window just past (or running), ms since epoch; null before the first. */
  minMaxBegin: number | null;
  minMaxEnd: number | null;
  /** State of the night minimum against the reference. */
  minMaxState: LeakageState;
  /** The night minimum flow in that window, m³/h; null before the first sample. */
  minMaxValue: number | null;
  /** Inflow into the section now, m³/h. */
  inflow: number;
  /** Metered use in the section now, m³/h. */
  consumption: number;
  /** Night minimum of each of the last nights, oldest first (the trend over weeks). */
  nights: { begin: number; value: number }[];
  /** Volume lost per day at the shown excess (measurementChange, not below 0) × 24 h, m³/d. */
  lossPerDayM3: number | null;
  timestamp: number;
}

export interface LeakageSection {
  pipeLeakageId: number;
  name: string;
  referenceValue: number;
  /**
   * The station whose meters measure the section: while it is not connected the section's
   * figures are stale. Absent where a plant server does not say.
   */
  stationNumber?: number;
}

export const LEAKAGE_API = {
  sections: '/api/pipeleakage/sections',
  simulateLeak: '/api/admin/simulate/leak',
} as const;
