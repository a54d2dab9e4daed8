/**
 * The energy optimisation of one pump station (SPEC §3 "Energy optimisation values"): the
 * utility's 15-minute measuring period, the energy drawn in it, the period mean against the
 * agreed setpoint, and the power to shed now so the period ends at the setpoint.
 *
 * Formulas (also in the view's help):
 *   mean     = E / t                         (E: kWh drawn this period, t: hours elapsed)
 *   trend    = (E + P · r) / T               (P: power now, r: hours left, T = 0.25 h)
 *   allowed  = (S · T − E) / r               (S: setpoint; the power that ends the period at S)
 *   correction = P − allowed                 (positive: shed this much now; negative: headroom)
 *   reactive = P · tan(acos(cos φ))
 */
import { ENERGY_PERIOD_SECONDS, type EnergyOptimisationValues } from '../../src/contract/energy.ts';
import { dateIn } from '../../src/domain/clock.ts';

const PERIOD_MS = ENERGY_PERIOD_SECONDS * 1000;
const MS_PER_HOUR = 3_600_000;
/** The utility's synchronisation impulse lasts this long at the start of each period. */
export const EVU_IMPULSE_MS = 10_000;

export interface EnergyStationDef {
  stationNumber: number;
  installedKw: number;
  sollleistung: number;
  /** The station runs a combined heat and power unit (digester gas at the treatment plant). */
  chpKw: number | null;
}

export class EnergyMeter {
  private periodStart = Number.NaN;
  private energyKwh = 0;
  private lastAt = Number.NaN;
  private lastKw = 0;
  private monthMax = 0;
  private month = '';
  private day = '';
  private priorityMs = 0;

  constructor(
    readonly def: EnergyStationDef,
    private readonly timeZone: string,
  ) {}

  /**
   * The month's highest period mean before the meter's first sample, from the archive's
   * quarter hours (net of the CHP unit): a restart does not forget the month's maximum.
   */
  seedMonthMax(at: number, kw: number): void {
    // The plant's date (yyyy-MM-dd): its first seven characters change at the month's midnight.
    const month = dateIn(at, this.timeZone).slice(0, 7);
    if (month !== this.month) {
      this.month = month;
      this.monthMax = 0;
    }
    this.monthMax = Math.max(this.monthMax, kw);
  }

  /** Takes the station's power (kW, before the CHP unit's share) at `at` and returns the values. */
  sample(at: number, stationKw: number): EnergyOptimisationValues {
    const chp = this.def.chpKw === null ? null : Math.min(stationKw, this.def.chpKw);
    const p = Math.max(0, stationKw - (chp ?? 0));
    const start = Math.floor(at / PERIOD_MS) * PERIOD_MS;
    const day = dateIn(at, this.timeZone);
    const month = day.slice(0, 7);
    if (month !== this.month) {
      this.month = month;
      this.monthMax = 0;
    }
    if (day !== this.day) {
      this.day = day;
      this.priorityMs = 0;
    }
    if (start !== this.periodStart) {
      // The previous sample lies in the period just ended: that period closes at the boundary
      // with the power it had, and its mean is final.
      const continues = !Number.isNaN(this.lastAt) && this.periodStart === start - PERIOD_MS;
      if (continues) {
        const closed = this.energyKwh + (this.lastKw * (start - this.lastAt)) / MS_PER_HOUR;
        this.monthMax = Math.max(this.monthMax, closed / (PERIOD_MS / MS_PER_HOUR));
      }
      this.periodStart = start;
      this.energyKwh = continues ? (((this.lastKw + p) / 2) * (at - start)) / MS_PER_HOUR : 0;
    } else if (!Number.isNaN(this.lastAt) && at > this.lastAt) {
      this.energyKwh += (((this.lastKw + p) / 2) * (at - this.lastAt)) / MS_PER_HOUR;
      if (this.lastKw > this.def.sollleistung) this.priorityMs += at - this.lastAt;
    }
    this.lastAt = at;
    this.lastKw = p;

    const periodHours = PERIOD_MS / MS_PER_HOUR;
    const elapsedHours = (at - start) / MS_PER_HOUR;
    const restMs = start + PERIOD_MS - at;
    const restHours = Math.max(restMs, 1000) / MS_PER_HOUR;
    const mean = elapsedHours > 0 ? this.energyKwh / elapsedHours : p;
    const allowed = (this.def.sollleistung * periodHours - this.energyKwh) / restHours;
    const load = this.def.installedKw > 0 ? Math.min(1, p / this.def.installedKw) : 0;
    const cosPhi = p > 0 ? round(0.8 + 0.14 * load, 2) : 1;
    return {
      stationNumber: this.def.stationNumber,
      bhkwLeistung: chp === null ? null : round(chp, 1),
      wirkleistungAktuell: round(p, 1),
      wirkleistungMittel: round(mean, 1),
      korrekturleistung: round(p - allowed, 1),
      cosPhi,
      evuImpuls: at - start < EVU_IMPULSE_MS,
      periodenmaximum: round(Math.max(this.monthMax, mean), 1),
      blindleistung: round(p * Math.tan(Math.acos(cosPhi)), 1),
      periodenrestzeit: Math.ceil(restMs / 1000),
      vorrangbetriebMinuten: Math.floor(this.priorityMs / 60_000),
      sollleistung: this.def.sollleistung,
      trendleistung: round((this.energyKwh + p * (restMs / MS_PER_HOUR)) / periodHours, 1),
      periodenenergie: round(this.energyKwh, 2),
      timestamp: at,
    };
  }
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
