/**
 * The physics of one station: a store (level or pressure) kept between switching points by
 * pumps with hysteresis, flows that follow the pumps, power, quality signals, counters,
 * runtimes and failure inputs that trip now and then and are acknowledged later.
 */
import { PRESSURE_SWITCH_BAR, type Interval, type StationIncidents } from './incidents.ts';
import type { Random } from './random.ts';
import { LAB, SIGNALS } from './processSignals.ts';
import type { StationDef } from './stationCatalog.ts';
import { demandFactor, sewageFactor, hourOfDay, type Environment } from './environment.ts';

const HOUR_MS = 3_600_000;
/** An operator's pump command holds this long; then the level control takes over again. */
export const MANUAL_COMMAND_HOLD_MS = 30 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** A mean-reverting random walk (Ornstein-Uhlenbeck) for slowly wandering measurements. */
export class Signal {
  value: number;
  constructor(
    readonly mean: number,
    /** Typical deviation from the mean. */
    readonly spread: number,
    readonly min: number,
    readonly max: number,
  ) {
    this.value = mean;
  }

  step(random: Random, dtH: number): void {
    const theta = 2; // per hour: the walk forgets its past within about half an hour
    const noise = this.spread * Math.sqrt(2 * theta * dtH) * random.normal();
    this.value += theta * (this.mean - this.value) * dtH + noise;
    this.value = Math.min(this.max, Math.max(this.min, this.value));
  }
}

/** A volume or energy counter with day, month and year counters (UTC calendar). */
export class Counter {
  day = 0;
  month = 0;
  year = 0;
  private lastTime: number;

  constructor(
    public value: number,
    readonly resetable: boolean,
    startTime: number,
    meanPerHour: number,
  ) {
    this.lastTime = startTime;
    const d = new Date(startTime);
    const hoursToday = (startTime % DAY_MS) / HOUR_MS;
    this.day = meanPerHour * hoursToday;
    this.month = this.day + meanPerHour * 24 * (d.getUTCDate() - 1);
    const startOfYear = Date.UTC(d.getUTCFullYear(), 0, 1);
    this.year =
      this.month +
      meanPerHour * ((Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - startOfYear) / HOUR_MS);
    // The reading carries more than two years of the mean, so the archive's history (13
    // months of the same model) can end at it without reading below zero at its start.
    this.value = Math.max(this.value, this.year) + meanPerHour * 24 * 800;
  }

  /** An operator's reset (SPEC §7 counters/reset): the counter starts again from zero. */
  reset(): void {
    this.value = 0;
    this.day = 0;
    this.month = 0;
    this.year = 0;
  }

  add(amount: number, time: number): void {
    // Calendar checks only when the day changes: Date objects per tick are too costly.
    if (Math.floor(time / DAY_MS) !== Math.floor(this.lastTime / DAY_MS)) {
      const before = new Date(this.lastTime);
      const now = new Date(time);
      this.day = 0;
      if (
        now.getUTCMonth() !== before.getUTCMonth() ||
        now.getUTCFullYear() !== before.getUTCFullYear()
      ) {
        this.month = 0;
      }
      if (now.getUTCFullYear() !== before.getUTCFullYear()) this.year = 0;
    }
    this.lastTime = time;
    this.value += amount;
    this.day += amount;
    this.month += amount;
    this.year += amount;
  }
}

export interface Pump {
  running: boolean;
  /** The command output: the controller wants this pump on. */
  commanded: boolean;
  /** A command set by an operator (DigiOut); null leaves the pump to the controller. */
  manual: boolean | null;
  /** When the controller takes the pump back (simulated time). */
  manualUntil: number;
  failure: boolean;
  failureClearsAt: number;
  /** Operating hours. */
  hours: number;
  starts: number;
  /** Minutes of the last completed run. */
  lastRunMinutes: number;
  /** Operating hours at the start of the current run. */
  runStartHours: number;
  speedPct: number;
  currentA: number;
  flow: number;
  /** Volume moved by this pump. */
  counter: Counter;
}

/** Pressure surges per station and hour, per pump failure per pump and hour. */
const SURGES_PER_FAILURE = 0.5;

export interface ModelOptions {
  /** Pump failures per pump and hour (0 disables them). */
  failuresPerPumpHour: number;
  /** Mains failures, pump failures and pressure-switch trips the history's plan sets (incidents.ts). */
  incidents?: ReadonlyMap<number, StationIncidents>;
}

/** The interval of `list` that holds `time`, if any. */
function holding(list: readonly Interval[], time: number): Interval | undefined {
  for (const i of list) if (time >= i.from && time < i.to) return i;
  return undefined;
}

