/**
 * The simulated plant behind the reference server: stations with dial-up lines, a value
 * engine (the modelled plant or the load generator) and the server status, stepped tick by
 * tick on an injected clock. Quality: values of a reachable station are Good; a dial-up
 * station that is not connected keeps its last values with quality Uncertain and their
 * original timestamps (they were right when measured, nobody knows about now); while the
 * control unit is away (server status other than Connected) every value is Bad.
 */
import { PlantEventBus } from './plantEvents.ts';
import type { ServerStatus, StationCallAction } from '../../src/contract/enums.ts';
import type { PvListEntry, StationOverview } from '../../src/contract/plant.ts';
import type { RuntimeType } from '../../src/contract/enums.ts';
import type {
  PvConfig,
  PvLimitConfig,
  PvNode,
  PvRef,
  PvValue,
  RuntimeValue,
  TimeOfDayValue,
} from '../../src/contract/pv.ts';
import type {
  Station,
  StationCallResult,
  StationConfig,
  StationLiveData,
  StationRef,
} from '../../src/contract/station.ts';
import { hasRight, mayActOnStation, type SessionUser } from '../auth/service.ts';
import type { MetricsRegistry } from '../http/metrics.ts';
import {
  DEFAULT_DIAL_TIMING,
  DialLine,
  type DialLineChange,
  type DialLineTiming,
} from './dialLine.ts';
import type { StationIncidents } from './incidents.ts';
import { LoadEngine, type LoadOptions } from './loadEngine.ts';
import { ModelEngine } from './modelEngine.ts';
import { createRandom, type Random } from './random.ts';
import { STATION_CATALOG, type StationDef } from './stationCatalog.ts';
import { createRealTimers, type TimerHandle, type Timers } from '../../src/domain/timers.ts';
import type { PlantEvents, PlantSimulation, Unsubscribe } from './types.ts';
import type { ValueEngine } from './valueEngine.ts';
import { UpdateRate } from './updateRate.ts';

const plantTimers = createRealTimers();

/**
 * A realistic trickle (issue "a plant that alarms as a real one does"): about 3 pump
 * failures an hour across the Talaue plant, pressure surges beyond limits and mains failures
 * at a fraction of that rate, each returning to normal after a while.
 */
export const DEFAULT_FAILURES_PER_PUMP_HOUR = 0.12;

export interface PlantOptions {
  seed: number;
  /** Simulated time at creation; defaults to now(). */
  startTime?: number;
  /** Wall clock that start() follows. */
  now?: () => number;
  timers?: Timers;
  /** Length of one simulation step; defaults to 1000 ms (100 ms in load mode). */
  tickMs?: number;
  /** Pump failures per pump and hour; 0 disables failures (default 0.02). */
  failuresPerPumpHour?: number;
  /** Dial-up stations call in by themselves about this often; 0 disables (default 30 min). */
  callInIntervalMs?: number;
  dialTiming?: DialLineTiming;
  /** What the seeded history left behind in the plant (incidents.ts): a pump out of service. */
  incidents?: ReadonlyMap<number, StationIncidents>;
  /** Load mode for the bench suite instead of the modelled plant. */
  load?: LoadOptions | null;
  metrics?: MetricsRegistry;
}

/** start() catches up at most this much simulated time; beyond it, time jumps. */
const MAX_CATCH_UP_MS = 60_000;
/**
 * Load mode catches up at most this many ticks. Its ticks are as heavy as the machine allows:
 * a server that fell behind and then generated a minute of values in one go would block its
 * event loop for longer than the clients' 30 s timeout, fall further behind and never
 * recover. Skipped time lowers the rate actually produced (pegel_simulator_updates_total).
 */
const LOAD_MAX_CATCH_UP_TICKS = 3;

export class SimulatedPlant implements PlantSimulation {
  private now_: number;
  private readonly tickMs: number;
  private readonly engine: ValueEngine;
  private readonly byNumber = new Map<number, StationDef>();
  private readonly lines = new Map<number, DialLine>();
  private readonly timestamps = new Map<number, number | null>();
  private readonly nextCallIn = new Map<number, number>();
  private readonly events = new PlantEventBus();
  private readonly random: Random;
  private readonly rate = new UpdateRate();
  private status: ServerStatus = 'Connected';
  private statusSince: number;
  private timer: TimerHandle | null = null;
  private readonly onUpdates: (count: number) => void;

