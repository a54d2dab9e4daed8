/**
 * The computations of energy optimisation and pipe leakage against values worked out here by
 * hand — rules EN1..EN4, LK1..LK5.
 */
import { describe, expect, it } from 'vitest';
import type { PipeLeakage } from '../../../src/contract/leakage.ts';
import { EnergyMeter, EVU_IMPULSE_MS } from '../../../server/energy/energyMeter.ts';
import {
  DETECTION_WINDOW_MS,
  LeakageSection,
  dayProfile,
  lossPerDay,
  nightWindowAt,
  referenceOf,
  tightNightsBefore,
  thresholdOf,
  type SectionDef,
} from '../../../server/leakage/leakageModel.ts';

const Q = 900_000; // one measuring period
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0); // a period boundary (12:00 UTC)
const def = { stationNumber: 1, installedKw: 135, sollleistung: 80, chpKw: null };

describe('energy optimisation (EN)', () => {
  it('EN1: mean, trend, correction and rest time over a period at constant power', () => {
    const meter = new EnergyMeter(def, 'Europe/Berlin');
    meter.sample(T0, 100);
    // 5 minutes at 100 kW: E = 100 · 5/60 = 8.33 kWh; 10 minutes left.
    const v = meter.sample(T0 + 300_000, 100);
    expect(v.periodenenergie).toBeCloseTo(8.33, 2);
    expect(v.wirkleistungMittel).toBe(100);
    expect(v.periodenrestzeit).toBe(600);
    expect(v.trendleistung).toBe(100);
    // allowed = (80 · 0.25 − 8.333) / (10/60) = 70 kW → shed 30 kW now.
    expect(v.korrekturleistung).toBeCloseTo(30, 1);
    expect(v.evuImpuls).toBe(false);
    expect(v.cosPhi).toBeGreaterThan(0.8);
    expect(v.blindleistung).toBeCloseTo(100 * Math.tan(Math.acos(v.cosPhi)), 0);
  });

  it('EN2: the period resets at its end; the closed period mean becomes the month maximum; the impulse marks the start', () => {
    const meter = new EnergyMeter(def, 'Europe/Berlin');
    for (let t = 0; t <= Q; t += 60_000) meter.sample(T0 + t, t < Q / 3 ? 120 : 60);
    const next = meter.sample(T0 + Q + 1000, 60);
    expect(next.periodenrestzeit).toBe(899);
    expect(next.evuImpuls).toBe(true);
    expect(next.periodenenergie).toBeLessThan(0.1);
    // The closed period: 4 min at 120, a minute's ramp (90), 10 min at 60 → 1170 kW·min / 15.
    expect(next.periodenmaximum).toBe(78);
    expect(meter.sample(T0 + Q + EVU_IMPULSE_MS + 1000, 60).evuImpuls).toBe(false);
  });

  it('EN3: a CHP unit covers part of the demand; only the rest is drawn from the utility', () => {
    const meter = new EnergyMeter({ ...def, chpKw: 40 }, 'Europe/Berlin');
    const v = meter.sample(T0, 100);
    expect(v.bhkwLeistung).toBe(40);
    expect(v.wirkleistungAktuell).toBe(60);
  });

  it("EN4: a meter seeded with the month's quarter-hour maximum keeps it as the period maximum", () => {
    const meter = new EnergyMeter(def, 'Europe/Berlin');
    meter.seedMonthMax(T0, 68.4);
    const v = meter.sample(T0, 1.5);
    expect(v.periodenmaximum).toBe(68.4);
    // A new month forgets it.
    const next = meter.sample(Date.UTC(2026, 11, 1, 0, 0, 0), 1.5);
    expect(next.periodenmaximum).toBe(1.5);
  });
});

const section: SectionDef = { pipeLeakageId: 9, name: 'Testzone', stationNumber: 3, meanUse: 100 };
const quiet = () => 0;