export class StationModel {
  /** Level in m or, for booster stations, pressure in bar; NaN without a store. */
  store: number;
  startPoint: number;
  stopPoint: number;
  /** Pumps the controller asks for (hysteresis state). */
  wanted = 0;
  /** Speed set point of running pumps in percent (AnaOut). */
  speedSetPct = 85;
  /** Measuring interval of stations without pumps in seconds (AnaOut). */
  measuringIntervalS = 60;
  /** Simulated time of the last step. */
  time: number;
  /** The switching time (AnaOut time of day); set by the station's PVs. */
  switchingTime = { hour: 22, minutes: 0 };
  private lead = 0;
  readonly pumps: Pump[] = [];
  inflow = 0;
  outflow = 0;
  overflow = 0;
  pressure = 0;
  inletPressure = 0;
  powerKw = 0;
  readonly signals = new Map<string, Signal>();
  readonly volume: Counter;
  readonly energy: Counter;
  readonly overflowVolume: Counter;
  readonly rainfall: Counter;
  operatingHours: number;
  dayMin: number;
  dayMax: number;
  dayFlowMax = 0;
  private dayIndex: number;
  mainsFailure = false;
  private mainsClearsAt = 0;
  /** The suction pressure switch of a booster station: open on water shortage. */
  waterShortage = false;
  private readonly incidents: StationIncidents | null;
  /** The history's plan asks for a pump now (`StationIncidents.pumping`). */
  private planPumping = false;
  private surgeUntil = 0;
  private surgeFactor = 1;
  doorOpen = false;
  automatic = true;
  lab = new Map<string, number>();
  private nextLabAt: number;

  constructor(
    readonly def: StationDef,
    private readonly random: Random,
    startTime: number,
    private readonly options: ModelOptions,
  ) {
    const s = def.store;
    this.store = s ? s.initial + random.range(-0.2, 0.2) * Math.abs(s.start - s.stop) : NaN;
    this.startPoint = s?.start ?? 0;
    this.stopPoint = s?.stop ?? 0;
    this.dayMin = this.dayMax = this.store;
    this.dayIndex = Math.floor(startTime / DAY_MS);
    this.time = startTime;
    this.operatingHours = random.range(20_000, 90_000);
    for (let i = 0; i < def.pumps; i++) {
      this.pumps.push({
        running: false,
        commanded: false,
        manual: null,
        manualUntil: 0,
        failure: false,
        failureClearsAt: 0,
        hours: random.range(2_000, 40_000),
        starts: random.int(5_000, 80_000),
        lastRunMinutes: random.range(5, 60),
        runStartHours: 0,
        speedPct: 0,
        currentA: 0,
        flow: 0,
        counter: new Counter(random.range(1e5, 1e6), true, startTime, def.pumpFlow * 0.3),
      });
    }
    const mean = def.meanFlow;
    this.volume = new Counter(random.range(1e6, 5e6), true, startTime, mean);
    this.energy = new Counter(random.range(1e5, 9e5), true, startTime, def.pumpPowerKw * 0.5 + 1.5);
    this.overflowVolume = new Counter(random.range(1e4, 5e4), true, startTime, 2);
    this.rainfall = new Counter(random.range(5e3, 9e3), false, startTime, 0.08);
    for (const [name, signal] of SIGNALS[def.kind]) {
      this.signals.set(name, new Signal(signal.mean, signal.spread, signal.min, signal.max));
    }
    this.signals.set('Temperatur Schaltschrank', new Signal(22, 1.5, 5, 45));
    this.signals.set('Netzspannung', new Signal(231, 2, 200, 250));
    for (const [name, mean] of LAB[def.kind]) this.lab.set(name, mean);
    this.nextLabAt = startTime + random.range(1, 6) * HOUR_MS;
    this.incidents = options.incidents?.get(def.nr) ?? null;
    // A pump that failed before the start (out of service) is failed from the first value on.
    this.followIncidents(startTime);
  }

