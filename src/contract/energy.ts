/**
 * Energy optimisation values (SPEC §3 "Energy optimisation values", §7 `/hubs/energy-opt`):
 * per pump station, the utility's measuring period (15 minutes), its power against the agreed
 * setpoint, and what to shed to stay below it. The field names are German, as the plant
 * servers name them; the views label them in the user's language.
 */

/** The utility's (EVU) measuring period: 15 minutes, aligned to the quarter hour. */
export const ENERGY_PERIOD_SECONDS = 900;

export interface EnergyOptimisationValues {
  /** The key on the hub: the station number. */
  stationNumber: number;
  /** Combined heat and power unit (BHKW) output in kW; null where the station has none. */
  bhkwLeistung: number | null;
  /** Active power drawn now, kW. */
  wirkleistungAktuell: number;
  /** Mean active power over the period so far, kW. */
  wirkleistungMittel: number;
  /** Power to shed now (positive) so the period mean stays at the setpoint; negative: headroom. */
  korrekturleistung: number;
  cosPhi: number;
  /** The utility's synchronisation impulse: true in the first seconds of each period. */
  evuImpuls: boolean;
  /** The highest period mean of the current month, kW (what the utility bills). */
  periodenmaximum: number;
  /** Reactive ("idle") power, kvar. */
  blindleistung: number;
  /** Seconds left in the current measuring period (SPEC §9: shown as mm:ss). */
  periodenrestzeit: number;
  /** Minutes pumps ran in priority operation (above the setpoint, for supply) today. */
  vorrangbetriebMinuten: number;
  /** Agreed power (setpoint) the period mean must stay below, kW. */
  sollleistung: number;
  /** Period mean to expect if the present power holds to the period end, kW. */
  trendleistung: number;
  /** Energy drawn in the current period so far, kWh. */
  periodenenergie: number;
  /** When these values were computed (ms since epoch). */
  timestamp: number;
}

export interface EnergyStation {
  stationNumber: number;
  name: string;
  /** Installed pump power, kW. */
  installedKw: number;
  sollleistung: number;
}

/**
 * Specific energy of a station over a span of whole days from the archive's day values of
 * its energy and volume counters (the counters its report sums): kWh per m³ pumped =
 * Σ(day energy) / Σ(day volume) over the days with both.
 */
export interface SpecificEnergy {
  span: 'day' | 'week' | 'month';
  /** The span's first and last day (start of day, ms) with data. */
  from: number;
  to: number;
  days: number;
  energyKwh: number;
  volumeM3: number;
  /** null when nothing was pumped. */
  kwhPerM3: number | null;
}

export const ENERGY_API = {
  stations: '/api/energy/stations',
  specific: '/api/energy/stations/:nr/specific',
} as const;
