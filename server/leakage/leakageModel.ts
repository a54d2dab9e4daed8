/**
 * Pipe leakage of the network sections (SPEC §3 "Pipe leakage"), from a district-metered-area
 * balance: what flows into a section against what its customers use. A tight section's inflow
 * at night is its legitimate night use plus a small background leakage; the night minimum
 * flow between 02:00 and 04:00 (plant time) against that reference is the classic indicator,
 * the live balance the quick one.
 *
 * Formulas (also in the view's help):
 *   balance          = inflow − consumption
 *   excess           = balance − background
 *   night minimum    = min(inflow) over 02:00–04:00
 *   reference        = legitimate night use + background
 *   loss per day     = max(0, excess) · 24 h   (the excess the view shows beside it: a leak
 *                      shows in the loss at once, not only from the next night window on)
 * A section is in Warning above half the threshold and in Leak above the threshold
 * (max(2 m³/h, 5 % of its mean use)); the live balance must stay there for the detection
 * window before the state changes (short peaks are not leaks).
 */
import type { LeakageState, PipeLeakage } from '../../src/contract/leakage.ts';
import { hourOfDay } from '../../src/domain/clock.ts';

export interface SectionDef {
  pipeLeakageId: number;
  name: string;
  /** The station that feeds the section (its alerts carry this station). */
  stationNumber: number;
  /** Mean use over the day, m³/h. */
  meanUse: number;
}

export const SECTIONS: readonly SectionDef[] = [
  { pipeLeakageId: 1, name: 'Versorgungszone Kirchberg', stationNumber: 3, meanUse: 110 },
  { pipeLeakageId: 2, name: 'Versorgungszone Sonnenhang', stationNumber: 4, meanUse: 45 },
  { pipeLeakageId: 3, name: 'Druckzone Nord', stationNumber: 5, meanUse: 25 },
  { pipeLeakageId: 4, name: 'Messzone Lindenplatz', stationNumber: 12, meanUse: 60 },
];

/** Share of the mean use that leaks from a tight network all the time. */
const BACKGROUND_SHARE = 0.04;
/** Share of the mean use customers draw at 03:00. */
const NIGHT_SHARE = 0.25;
/** The live excess must hold this long before the state changes. */
export const DETECTION_WINDOW_MS = 60_000;
/** Nights kept for the trend (eight weeks). */
const NIGHTS_KEPT = 56;
const NIGHT_START_HOUR = 2;
const NIGHT_END_HOUR = 4;
/** Back from a window's begin into the day before (a day of 23 or 25 hours included). */
const HALF_DAY_MS = 12 * 3_600_000;

/** Consumption over the day as a share of the mean: low at night, peaks at 07:00 and 19:00. */
export function dayProfile(hour: number): number {
  const bump = (centre: number, width: number) =>
    Math.exp(-((((hour - centre + 36) % 24) - 12) ** 2) / (2 * width ** 2));
  return NIGHT_SHARE + 1.05 * bump(7, 1.6) + 0.95 * bump(19, 2.2) + 0.45 * bump(13, 3);
}

/** The lowest legitimate use in the night window, as a share of the mean use. */
const NIGHT_LOW = Math.min(
  ...Array.from({ length: 25 }, (_, i) => dayProfile(NIGHT_START_HOUR + (i * 2) / 24)),
);
export const referenceOf = (def: SectionDef) =>
  round(def.meanUse * (NIGHT_LOW + BACKGROUND_SHARE), 1);
export const thresholdOf = (def: SectionDef) => Math.max(2, 0.05 * def.meanUse);

export class LeakageSection {
  /** A leak started by the simulation (admin switch), m³/h. */
  leakFlow = 0;
  private state: LeakageState = 'NoData';
  private pending: { state: LeakageState; since: number } | null = null;
  private window: { begin: number; end: number; min: number } | null = null;
  private readonly nights: { begin: number; value: number }[] = [];
  private last: PipeLeakage | null = null;

  constructor(
    readonly def: SectionDef,
    private readonly timeZone: string,
    private readonly noise: () => number,
    private readonly detectionMs = DETECTION_WINDOW_MS,
  ) {}

  get current(): PipeLeakage | null {
    return this.last;
  }

  /** Nights before the server started: the section's history, tight (seeded by the caller). */
  seedNights(nights: { begin: number; value: number }[]): void {
    this.nights.push(...nights.slice(-NIGHTS_KEPT));
  }