  constructor(private readonly options: PlantOptions) {
    const now = options.now ?? Date.now;
    this.now_ = options.startTime ?? now();
    this.statusSince = this.now_;
    this.tickMs = options.tickMs ?? (options.load ? 100 : 1000);
    this.random = createRandom(options.seed ^ 0x5bd1e995);
    const start = this.now_;
    const dialRandom = createRandom(options.seed ^ 0x27d4eb2f);
    const every = options.callInIntervalMs ?? 30 * 60_000;
    // Lines first: the modelled plant asks them for the initial quality of its values.
    for (const def of options.load ? [] : STATION_CATALOG) {
      if (!def.dialUp) continue;
      const line = new DialLine(
        dialRandom,
        def.mobileNetworkStandard ?? 'LTE',
        start,
        options.dialTiming ?? DEFAULT_DIAL_TIMING,
      );
      this.lines.set(def.nr, line);
      if (every > 0) this.nextCallIn.set(def.nr, start + this.random.range(0.2, 1) * every);
    }
    this.engine = options.load
      ? new LoadEngine(createRandom(options.seed), options.load, start)
      : new ModelEngine(
          createRandom(options.seed),
          start,
          {
            failuresPerPumpHour: options.failuresPerPumpHour ?? DEFAULT_FAILURES_PER_PUMP_HOUR,
            ...(options.incidents ? { incidents: options.incidents } : {}),
          },
          (nr) => {
            const line = this.lines.get(nr);
            return line
              ? { quality: 'Uncertain', timestamp: line.lastConnection ?? start }
              : { quality: 'Good', timestamp: start };
          },
        );
    for (const def of this.engine.stations) {
      this.byNumber.set(def.nr, def);
      this.timestamps.set(def.nr, this.lines.get(def.nr)?.lastConnection ?? start);
    }
    const metrics = options.metrics;
    if (metrics) {
      const total = metrics.counter(
        'pegel_simulator_updates_total',
        'PV value updates generated by the simulator',
      );
      metrics.gauge(
        'pegel_simulator_updates_per_second',
        'PV value updates per second over the last seconds',
        [],
        (set) => set({}, this.rate.perSecond(this.now_)),
      );
      metrics.gauge('pegel_plant_pvs', 'Process values of the simulated plant', [], (set) =>
        set({}, this.engine.pvCount()),
      );
      this.onUpdates = (count) => total.inc({}, count);
    } else {
      this.onUpdates = () => {};
    }
  }

  // --- reading -------------------------------------------------------------------------

  stations(): readonly Station[] {
    return this.engine.stations.map((s) => ({
      id: s.nr,
      name: s.name,
      kind: s.kind,
      hasGeoLocation: true,
      location: { latitude: s.latitude, longitude: s.longitude },
      processImage: s.processImage,
      dialUp: s.dialUp,
      callInIntervalMinutes: s.dialUp ? (s.callInIntervalMinutes ?? null) : null,
    }));
  }

  stationOverview(): readonly StationOverview[] {
    return this.stations().map((station) => {
      const live = this.stationLive(station.id)!;
      return {
        ...station,
        stationNumber: station.id,
        dialState: live.dialState,
        timestamp: live.timestamp,
        lastConnection: live.lastConnection,
        dialCounters: live.dialCounters,
        pvCount: this.engine.pvCount(station.id),
        activeFailures: this.engine.activeFailures(station.id),
      };
    });
  }

  stationLive(stationNumber: number): StationLiveData | undefined {
    const def = this.byNumber.get(stationNumber);
    if (!def) return undefined;
    const line = this.lines.get(stationNumber);
    return {
      stationNumber,
      name: def.name,
      timestamp: this.timestamps.get(stationNumber) ?? null,
      lastConnection: line?.lastConnection ?? null,
      dialCounters: line?.counters() ?? null,
      dialState: line?.state ?? 'Connected',
    };
  }

  stationConfig(stationNumber: number): StationConfig | undefined {
    const def = this.byNumber.get(stationNumber);
    if (!def) return undefined;
    return {
      station: { stationNumber },
      name: def.name,
      dialState: this.lines.get(stationNumber)?.state ?? 'Connected',
      callInIntervalMinutes: def.dialUp ? (def.callInIntervalMinutes ?? null) : null,
    };
  }

  pvRefs(): readonly PvRef[] {
    return this.engine.refs;
  }

  pvNodes(): readonly PvNode[] {
    return this.engine.nodes();
  }

  pvList(): readonly PvListEntry[] {
    return this.engine.refs.map((ref) => {
      const c = this.engine.config(ref)!;
      return {
        pvRef: ref,
        name: c.name,
        stationNumber: c.stationNumber,
        stationName: c.stationName,
        dimension: c.dimension,
      };
    });
  }