  step(env: Environment, time: number, dtMs: number): void {
    this.time = time;
    for (const pump of this.pumps) {
      if (pump.manual !== null && time >= pump.manualUntil) pump.manual = null;
    }
    const dtH = dtMs / HOUR_MS;
    const hour = hourOfDay(time);
    const def = this.def;
    this.stepFailures(time, dtH);
    for (const signal of this.signals.values()) signal.step(this.random, dtH);
    const demand = def.meanFlow * demandFactor(hour) * (1 + 0.05 * this.random.normal());
    const sewage =
      def.meanFlow * sewageFactor(hour) * (1 + 0.05 * this.random.normal()) +
      env.rain * def.meanFlow * 0.08;

    switch (def.kind) {
      case 'rawWaterPumping':
      case 'waterworks':
      case 'reservoir':
      case 'boosterStation':
        this.outflow = Math.max(0, demand);
        break;
      case 'sewagePumping':
      case 'wastewaterTreatment':
        this.inflow = Math.max(0, sewage);
        break;
      case 'stormwaterTank':
        // The tank only takes what the combined sewer cannot carry during heavy rain; a few
        // showers a year fill it to its crest, and only then water leaves over the weir.
        this.inflow = env.rain > 3 ? (env.rain - 3) * def.meanFlow * 4 : 0;
        break;
      case 'networkMeasuringPoint':
        this.outflow = Math.max(0, demand);
        break;
    }

    this.control();
    let pumpFlow = 0;
    // Without mains the station draws nothing (its control system runs on its battery).
    let power = this.mainsFailure ? 0 : 1.5;
    for (const pump of this.pumps) {
      if (pump.running) {
        pump.speedPct = Math.min(100, Math.max(30, this.speedSetPct + this.random.normal()));
        // Within the data sheet's rating: the measured flow scatters below it, never above.
        pump.flow = Math.min(
          def.pumpFlow,
          def.pumpFlow * (pump.speedPct / 100) * (1 + 0.02 * this.random.normal()),
        );
        pump.currentA =
          ((def.pumpPowerKw * 1000) / (400 * 1.73 * 0.85)) *
          (pump.speedPct / 100) *
          (1 + 0.02 * this.random.normal());
        pump.hours += dtH;
        pumpFlow += pump.flow;
        power += def.pumpPowerKw * (pump.speedPct / 100) ** 3 * 1.05;
      } else {
        pump.speedPct = 0;
        pump.flow = 0;
        pump.currentA = 0;
      }
      pump.counter.add(pump.flow * dtH, time);
    }
    this.powerKw = power;
    this.energy.add(power * dtH, time);
    this.rainfall.add(env.rain * dtH, time);
    this.operatingHours += dtH;

    const s = def.store;
    if (s) {
      if (s.mode === 'fill') this.inflow = pumpFlow;
      else this.outflow = pumpFlow;
      let next = this.store + ((this.inflow - this.outflow) * dtH) / s.capacityPerUnit;
      this.overflow = 0;
      if (next > s.max) {
        // The surplus leaves over the weir (stormwater tanks) or the overflow pipe.
        this.overflow = ((next - s.max) * s.capacityPerUnit) / dtH;
        next = s.max;
      }
      this.store = Math.max(s.min, next);
      this.overflowVolume.add(this.overflow * dtH, time);
    }
    const throughput = s?.mode === 'empty' ? this.outflow : def.store ? this.inflow : this.outflow;
    this.volume.add(throughput * dtH, time);

    const running = this.pumps.some((p) => p.running);
    switch (def.kind) {
      case 'boosterStation':
        this.pressure = this.store;
        this.inletPressure = 2.4 - 0.4 * demandFactor(hour) + 0.03 * this.random.normal();
        this.waterShortage =
          this.inletPressure < PRESSURE_SWITCH_BAR ||
          (this.incidents !== null && holding(this.incidents.pressureSwitch, time) !== undefined);
        break;
      case 'networkMeasuringPoint':
        this.pressure = 4.9 - 0.5 * demandFactor(hour) + 0.03 * this.random.normal();
        break;
      case 'sewagePumping':
      case 'wastewaterTreatment':
      case 'stormwaterTank':
        this.pressure = running ? 1.6 + 0.05 * this.random.normal() : 0.15;
        break;
      default:
        this.pressure = running
          ? 5.4 + 0.06 * this.random.normal()
          : 0.4 + 0.02 * this.random.normal();
    }
    if (def.kind !== 'boosterStation') this.stepSurge(time, dtH);

    const day = Math.floor(time / DAY_MS);
    const flow = this.flow();
    if (day !== this.dayIndex) {
      this.dayIndex = day;
      this.dayMin = this.dayMax = this.store;
      this.dayFlowMax = flow;
    } else {
      this.dayMin = Math.min(this.dayMin, this.store);
      this.dayMax = Math.max(this.dayMax, this.store);
      this.dayFlowMax = Math.max(this.dayFlowMax, flow);
    }
    if (time >= this.nextLabAt) {
      this.nextLabAt = time + this.random.range(4, 10) * HOUR_MS;
      for (const [name, mean] of LAB[def.kind]) {
        this.lab.set(name, Math.max(0, mean * (1 + 0.15 * this.random.normal())));
      }
    }
    if (this.random.chance(0.02 * dtH)) this.doorOpen = !this.doorOpen;
    if (this.random.chance(0.005 * dtH)) this.automatic = !this.automatic;
  }