  sample(at: number): PipeLeakage {
    const def = this.def;
    const hour = hourOfDay(at, this.timeZone);
    const consumption = def.meanUse * dayProfile(hour) * (1 + 0.03 * this.noise());
    const background = def.meanUse * BACKGROUND_SHARE;
    const inflow = consumption + background + this.leakFlow + 0.3 * this.noise();
    const threshold = thresholdOf(def);
    const reference = referenceOf(def);
    const excess = inflow - consumption - background;

    // The live balance, debounced over the detection window.
    const seen = classify(excess, threshold);
    if (this.state === 'NoData') this.state = seen;
    else if (seen === this.state) this.pending = null;
    else if (!this.pending || this.pending.state !== seen)
      this.pending = { state: seen, since: at };
    else if (at - this.pending.since >= this.detectionMs) {
      this.state = seen;
      this.pending = null;
    }

    // The night window: its minimum, closed into the trend when the window ends.
    const inWindow = hour >= NIGHT_START_HOUR && hour < NIGHT_END_HOUR;
    if (inWindow) {
      if (!this.window || at > this.window.end) {
        const begin = at - (hour - NIGHT_START_HOUR) * 3_600_000;
        this.window = {
          begin,
          end: begin + (NIGHT_END_HOUR - NIGHT_START_HOUR) * 3_600_000,
          min: inflow,
        };
      } else this.window.min = Math.min(this.window.min, inflow);
    } else if (
      this.window &&
      at >= this.window.end &&
      this.nights.at(-1)?.begin !== this.window.begin
    ) {
      this.nights.push({ begin: this.window.begin, value: round(this.window.min, 1) });
      if (this.nights.length > NIGHTS_KEPT) this.nights.shift();
    }
    const night = this.window ?? null;
    const lastNight = this.nights.at(-1) ?? null;
    const nightValue = night ? night.min : (lastNight?.value ?? null);
    const nightBegin = night ? night.begin : (lastNight?.begin ?? null);

    this.last = {
      pipeLeakageId: def.pipeLeakageId,
      name: def.name,
      referenceValue: reference,
      measurementState: this.state,
      measurementChange: round(excess, 1),
      minMaxBegin: nightBegin,
      minMaxEnd:
        nightBegin === null ? null : nightBegin + (NIGHT_END_HOUR - NIGHT_START_HOUR) * 3_600_000,
      minMaxState: nightValue === null ? 'NoData' : classify(nightValue - reference, threshold),
      minMaxValue: nightValue === null ? null : round(nightValue, 1),
      inflow: round(inflow, 1),
      consumption: round(consumption, 1),
      nights: [...this.nights],
      // From the excess the view shows beside it (to 0.1 m³/h), as its help states.
      lossPerDayM3: lossPerDay(excess),
      timestamp: at,
    };
    return this.last;
  }
}

/** The volume a day loses at the shown excess (rounded as shown, 0.1 m³/h), m³. */
export function lossPerDay(excess: number): number {
  return round(Math.max(0, round(excess, 1)) * 24, 1);
}

/**
 * The night window just past, or the one running: the last 02:00–04:00 (plant time) that has
 * begun at `at`. At 08:00 on 27.11. that is 27.11. 02:00–04:00, at 01:00 the night before.
 */
export function nightWindowAt(at: number, timeZone: string): { begin: number; end: number } {
  let hour = hourOfDay(at, timeZone);
  // 02:00 of the plant's day of `at`, or of the day before while it has not yet come.
  let begin = at - (hour - NIGHT_START_HOUR) * 3_600_000;
  if (hour < NIGHT_START_HOUR) begin -= 24 * 3_600_000;
  // Across a change of summer time the day has 23 or 25 hours: land on 02:00 plant time.
  hour = hourOfDay(begin, timeZone);
  begin -= (((((hour - NIGHT_START_HOUR + 12) % 24) + 24) % 24) - 12) * 3_600_000;
  // The plant's hour is read to the second: land on the whole minute.
  begin = Math.round(begin / 60_000) * 60_000;
  return { begin, end: begin + (NIGHT_END_HOUR - NIGHT_START_HOUR) * 3_600_000 };
}

/**
 * The nights before `now` of a tight section (the weeks before the server started): `count`
 * windows, the last the night just past — or the one before while tonight's window runs, which
 * the section then measures itself.
 */
export function tightNightsBefore(
  now: number,
  timeZone: string,
  count: number,
  valueOf: () => number,
): { begin: number; value: number }[] {
  const current = nightWindowAt(now, timeZone);
  let last = current.end <= now ? current : nightWindowAt(current.begin - HALF_DAY_MS, timeZone);
  const out: { begin: number; value: number }[] = [];
  for (let i = 0; i < count; i++) {
    out.unshift({ begin: last.begin, value: 0 });
    last = nightWindowAt(last.begin - HALF_DAY_MS, timeZone);
  }
  for (const night of out) night.value = valueOf();
  return out;
}

function classify(excess: number, threshold: number): LeakageState {
  if (excess > threshold) return 'Leak';
  if (excess > threshold / 2) return 'Warning';
  return 'Ok';
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
