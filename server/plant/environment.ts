/**
 * What every station sees at the same moment: the time of day with its demand curve and the
 * weather (rain drives the wastewater inflows and fills the stormwater tanks).
 */
import type { Random } from './random.ts';

const HOUR_MS = 3_600_000;
/** Local time of the plant, fixed at UTC+1 so runs do not depend on the machine's zone. */
const LOCAL_OFFSET_MS = HOUR_MS;

function bump(hour: number, centre: number, width: number): number {
  const d = Math.min(Math.abs(hour - centre), 24 - Math.abs(hour - centre));
  return Math.exp(-(d * d) / (2 * width * width));
}

/** Drinking water demand relative to the daily mean: low at night, peaks at 7 and 19 h. */
export function demandFactor(hourOfDay: number): number {
  return (
    0.45 +
    0.95 * bump(hourOfDay, 7, 1.6) +
    0.55 * bump(hourOfDay, 12.5, 2.2) +
    0.75 * bump(hourOfDay, 19, 2)
  );
}

/** Dry-weather wastewater inflow relative to its mean: the demand curve, delayed by two hours. */
export function sewageFactor(hourOfDay: number): number {
  return demandFactor((hourOfDay + 22) % 24);
}

export function hourOfDay(time: number): number {
  return ((((time + LOCAL_OFFSET_MS) % (24 * HOUR_MS)) + 24 * HOUR_MS) % (24 * HOUR_MS)) / HOUR_MS;
}

export class Environment {
  /** Rain intensity in mm/h; 0 when dry. */
  rain = 0;
  private rainUntil = 0;
  private rainPeak = 0;

  constructor(
    private readonly random: Random,
    /** Chance per hour that a shower starts while dry. */
    private readonly showersPerHour = 0.06,
  ) {}

  step(time: number, dtMs: number): void {
    const dtH = dtMs / HOUR_MS;
    if (this.rain === 0 && this.random.chance(this.showersPerHour * dtH)) {
      this.rainUntil = time + this.random.range(20, 150) * 60_000;
      this.rainPeak = this.random.range(1, 18);
    }
    if (time < this.rainUntil) {
      const target = this.rainPeak * (0.6 + 0.4 * Math.sin(time / 600_000));
      this.rain = Math.max(0.1, this.rain + (target - this.rain) * Math.min(1, dtH * 6));
    } else {
      this.rain = 0;
    }
  }
}