  config(ref: PvRef): PvConfig | undefined {
    return this.engine.config(ref);
  }

  valueByKey(key: string): PvValue | undefined {
    return this.engine.valueByKey(key);
  }

  limitConfigs(ref: PvRef): readonly PvLimitConfig[] {
    return this.engine.limitConfigs(ref);
  }

  serverStatus(): { status: ServerStatus; since: number } {
    return { status: this.status, since: this.statusSince };
  }

  time(): number {
    return this.now_;
  }

  // --- acting --------------------------------------------------------------------------

  call(
    action: StationCallAction,
    stationNumbers: readonly number[],
    user: SessionUser,
  ): StationCallResult {
    const missing: StationRef[] = [];
    const notCallable: StationRef[] = [];
    const unauthorized: StationRef[] = [];
    const go: DialLine[] = [];
    const goNumbers: number[] = [];
    const queried: number[] = [];
    const mayDial = hasRight(user, 'dialStations');
    for (const nr of new Set(stationNumbers)) {
      const def = this.byNumber.get(nr);
      const line = this.lines.get(nr);
      if (!def) missing.push({ stationNumber: nr });
      else if (!mayDial || !mayActOnStation(user, nr)) unauthorized.push({ stationNumber: nr });
      // A general query (Status) asks a permanently connected station too; only connecting and
      // disconnecting need a dial-up line.
      else if (!line && action === 'Status') queried.push(nr);
      else if (!line) notCallable.push({ stationNumber: nr });
      else {
        go.push(line);
        goNumbers.push(nr);
      }
    }
    if (this.status !== 'Connected') {
      return {
        status: 'Failed',
        missing,
        notCallable: [
          ...notCallable,
          ...[...goNumbers, ...queried].map((stationNumber) => ({ stationNumber })),
        ],
        unauthorized,
        errorMessage: 'The control unit is not reachable',
      };
    }
    for (const nr of queried) {
      // The station answers over its permanent link at once: its values are read again.
      this.timestamps.set(nr, this.now_);
      this.emit('station', this.stationLive(nr)!, 'timestamp');
    }
    go.forEach((line, i) => {
      const nr = goNumbers[i]!;
      const before = line.state;
      const change =
        action === 'Connect'
          ? line.connect(this.now_)
          : action === 'Disconnect'
            ? line.disconnect(this.now_)
            : line.status(this.now_);
      this.afterLineChange(nr, line, before, change);
    });
    const failed = missing.length + notCallable.length + unauthorized.length;
    const parts: string[] = [];
    const list = (refs: StationRef[]) => refs.map((r) => r.stationNumber).join(', ');
    if (missing.length) parts.push(`unknown stations: ${list(missing)}`);
    if (notCallable.length) parts.push(`not dial-up stations: ${list(notCallable)}`);
    if (unauthorized.length) parts.push(`not permitted: ${list(unauthorized)}`);
    return {
      status: failed === 0 ? 'Success' : unauthorized.length === failed ? 'Unauthorized' : 'Failed',
      missing,
      notCallable,
      unauthorized,
      errorMessage: parts.length ? `${action} not done for ${parts.join('; ')}` : null,
    };
  }

  // --- operator controls (PlantControl) ----------------------------------------------------

  writeValue(ref: PvRef, value: number | boolean | TimeOfDayValue): boolean {
    const write = this.engine.control?.(ref)?.write;
    if (!write) return false;
    write(value);
    this.resample(ref);
    return true;
  }

  resetCounter(ref: PvRef): boolean {
    const reset = this.engine.control?.(ref)?.reset;
    if (!reset) return false;
    reset();
    this.resample(ref);
    return true;
  }

  runtimes(ref: PvRef): RuntimeValue[] | null {
    return this.engine.control?.(ref)?.runtimes?.read() ?? null;
  }

  setRuntime(ref: PvRef, runtimeType: RuntimeType, value: number): boolean {
    const runtimes = this.engine.control?.(ref)?.runtimes;
    if (!runtimes || !runtimes.read().some((r) => r.runtimeType === runtimeType)) return false;
    runtimes.write(runtimeType, value);
    return true;
  }

  setLimitConfig(config: PvLimitConfig): boolean {
    if (!this.engine.setLimitConfig?.(config)) return false;
    const ref = config.pvLimitRef.pv;
    const stored = this.engine
      .limitConfigs(ref)
      .find((l) => l.pvLimitRef.limitType === config.pvLimitRef.limitType);
    if (stored) this.emit('limitConfig', stored);
    const pvConfig = this.engine.config(ref);
    if (pvConfig) this.emit('config', pvConfig);
    return true;
  }