describe('pipe leakage (LK)', () => {
  it('LK1: a tight section balances to its background; the reference is night use plus background', () => {
    const s = new LeakageSection(section, 'UTC', quiet);
    const v = s.sample(Date.UTC(2026, 10, 23, 12));
    expect(v.measurementState).toBe('Ok');
    expect(v.measurementChange).toBe(0);
    expect(v.inflow).toBeCloseTo(v.consumption + 4, 1);
    // The lowest use between 02:00 and 04:00, sampled every five minutes here.
    let low = Infinity;
    for (let m = 0; m <= 120; m += 5) low = Math.min(low, dayProfile(2 + m / 60));
    expect(referenceOf(section)).toBeCloseTo(100 * (low + 0.04), 1);
  });

  it('LK2: a leak above the threshold turns the section to Leak only after the detection window', () => {
    const s = new LeakageSection(section, 'UTC', quiet);
    const t = Date.UTC(2026, 10, 23, 12);
    s.sample(t);
    s.leakFlow = thresholdOf(section) + 3;
    expect(s.sample(t + 1000).measurementState).toBe('Ok');
    expect(s.sample(t + DETECTION_WINDOW_MS - 1000).measurementState).toBe('Ok');
    const v = s.sample(t + DETECTION_WINDOW_MS + 2000);
    expect(v.measurementState).toBe('Leak');
    expect(v.measurementChange).toBeCloseTo(thresholdOf(section) + 3, 1);
    s.leakFlow = 0;
    s.sample(t + DETECTION_WINDOW_MS + 3000);
    expect(s.sample(t + 2 * DETECTION_WINDOW_MS + 5000).measurementState).toBe('Ok');
  });

  it('LK3: the night minimum between 02:00 and 04:00 goes into the trend; a leak shows as loss per day', () => {
    const s = new LeakageSection(section, 'UTC', quiet);
    s.leakFlow = 6;
    const night = Date.UTC(2026, 10, 24, 2);
    for (let m = 0; m <= 125; m += 5) s.sample(night + m * 60_000);
    const v = s.sample(night + 2 * 3_600_000 + 600_000);
    expect(v.nights.at(-1)!.begin).toBe(night);
    // The minimum is the lowest night use + background + leak: the reference + the leak.
    expect(v.minMaxValue).toBeCloseTo(referenceOf(section) + 6, 0);
    expect(v.minMaxState).toBe('Leak');
    expect(v.lossPerDayM3).toBeCloseTo(6 * 24, -1);
    expect(v.lossPerDayM3).toBe(lossPerDay(v.measurementChange));
  });

  it('LK4: loss per day is the shown excess × 24 h, also for a leak that began after the night', () => {
    const s = new LeakageSection(section, 'UTC', quiet);
    const night = Date.UTC(2026, 10, 24, 2);
    s.leakFlow = 3.3;
    for (let m = 0; m <= 125; m += 5) s.sample(night + m * 60_000);
    const shown = (v: PipeLeakage) => Math.round(Math.max(0, v.measurementChange) * 24 * 10) / 10;
    const after = s.sample(night + 2 * 3_600_000 + 600_000);
    expect(after.lossPerDayM3).toBe(shown(after));
    expect(after.lossPerDayM3).toBeGreaterThan(0);
    // A bigger leak from 09:00: the excess and the loss per day show it at once.
    s.leakFlow = 11.7;
    const day = s.sample(night + 7 * 3_600_000);
    expect(day.measurementChange).toBeCloseTo(11.7, 0);
    expect(day.lossPerDayM3).toBe(shown(day));
    expect(day.lossPerDayM3!).toBeCloseTo(11.7 * 24, -1);
    // A section below its background loses nothing.
    expect(lossPerDay(-0.4)).toBe(0);
  });

  it('LK5: the night window named is the night just past (Europe/Berlin): 27.11. at 08:00, 26.11. at 01:00', () => {
    const zone = 'Europe/Berlin';
    // 27.11.2026 08:00 in Berlin is 07:00 UTC; its night 02:00–04:00 is 01:00–03:00 UTC.
    const morning = Date.UTC(2026, 10, 27, 7);
    expect(nightWindowAt(morning, zone)).toEqual({
      begin: Date.UTC(2026, 10, 27, 1),
      end: Date.UTC(2026, 10, 27, 3),
    });
    expect(nightWindowAt(Date.UTC(2026, 10, 27, 0), zone)).toEqual({
      begin: Date.UTC(2026, 10, 26, 1),
      end: Date.UTC(2026, 10, 26, 3),
    });
    // A server started at 08:00 names that night at once (the seeded weeks end with it); one
    // started at 01:00 names the night before.
    const seeded = (at: number) => {
      const s = new LeakageSection(section, zone, quiet);
      s.seedNights(tightNightsBefore(at, zone, 42, () => referenceOf(section)));
      return s.sample(at);
    };
    const v = seeded(morning);
    expect(v.minMaxBegin).toBe(Date.UTC(2026, 10, 27, 1));
    expect(v.minMaxEnd).toBe(Date.UTC(2026, 10, 27, 3));
    expect(v.nights).toHaveLength(42);
    expect(v.nights[0]!.begin).toBe(Date.UTC(2026, 9, 17, 0));
    expect(seeded(Date.UTC(2026, 10, 27, 0)).minMaxBegin).toBe(Date.UTC(2026, 10, 26, 1));
    // In the window itself the running night is named, and the seeded weeks end the night before.
    const running = seeded(Date.UTC(2026, 10, 27, 2));
    expect(running.minMaxBegin).toBe(Date.UTC(2026, 10, 27, 1));
    expect(running.nights.at(-1)!.begin).toBe(Date.UTC(2026, 10, 26, 1));
    // Across the change to summer time (29.03.2026) the window still begins at 02:00 plant time.
    expect(nightWindowAt(Date.UTC(2026, 2, 30, 8), zone).begin).toBe(Date.UTC(2026, 2, 30, 0));
    // At 01:30 on 30.03. (CEST) the night before began at 02:00 CET on the day of the change.
    expect(nightWindowAt(Date.UTC(2026, 2, 29, 23, 30), zone).begin).toBe(Date.UTC(2026, 2, 29, 1));
  });
});