  /** An operator switches a pump on or off (DigiOut) for MANUAL_COMMAND_HOLD_MS. */
  command(pump: Pump, on: boolean): void {
    pump.manual = on;
    pump.manualUntil = this.time + MANUAL_COMMAND_HOLD_MS;
    // The command output follows at once; the pump itself starts or stops with the next step.
    pump.commanded = on && !pump.failure;
  }

  /** The measured flow of the station: what the pumps move, or the demand without pumps. */
  flow(): number {
    const s = this.def.store;
    if (!s) return this.outflow;
    return s.mode === 'fill' ? this.inflow : this.outflow;
  }

  /** Pump hysteresis: start at the start point, stop at the stop point; a lag pump helps. */
  private control(): void {
    const s = this.def.store;
    if (!s || this.pumps.length === 0) return;
    const band = Math.abs(this.stopPoint - this.startPoint);
    const before = this.wanted;
    // Each further quarter of the band beyond the start point calls one more pump.
    const beyond =
      (s.mode === 'fill' ? this.startPoint - this.store : this.store - this.startPoint) / band;
    if (beyond >= 0) {
      this.wanted = Math.min(
        this.pumps.length,
        Math.max(this.wanted, 1 + Math.floor(beyond / 0.25)),
      );
    }
    const stopReached =
      s.mode === 'fill' ? this.store >= this.stopPoint : this.store <= this.stopPoint;
    if (stopReached) this.wanted = 0;
    if (this.planPumping) this.wanted = Math.max(this.wanted, 1);
    // Alternate the lead pump with every new pumping cycle to even out wear.
    if (before === 0 && this.wanted > 0) this.lead = (this.lead + 1) % this.pumps.length;
    let assigned = 0;
    for (let k = 0; k < this.pumps.length; k++) {
      const pump = this.pumps[(this.lead + k) % this.pumps.length]!;
      const wanted = pump.manual ?? assigned < this.wanted;
      const on = wanted && !pump.failure && !this.mainsFailure;
      pump.commanded = wanted && !pump.failure;
      if (on) assigned++;
      this.setRunning(pump, on);
    }
  }

  private setRunning(pump: Pump, on: boolean): void {
    if (pump.running === on) return;
    if (on) {
      pump.starts++;
      pump.runStartHours = pump.hours;
    } else {
      pump.lastRunMinutes = (pump.hours - pump.runStartHours) * 60;
    }
    pump.running = on;
  }

  /**
   * Pressure surges (a valve closing fast, a pump tripping elsewhere in the network): now and
   * then the pressure stands 25-40 % high for 4-20 minutes, beyond its upper limits, so the
   * limits raise alerts after their delay times and clear again.
   */
  private stepSurge(time: number, dtH: number): void {
    if (time < this.surgeUntil) {
      this.pressure *= this.surgeFactor;
      return;
    }
    const rate = this.options.failuresPerPumpHour * SURGES_PER_FAILURE;
    if (rate > 0 && this.random.chance(rate * dtH)) {
      this.surgeUntil = time + this.random.range(4, 20) * 60_000;
      this.surgeFactor = this.random.range(1.25, 1.4);
    }
  }

  /** Sets what the history's plan says for `time`: mains away, pumps failed (incidents.ts). */
  private followIncidents(time: number): void {
    const plan = this.incidents;
    if (!plan) return;
    this.pumps.forEach((pump, i) => {
      const failed = holding(plan.pumps[i] ?? [], time);
      if (!failed || (pump.failure && pump.failureClearsAt >= failed.to)) return;
      pump.failure = true;
      pump.failureClearsAt = failed.to;
      this.setRunning(pump, false);
    });
    this.planPumping = holding(plan.pumping, time) !== undefined;
    const mains = holding(plan.mains, time);
    if (mains) {
      this.mainsFailure = true;
      this.mainsClearsAt = Math.max(this.mainsClearsAt, mains.to);
    }
  }

  private stepFailures(time: number, dtH: number): void {
    this.followIncidents(time);
    const rate = this.options.failuresPerPumpHour;
    for (const pump of this.pumps) {
      if (pump.failure) {
        // The on-call staff clear and acknowledge the failure after a while.
        if (time >= pump.failureClearsAt) pump.failure = false;
      } else if (rate > 0 && this.random.chance(rate * dtH * (pump.running ? 3 : 0.5))) {
        pump.failure = true;
        pump.failureClearsAt = time + this.random.range(5, 45) * 60_000;
        this.setRunning(pump, false);
      }
    }
    if (this.mainsFailure) {
      if (time >= this.mainsClearsAt) this.mainsFailure = false;
    } else if (rate > 0 && this.random.chance(rate * 0.05 * dtH)) {
      this.mainsFailure = true;
      this.mainsClearsAt = time + this.random.range(1, 20) * 60_000;
    }
  }
}