  setAlertPriority(ref: PvRef, priority: number): boolean {
    const config = this.engine.setAlertPriority?.(ref, priority);
    if (!config) return false;
    this.emit('config', config);
    return true;
  }

  private resample(ref: PvRef): void {
    const out: PvValue[] = [];
    this.engine.resample?.(ref, this.now_, out);
    this.publish(out);
  }

  setServerStatus(status: ServerStatus): void {
    if (status === this.status) return;
    const wasConnected = this.status === 'Connected';
    this.status = status;
    this.statusSince = this.now_;
    this.emit('serverStatus', status, this.statusSince);
    const out: PvValue[] = [];
    if (wasConnected) {
      this.engine.requalify(null, 'Bad', out);
    } else if (status === 'Connected') {
      // Reachable stations send Good values on the next tick; the others are stale again.
      for (const [nr, line] of this.lines) {
        if (line.state !== 'Connected') this.engine.requalify(nr, 'Uncertain', out);
      }
    }
    this.publish(out);
  }

  // --- time ----------------------------------------------------------------------------

  step(ms: number): void {
    let remaining = ms;
    while (remaining > 0) {
      const dt = Math.min(this.tickMs, remaining);
      remaining -= dt;
      this.now_ += dt;
      this.tick(dt);
    }
  }

  start(): void {
    if (this.timer !== null) return;
    const now = this.options.now ?? Date.now;
    const timers = this.options.timers ?? plantTimers;
    const maxCatchUpMs = this.options.load
      ? LOAD_MAX_CATCH_UP_TICKS * this.tickMs
      : MAX_CATCH_UP_MS;
    this.timer = timers.setInterval(() => {
      const target = now();
      if (target - this.now_ > maxCatchUpMs) this.now_ = target - this.tickMs;
      if (target > this.now_) this.step(target - this.now_);
    }, this.tickMs);
  }

  stop(): void {
    if (this.timer === null) return;
    (this.options.timers ?? plantTimers).clearInterval(this.timer);
    this.timer = null;
  }

  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe {
    return this.events.on(event, listener);
  }

  private emit<E extends keyof PlantEvents>(event: E, ...args: Parameters<PlantEvents[E]>): void {
    this.events.emit(event, ...args);
  }

  private reachable = (stationNumber: number): boolean => {
    if (this.status !== 'Connected') return false;
    const line = this.lines.get(stationNumber);
    return !line || line.state === 'Connected';
  };

  private tick(dtMs: number): void {
    const time = this.now_;
    for (const [nr, line] of this.lines) {
      const before = line.state;
      const change = line.step(time, dtMs);
      this.afterLineChange(nr, line, before, change);
      const callIn = this.nextCallIn.get(nr);
      if (callIn !== undefined && time >= callIn && this.status === 'Connected') {
        const every = this.options.callInIntervalMs ?? 30 * 60_000;
        this.nextCallIn.set(nr, time + this.random.range(0.8, 1.2) * every);
        const s = line.state;
        this.afterLineChange(nr, line, s, line.status(time));
      }
    }
    const out: PvValue[] = [];
    this.engine.tick(time, dtMs, this.reachable, out);
    if (this.status === 'Connected') {
      for (const def of this.engine.stations) {
        if (!this.reachable(def.nr)) continue;
        this.timestamps.set(def.nr, time);
        this.emit('station', this.stationLive(def.nr)!, 'timestamp');
      }
    }
    this.publish(out);
    this.rate.record(time, out.length);
  }

  private publish(out: PvValue[]): void {
    if (out.length === 0) return;
    this.onUpdates(out.length);
    this.emit('values', out);
  }

  private afterLineChange(
    nr: number,
    line: DialLine,
    before: string,
    change: DialLineChange,
  ): void {
    if (change.counters) this.emit('station', this.stationLive(nr)!, 'dialCounter');
    if (!change.state || line.state === before) return;
    this.emit('station', this.stationLive(nr)!, 'dialState');
    this.emit('stationConfig', this.stationConfig(nr)!);
    if (before === 'Connected' && this.status === 'Connected') {
      const out: PvValue[] = [];
      this.engine.requalify(nr, 'Uncertain', out);
      this.publish(out);
    }
  }
}

export function createPlant(options: PlantOptions): SimulatedPlant {
  return new SimulatedPlant(options);
}
