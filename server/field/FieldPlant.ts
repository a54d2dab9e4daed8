/**
 * The field plant (issue 56, DESIGN.md "The field plant"): the server's Plant/PlantControl seam
 * filled from the plant file's stations and PVs, fed by one connector per station. Hubs, REST
 * routes, alerts and archive see it as they see the simulator.
 *
 * - Values: connector samples become PV values, sent on the `values` event in batches: a batch
 *   goes out on the next turn of the event loop, but no sooner than `flushMs` (50 ms) after the
 *   previous one, so a burst of messages is one publish per PV per batch (the latest wins).
 * - Every sample is archived: a value a newer one of the same PV replaced within the batch goes
 *   on the `samples` event just before it, for the archive only (no live value, no alarm).
 * - Late values go onto the `history` event for the archive at their own time: Sparkplug
 *   is_historical metrics only there (never the live value, never an alarm); a value whose source
 *   time is older than the PV's newest (out of order, a clock set back) shows and goes there too.
 * - Quality is the field's word: a link that goes down turns every PV of its station Bad at once
 *   (well within 5 s), keeping the last value and its source timestamp; the reason is kept per PV
 *   (`qualityReason`, GET /api/field/status). Before its first sample a PV is Bad, 0, start time.
 * - Dial state: NotConnected until the link is first up, Connected while it is, ConnectionError
 *   after it went down or never came up.
 * - Bad input (malformed JSON, an undecodable payload, a value outside its type) is counted in
 *   /metrics as pegel_field_bad_input_total{station,reason}, logged at most once a minute per
 *   station and reason, and marks the PV Bad; it never throws out of here.
 * - Writes (`command`, `commandCounterReset`) go to the device and resolve with its answer; the
 *   value changes only when the device reports it back. A read-only PV is refused here.
 */
import { PlantEventBus } from '../plant/plantEvents.ts';
import { join, resolve } from 'node:path';
import type { RuntimeType, ServerStatus, StationCallAction } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { FieldReasonKind } from '../../src/contract/field.ts';
import type { PvListEntry, StationOverview } from '../../src/contract/plant.ts';
import type {
  CounterValue,
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
import type { DialState, LimitType } from '../../src/contract/enums.ts';
import { hasRight, mayActOnStation, type SessionUser } from '../auth/service.ts';
import type { Counter, MetricsRegistry } from '../http/metrics.ts';
import type { PlantEvents, PlantSimulation, Unsubscribe } from '../plant/types.ts';
import type {
  BadInputReason,
  Connector,
  FieldQuality,
  FieldSample,
  FieldScalar,
  LinkState,
  RebirthReason,
  WriteOutcome,
} from './connector.ts';
import { createConnector, type ConnectorContext, type FieldPoint } from './kinds.ts';
import { ReadPace } from './readPace.ts';
import type { LimitKey, PlantFileDef, PlantPvDef, PlantStationDef } from './plantFile.ts';

export interface FieldPlantOptions {
  plant: PlantFileDef;
  metrics?: MetricsRegistry;
  /** Where credentials are read (credentialsEnv); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The data folder (PEGEL_DATA_DIR); OPC UA keeps its PKI in `<dataDir>/pki`. Default `data`. */
  dataDir?: string;
  now?: () => number;
  /**
   * The shortest time between two batches of the value path, ms (default 50,
   * PEGEL_FIELD_FLUSH_MS); a batch goes out on the next turn of the event loop after that.
   */
  flushMs?: number;
  /** How often silence is checked (`staleAfterMs`) and station timestamps sent, ms (250). */
  tickMs?: number;
  /** Warnings (bad input, at most once a minute per station and reason; link changes). */
  log?: (message: string) => void;
  /** Replaces the connector of a station (tests). */
  connector?: (station: PlantStationDef, points: FieldPoint<unknown>[]) => Connector | null;
}

const LOG_EVERY_MS = 60_000;

const LIMIT_OF: Record<LimitKey, LimitType> = {
  bottom: 'Bottom',
  bottomMiddle: 'BottomMiddle',
  topMiddle: 'TopMiddle',
  top: 'Top',
};
const LIMIT_TEXT: Record<LimitType, { description: string; message: string }> = {
  Bottom: { description: 'unterer Grenzwert', message: 'zu niedrig' },
  BottomMiddle: { description: 'unterer Vorwarnwert', message: 'niedrig' },
  TopMiddle: { description: 'oberer Vorwarnwert', message: 'hoch' },
  Top: { description: 'oberer Grenzwert', message: 'zu hoch' },
};
const EKS_CODE: Record<PlantPvDef['kind'], string> = {
  AnaIn: 'AE',
  AnaOut: 'AA',
  DigiIn: 'DE',
  DigiOut: 'DA',
  Counter: 'ZW',
};

/**
 * A PV's state. What every value needs (ref, kind, decimals) is copied out of `def`: at 10,000
 * PVs a value reaches its PV at random, and each object more on that path is a cache miss
 * more per value (bench/README.md "The field plant").
 */
interface FieldPv {
  readonly def: PlantPvDef;
  readonly ref: PvRef;
  readonly kind: PlantPvDef['kind'];
  readonly decimals: number;
  readonly station: FieldStation;
  readonly key: string;
  config: PvConfig;
  limits: PvLimitConfig[];
  value: PvValue;
  /** Why the quality is not Good; null while it is. */
  reason: string | null;
  reasonKind: FieldReasonKind | null;
  /**
   * Its newest sample of the batch not yet sent (null once sent, or replaced by a quality
   * change): when a newer sample replaces it, it goes to the archive on the `samples` event.
   */
  unsent: PvValue | null;
  /** On the list of the next batch (`pending`): its `value` goes out then. */
  queued: boolean;
  /** When its last value arrived (or its link came up): the clock of `staleAfterMs`. */
  heardAt: number;
  /** Source time of the newest value the field sent; null before the first. */
  newestT: number | null;
  /** Counter readings at the start of the current day, month and year (local time). */
  counterBase?: { day: [string, number]; month: [string, number]; year: [string, number] };
}

interface FieldStation {
  readonly def: PlantStationDef;
  readonly pvs: Map<string, FieldPv>;
  /** The same PVs in the plant file's order, the order of its connector's points (`good`). */
  readonly points: FieldPv[];
  /**
   * Its PVs that turn Uncertain after a silence (`staleAfterMs`), for the tick: a plant of
   * 10,000 PVs without one walked them all four times a second for nothing.
   */
  readonly staleable: FieldPv[];
  connector: Connector | null;
  link: LinkState;
  dialState: DialState;
  linkReason: string | null;
  timestamp: number | null;
  lastConnection: number | null;
  touched: boolean;
}

/** A field PV's quality and why (GET /api/field/status). */
export interface FieldPvStatus {
  pvRef: PvRef;
  id: string;
  quality: PvValue['quality'];
  reason: string | null;
}

export interface FieldStationStatus {
  stationNumber: number;
  name: string;
  connection: string;
  link: LinkState;
  dialState: DialState;
  reason: string | null;
  notGood: FieldPvStatus[];
}

/** A station of the plant file that cannot be started; `npm start` prints it and stops. */
export class FieldStartError extends Error {
  override name = 'FieldStartError';
}

export class FieldPlant implements PlantSimulation {
  private readonly stationsByNr = new Map<number, FieldStation>();
  private readonly pvsByKey = new Map<string, FieldPv>();
  /**
   * The same PVs by their ref object: the values this plant sends carry it, and the alert
   * raiser asks for a value's limits and config per value (no key string built each time).
   */
  private readonly pvsByRef = new WeakMap<PvRef, FieldPv>();
  private readonly refs: PvRef[] = [];
  private readonly events = new PlantEventBus();
  /** The PVs whose value goes out in the next batch, in the order they first changed. */
  private pending: FieldPv[] = [];
  /** Late values (historical, older than the PV's newest) for the archive, in arrival order. */
  private history: PvValue[] = [];
  /** Live samples a newer one of the same PV replaced before the batch went out (archive). */
  private replaced: PvValue[] = [];
  private readonly lastLog = new Map<string, number>();
  private readonly badInputs: Counter | null;
  private readonly rebirths: Counter | null;
  private readonly samplesIn: Counter | null;
  /**
   * Samples delivered since the last batch, added to `samplesIn` with it: MQTT JSON delivers one
   * message at a time, and the metric's own bookkeeping per message was 3 % of the server's CPU.
   */
  private samplesUncounted = 0;
  private readonly now: () => number;
  private readonly log: (message: string) => void;
  private readonly startedAt: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The next batch, when one is due. */
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the last batch went out (the process clock: scheduling, not value times). */
  private lastFlushAt = 0;
  /** The connectors' socket reads, held after a batch until shortly before the next is due. */
  private readonly pace = new ReadPace();
  private status: ServerStatus = 'Connected';
  private statusSince: number;

  constructor(private readonly options: FieldPlantOptions) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((m) => console.warn(m));
    this.startedAt = this.now();
    this.statusSince = this.startedAt;
    for (const def of options.plant.stations) {
      const station: FieldStation = {
        def,
        pvs: new Map(),
        points: [],
        staleable: [],
        connector: null,
        link: 'connecting',
        dialState: 'NotConnected',
        linkReason: 'not connected yet',
        timestamp: null,
        lastConnection: null,
        touched: false,
      };
      this.stationsByNr.set(def.number, station);
      for (const pvDef of def.pvs) {
        const pv: FieldPv = {
          def: pvDef,
          ref: pvDef.ref,
          kind: pvDef.kind,
          decimals: pvDef.decimals,
          station,
          key: pvKey(pvDef.ref),
          config: this.configOf(def, pvDef),
          limits: limitConfigs(def, pvDef),
          value: initialValue(pvDef, this.startedAt),
          reason: 'no value received yet',
          reasonKind: 'no-value',
          unsent: null,
          queued: false,
          heardAt: this.startedAt,
          newestT: null,
        };
        station.pvs.set(pvDef.id, pv);
        station.points.push(pv);
        if (pvDef.staleAfterMs !== undefined) station.staleable.push(pv);
        this.pvsByKey.set(pv.key, pv);
        this.pvsByRef.set(pvDef.ref, pv);
        this.refs.push(pvDef.ref);
      }
    }
    const metrics = options.metrics;
    this.badInputs = metrics
      ? metrics.counter(
          'pegel_field_bad_input_total',
          'Input from the field thrown away, by station and reason',
          ['station', 'reason'],
        )
      : null;
    this.rebirths = metrics
      ? metrics.counter(
          'pegel_field_rebirth_requests_total',
          'Sparkplug rebirths asked of edge nodes, by station and reason',
          ['station', 'reason'],
        )
      : null;
    // The field's counterpart of pegel_simulator_updates_total: what the connectors delivered,
    // before a batch keeps the latest per PV (the bench's share reached and CPU per value);
    // added with each batch or tick, so a scrape sees them at most a tick late.
    this.samplesIn = metrics
      ? metrics.counter('pegel_field_samples_total', 'Samples the field connectors delivered')
      : null;
    if (metrics) {
      metrics.gauge(
        'pegel_field_station_up',
        'Field stations whose link is up (1) or not (0)',
        ['station', 'connection'],
        (set) => {
          for (const s of this.stationsByNr.values())
            set(
              { station: String(s.def.number), connection: s.def.connection.type },
              s.link === 'up' ? 1 : 0,
            );
        },
      );
    }
  }

  private configOf(station: PlantStationDef, def: PlantPvDef): PvConfig {
    const digital = def.kind === 'DigiIn' || def.kind === 'DigiOut';
    return {
      pvRef: def.ref,
      name: def.name,
      eksNr: `${station.number}.${EKS_CODE[def.kind]}${String(def.number).padStart(3, '0')}`,
      subtype: def.kind === 'DigiIn' && def.alertPriority !== undefined ? 'failure' : '',
      dimension: def.unit,
      decimalPlaces: def.decimals,
      hasArchiveData: def.archive,
      stationNumber: station.number,
      stationName: station.name,
      domainConfig:
        def.min !== undefined && def.max !== undefined ? { min: def.min, max: def.max } : null,
      digiDisplayConfig:
        digital && def.states
          ? { stateActiveText: def.states.active, stateInactiveText: def.states.inactive }
          : null,
      anaLimitConfig: def.limits
        ? {
            lower: def.limits.bottom?.value ?? null,
            lowerMid: def.limits.bottomMiddle?.value ?? null,
            upperMid: def.limits.topMiddle?.value ?? null,
            upper: def.limits.top?.value ?? null,
          }
        : null,
      alertInputConfig:
        def.kind === 'DigiIn' && def.alertPriority !== undefined
          ? {
              description: def.name,
              message: `${station.name}: ${def.name}`,
              priority: def.alertPriority,
            }
          : null,
    };
  }

  // --- reading -------------------------------------------------------------------------------

  stations(): readonly Station[] {
    return [...this.stationsByNr.values()].map(({ def }) => ({
      id: def.number,
      name: def.name,
      kind: def.kind,
      hasGeoLocation: def.location !== undefined,
      location: def.location ?? null,
      processImage: null,
      dialUp: false,
    }));
  }

  stationOverview(): readonly StationOverview[] {
    return this.stations().map((station) => {
      const s = this.stationsByNr.get(station.id)!;
      let activeFailures = 0;
      for (const pv of s.pvs.values()) if (pv.value.failureStateValue === true) activeFailures++;
      return {
        ...station,
        stationNumber: station.id,
        dialState: s.dialState,
        timestamp: s.timestamp,
        lastConnection: s.lastConnection,
        dialCounters: null,
        pvCount: s.pvs.size,
        activeFailures,
      };
    });
  }

  stationLive(stationNumber: number): StationLiveData | undefined {
    const s = this.stationsByNr.get(stationNumber);
    if (!s) return undefined;
    return {
      stationNumber,
      name: s.def.name,
      timestamp: s.timestamp,
      lastConnection: s.lastConnection,
      dialCounters: null,
      dialState: s.dialState,
    };
  }

  stationConfig(stationNumber: number): StationConfig | undefined {
    const s = this.stationsByNr.get(stationNumber);
    if (!s) return undefined;
    return {
      station: { stationNumber },
      name: s.def.name,
      dialState: s.dialState as StationConfig['dialState'],
    };
  }

  pvRefs(): readonly PvRef[] {
    return this.refs;
  }

  pvNodes(): readonly PvNode[] {
    return [...this.stationsByNr.values()].map((s) => ({
      stationNumber: s.def.number,
      stationName: s.def.name,
      pvs: [...s.pvs.values()].map((pv) => pv.def.ref),
    }));
  }

  pvList(): readonly PvListEntry[] {
    return [...this.pvsByKey.values()].map((pv) => ({
      pvRef: pv.def.ref,
      name: pv.config.name,
      stationNumber: pv.config.stationNumber,
      stationName: pv.config.stationName,
      dimension: pv.config.dimension,
    }));
  }

  /** The PV of a ref: the plant's own ref object found without a key string, any other by key. */
  private pvOf(ref: PvRef): FieldPv | undefined {
    return this.pvsByRef.get(ref) ?? this.pvsByKey.get(pvKey(ref));
  }

  config(ref: PvRef): PvConfig | undefined {
    return this.pvOf(ref)?.config;
  }

  valueByKey(key: string): PvValue | undefined {
    return this.pvsByKey.get(key)?.value;
  }

  limitConfigs(ref: PvRef): readonly PvLimitConfig[] {
    return this.pvOf(ref)?.limits ?? [];
  }

  /** Why a PV's quality is not Good (the link, the device, bad input); null while it is. */
  qualityReason(ref: PvRef): string | null {
    return this.pvsByKey.get(pvKey(ref))?.reason ?? null;
  }

  /** The kind of that reason, and for silence the seconds (the PV info's translated lead). */
  qualityReasonKind(ref: PvRef): { kind: FieldReasonKind; seconds: number | null } | null {
    const pv = this.pvsByKey.get(pvKey(ref));
    if (!pv?.reasonKind || pv.reason === null) return null;
    const after = pv.def.staleAfterMs;
    return {
      kind: pv.reasonKind,
      seconds: pv.reasonKind === 'stale' && after !== undefined ? Number(seconds(after)) : null,
    };
  }

  /** Every station's link and the PVs that are not good, with why (GET /api/field/status). */
  fieldStatus(): FieldStationStatus[] {
    return [...this.stationsByNr.values()].map((s) => ({
      stationNumber: s.def.number,
      name: s.def.name,
      connection: s.def.connection.type,
      link: s.link,
      dialState: s.dialState,
      reason: s.linkReason,
      notGood: [...s.pvs.values()]
        .filter((pv) => pv.value.quality !== 'Good')
        .map((pv) => ({
          pvRef: pv.def.ref,
          id: pv.def.id,
          quality: pv.value.quality,
          reason: pv.reason,
        })),
    }));
  }

  serverStatus(): { status: ServerStatus; since: number } {
    return { status: this.status, since: this.statusSince };
  }

  /** The wall clock: field values carry the device's or the receiving time. */
  time(): number {
    return this.now();
  }

  // --- acting --------------------------------------------------------------------------------

  call(
    action: StationCallAction,
    stationNumbers: readonly number[],
    user: SessionUser,
  ): StationCallResult {
    const missing: StationRef[] = [];
    const notCallable: StationRef[] = [];
    const unauthorized: StationRef[] = [];
    const mayDial = hasRight(user, 'dialStations');
    for (const nr of new Set(stationNumbers)) {
      const s = this.stationsByNr.get(nr);
      if (!s) missing.push({ stationNumber: nr });
      else if (!mayDial || !mayActOnStation(user, nr)) unauthorized.push({ stationNumber: nr });
      // Field stations are permanently connected: there is no line to dial or hang up.
      else if (action !== 'Status') notCallable.push({ stationNumber: nr });
    }
    const failed = missing.length + notCallable.length + unauthorized.length;
    const list = (refs: StationRef[]) => refs.map((r) => r.stationNumber).join(', ');
    const parts: string[] = [];
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

  /** Field values are written with `command`, which waits for the device; this one cannot. */
  writeValue(_ref: PvRef, _value: number | boolean | TimeOfDayValue): boolean {
    return false;
  }

  resetCounter(_ref: PvRef): boolean {
    return false;
  }

  /** Sends a set value or DigiOut command to the device; the value shows when it reports it back. */
  async command(ref: PvRef, value: number | boolean | TimeOfDayValue): Promise<WriteOutcome> {
    const pv = this.pvsByKey.get(pvKey(ref));
    if (!pv || (pv.def.kind !== 'AnaOut' && pv.def.kind !== 'DigiOut'))
      return { ok: false, reason: 'not a set value or command' };
    if (typeof value === 'object') return { ok: false, reason: 'a time of day cannot be sent' };
    return this.send(pv, pv.def.kind === 'DigiOut' ? value === true : Number(value));
  }

  /** Resets a counter in the device (writes 0 to its point). */
  async commandCounterReset(ref: PvRef): Promise<WriteOutcome> {
    const pv = this.pvsByKey.get(pvKey(ref));
    if (!pv || pv.def.kind !== 'Counter' || !pv.def.resetable)
      return { ok: false, reason: 'not a resetable counter' };
    return this.send(pv, 0);
  }

  private async send(pv: FieldPv, value: FieldScalar): Promise<WriteOutcome> {
    if (pv.def.readOnly)
      return { ok: false, readOnly: true, reason: 'read-only in the plant file' };
    const connector = pv.station.connector;
    if (!connector) return { ok: false, reason: 'the station has no connector' };
    try {
      return await connector.write(pv.def.id, value);
    } catch (err) {
      return { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
  }

  runtimes(_ref: PvRef): RuntimeValue[] | null {
    return null;
  }

  setRuntime(_ref: PvRef, _runtimeType: RuntimeType, _value: number): boolean {
    return false;
  }

  setLimitConfig(config: PvLimitConfig): boolean {
    const pv = this.pvsByKey.get(pvKey(config.pvLimitRef.pv));
    if (!pv) return false;
    const at = pv.limits.findIndex((l) => l.pvLimitRef.limitType === config.pvLimitRef.limitType);
    if (at < 0) return false;
    pv.limits[at] = { ...config, pvLimitRef: pv.limits[at]!.pvLimitRef };
    const value = (t: LimitType) => {
      const l = pv.limits.find((x) => x.pvLimitRef.limitType === t);
      return l && !l.notSet ? l.limit : null;
    };
    pv.config = {
      ...pv.config,
      anaLimitConfig: {
        lower: value('Bottom'),
        lowerMid: value('BottomMiddle'),
        upperMid: value('TopMiddle'),
        upper: value('Top'),
      },
    };
    this.emit('limitConfig', pv.limits[at]!);
    this.emit('config', pv.config);
    return true;
  }

  setAlertPriority(ref: PvRef, priority: number): boolean {
    const pv = this.pvsByKey.get(pvKey(ref));
    if (!pv?.config.alertInputConfig) return false;
    pv.config = { ...pv.config, alertInputConfig: { ...pv.config.alertInputConfig, priority } };
    this.emit('config', pv.config);
    return true;
  }

  /** As the simulator: anything but Connected turns every value Bad until Connected again. */
  setServerStatus(status: ServerStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.statusSince = this.now();
    this.emit('serverStatus', status, this.statusSince);
    if (status !== 'Connected')
      for (const pv of this.pvsByKey.values())
        this.markBad(pv, `server status ${status}`, 'server-status');
    this.flush();
  }

  // --- time and life -------------------------------------------------------------------------

  /** Sends what arrived and checks silence (tests; the timers do it). */
  step(_ms: number): void {
    this.tick();
  }

  start(): void {
    if (this.timer) return;
    const context = (s: PlantStationDef): ConnectorContext => ({
      env: this.options.env ?? process.env,
      stationNumber: s.number,
      stationName: s.name,
      pkiDir: join(this.options.dataDir ?? resolve('data'), 'pki'),
      log: this.log,
      pace: this.pace,
    });
    const made: [FieldStation, Connector][] = [];
    for (const s of this.stationsByNr.values()) {
      const points: FieldPoint<unknown>[] = s.def.pvs.map((p) => ({
        id: p.id,
        kind: p.kind,
        source: p.source,
        readOnly: p.readOnly,
      }));
      let connector: Connector;
      try {
        connector =
          this.options.connector?.(s.def, points) ??
          createConnector(s.def.connection, points, context(s.def));
      } catch (err) {
        // A station that cannot be set up (credentials missing, a kind not built) stops the start.
        throw new FieldStartError(
          `Field station ${s.def.number} (${s.def.name}, ${s.def.connection.type}): ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      made.push([s, connector]);
    }
    // Every connector is made before any starts: a station that cannot be leaves nothing running.
    for (const [s, connector] of made) {
      s.connector = connector;
      connector.start(this.sinkOf(s));
    }
    this.lastFlushAt = performance.now();
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 250);
  }

  stop(): void {
    void this.close();
  }

  /** Stops every connector; settles when nothing is left open. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.pace.release();
    const connectors = [...this.stationsByNr.values()].map((s) => s.connector);
    for (const s of this.stationsByNr.values()) s.connector = null;
    await Promise.all(connectors.map((c) => c?.stop().catch(() => {})));
  }

  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe {
    return this.events.on(event, listener);
  }

  private emit<E extends keyof PlantEvents>(event: E, ...args: Parameters<PlantEvents[E]>): void {
    this.events.emit(event, ...args);
  }

  // --- from the connectors -------------------------------------------------------------------

  private sinkOf(s: FieldStation) {
    return {
      samples: (samples: readonly FieldSample[]) => {
        this.samplesUncounted += samples.length;
        for (const sample of samples) {
          try {
            this.sample(s, sample);
          } catch (err) {
            this.badInput(s, 'other', String(err), sample.pointId);
          }
        }
        this.scheduleFlush();
      },
      good: (index: number, value: FieldScalar, sourceTime: number) => {
        this.samplesUncounted++;
        const pv = s.points[index];
        if (pv !== undefined && this.status === 'Connected') {
          try {
            this.live(s, pv, value, 'Good', sourceTime, undefined, undefined);
          } catch (err) {
            this.badInput(s, 'other', String(err), pv.def.id);
          }
        }
        this.scheduleFlush();
      },
      link: (state: LinkState, reason?: string) => this.link(s, state, reason),
      badInput: (reason: BadInputReason, detail: string, pointId?: string) => {
        this.badInput(s, reason, detail, pointId);
        this.scheduleFlush();
      },
      rebirth: (reason: RebirthReason) =>
        this.rebirths?.inc({ station: String(s.def.number), reason }),
    };
  }

  private sample(s: FieldStation, sample: FieldSample): void {
    const pv = s.pvs.get(sample.pointId);
    if (!pv) return;
    if (this.status !== 'Connected') return;
    // A Sparkplug store-and-forward buffer is no live value: it goes to the archive only.
    if (sample.historical === true) {
      this.late(s, pv, sample);
      return;
    }
    if (sample.value === null) {
      this.markBad(
        pv,
        sample.reason ?? 'bad quality reported by the device',
        sample.reasonKind ?? 'device-refused',
      );
      return;
    }
    this.live(
      s,
      pv,
      sample.value,
      sample.quality,
      sample.sourceTime,
      sample.reason,
      sample.reasonKind,
    );
  }

  /**
   * A live value of `pv` (a sample's fields, or `good` without a sample): the PV's value, queued
   * for the next batch.
   */
  private live(
    s: FieldStation,
    pv: FieldPv,
    v: FieldScalar,
    quality: FieldQuality,
    sourceTime: number,
    reason: string | undefined,
    reasonKind: FieldSample['reasonKind'],
  ): void {
    // A source time older than the PV's newest (an OPC UA value out of order, a device clock
    // set back) is still the device's word and shows; the archive, which appends the live path
    // only forward, takes it at its own time as a late value too.
    const older = pv.newestT !== null && sourceTime < pv.newestT;
    const next = this.valueOf(pv, v, quality, sourceTime);
    if (typeof next === 'string') {
      this.badInput(
        s,
        next === 'wrong-type' ? 'wrong-type' : 'out-of-range',
        `${pv.def.id}: ${String(v)}`,
        pv.def.id,
      );
      return;
    }
    const now = this.now();
    pv.value = next;
    pv.heardAt = now;
    pv.newestT = sourceTime;
    // The sample this one replaces before the batch goes out is archived all the same; an
    // older one is archived as a late value.
    if (pv.unsent) this.replaced.push(pv.unsent);
    pv.unsent = older ? null : next;
    if (older) this.history.push(next);
    if (quality === 'Good') {
      pv.reason = null;
      pv.reasonKind = null;
    } else {
      pv.reason = reason ?? `quality ${quality}`;
      pv.reasonKind = reasonKind ?? 'device-quality';
    }
    this.queue(pv);
    s.timestamp = Math.max(s.timestamp ?? 0, now);
    s.touched = true;
  }

  /**
   * A late sample as an archive value: it changes neither the live value nor its quality. A
   * null is archived as a gap at its time; bad input is counted and logged, the PV not marked.
   */
  private late(s: FieldStation, pv: FieldPv, sample: FieldSample): void {
    if (sample.value === null) {
      this.history.push({ ...initialValue(pv.def, sample.sourceTime), quality: 'Bad' });
      return;
    }
    const value = this.valueOf(pv, sample.value, sample.quality, sample.sourceTime, false);
    if (typeof value === 'string') {
      this.badInput(
        s,
        value === 'wrong-type' ? 'wrong-type' : 'out-of-range',
        `${pv.def.id} (historical): ${String(sample.value)}`,
      );
      return;
    }
    this.history.push(value);
  }

  /**
   * The sample as the PV's value, or why it cannot be one. A late one (`live` false) leaves the
   * counter's day, month and year bases alone: they follow the live reading.
   */
  private valueOf(
    pv: FieldPv,
    v: FieldScalar,
    quality: FieldQuality,
    timestamp: number,
    live = true,
  ): PvValue | 'wrong-type' | 'out-of-range' {
    // Each value an object literal of its own (no spread of a shared base): one allocation
    // per sample, in the same key order as before.
    const pvRef = pv.ref;
    switch (pv.kind) {
      case 'AnaIn':
      case 'AnaOut': {
        if (typeof v !== 'number') return 'wrong-type';
        if (!Number.isFinite(v)) return 'out-of-range';
        const doubleValue = round(v, pv.decimals);
        return { pvRef, quality, timestamp, typeOfValue: 'DoubleValue', doubleValue };
      }
      case 'DigiIn':
      case 'DigiOut': {
        const b = typeof v === 'boolean' ? v : v === 1 ? true : v === 0 ? false : null;
        if (b === null) return 'out-of-range';
        return pv.config.alertInputConfig
          ? { pvRef, quality, timestamp, typeOfValue: 'FailureStateValue', failureStateValue: b }
          : { pvRef, quality, timestamp, typeOfValue: 'BoolValue', boolValue: b };
      }
      case 'Counter': {
        if (typeof v !== 'number') return 'wrong-type';
        if (!Number.isFinite(v) || v < 0) return 'out-of-range';
        const reading = round(v, pv.def.decimals);
        return {
          pvRef,
          quality,
          timestamp,
          typeOfValue: 'CounterValue',
          counterValue: live
            ? this.counterValue(pv, reading, timestamp)
            : { value: reading, resetable: pv.def.resetable, day: 0, month: 0, year: 0 },
        };
      }
    }
  }

  /** The counter with what it counted this day, month and year (since the server knows it). */
  private counterValue(pv: FieldPv, value: number, at: number): CounterValue {
    const d = new Date(at);
    const keys = {
      day: d.toDateString(),
      month: `${d.getFullYear()}-${d.getMonth()}`,
      year: String(d.getFullYear()),
    };
    const base = (pv.counterBase ??= {
      day: [keys.day, value],
      month: [keys.month, value],
      year: [keys.year, value],
    });
    const since = (which: 'day' | 'month' | 'year') => {
      const [key, start] = base[which];
      // A new period, or a counter that was reset (it went back): count from here.
      if (key !== keys[which] || value < start) base[which] = [keys[which], value];
      return round(value - base[which][1], pv.def.decimals);
    };
    return {
      value,
      resetable: pv.def.resetable,
      day: since('day'),
      month: since('month'),
      year: since('year'),
    };
  }

  /** Its current value goes out with the next batch (once, however often it changes). */
  private queue(pv: FieldPv): void {
    if (pv.queued) return;
    pv.queued = true;
    this.pending.push(pv);
  }

  private markBad(pv: FieldPv, reason: string, kind: FieldReasonKind): void {
    pv.reason = reason;
    pv.reasonKind = kind;
    if (pv.value.quality === 'Bad') return;
    // A good sample of this batch that the Bad mark replaces was measured: the archive keeps it.
    if (pv.unsent) this.replaced.push(pv.unsent);
    pv.unsent = null;
    pv.value = { ...pv.value, quality: 'Bad' };
    this.queue(pv);
  }

  private link(s: FieldStation, state: LinkState, reason?: string): void {
    if (state === s.link && state !== 'down') return;
    const before = s.dialState;
    s.link = state;
    s.linkReason = state === 'up' ? null : (reason ?? s.linkReason);
    if (state === 'up') {
      s.dialState = 'Connected';
      s.lastConnection = this.now();
      for (const pv of s.pvs.values()) {
        pv.heardAt = s.lastConnection;
        if (pv.value.quality !== 'Good') {
          pv.reason = 'waiting for a value since the link is up';
          pv.reasonKind = 'no-value';
        }
      }
    } else if (state === 'down') {
      // What came before the link went down goes out first, as it came: marked Bad within the
      // same batch, the last good values would never reach the archive.
      this.flush();
      s.dialState = 'ConnectionError';
      for (const pv of s.pvs.values())
        this.markBad(pv, `link down: ${s.linkReason ?? ''}`.trim(), 'link-down');
      this.flush();
      if (before === 'Connected')
        this.log(`field station ${s.def.number} (${s.def.name}): link down: ${reason ?? ''}`);
    } else if (s.dialState !== 'ConnectionError') s.dialState = 'NotConnected';
    if (s.dialState !== before) {
      this.emit('station', this.stationLive(s.def.number)!, 'dialState');
      this.emit('stationConfig', this.stationConfig(s.def.number)!);
    }
  }

  private badInput(
    s: FieldStation,
    reason: BadInputReason,
    detail: string,
    pointId?: string,
  ): void {
    const station = String(s.def.number);
    this.badInputs?.inc({ station, reason });
    const cause = `${station}\u0000${reason}`;
    const at = this.now();
    const last = this.lastLog.get(cause);
    if (last === undefined || at - last >= LOG_EVERY_MS) {
      this.lastLog.set(cause, at);
      this.log(`field station ${station} (${s.def.name}): bad input (${reason}): ${detail}`);
    }
    const pv = pointId !== undefined ? s.pvs.get(pointId) : undefined;
    if (pv) this.markBad(pv, `${reason}: ${detail}`, 'bad-input');
  }

  /**
   * Silence is not health: a Good PV of a station whose link is up that has had no value for its
   * `staleAfterMs` turns Uncertain ("no value for N s"), keeping value and timestamp, until the
   * next value. A lost link is the link's business (Bad at once).
   */
  private markStale(): void {
    const at = this.now();
    for (const s of this.stationsByNr.values()) {
      if (s.link !== 'up') continue;
      for (const pv of s.staleable) {
        const after = pv.def.staleAfterMs;
        if (after === undefined || pv.value.quality !== 'Good' || at - pv.heardAt < after) continue;
        pv.reason = `no value for ${seconds(after)} s`;
        pv.reasonKind = 'stale';
        pv.value = { ...pv.value, quality: 'Uncertain' };
        pv.unsent = null;
        this.queue(pv);
      }
    }
  }

  /**
   * The next batch on the next turn of the event loop, but no sooner than `flushMs` after the
   * previous one: a lone value goes out at once, a stream in batches of `flushMs`.
   */
  private scheduleFlush(): void {
    if (this.flushTimer || !this.timer) return;
    if (this.pending.length === 0 && this.history.length === 0 && this.replaced.length === 0)
      return;
    const wait = this.lastFlushAt + (this.options.flushMs ?? 50) - performance.now();
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = null;
        this.flush();
      },
      Math.max(0, wait),
    );
  }

  /** The slow clock: silence, station timestamps, and whatever is still pending. */
  private tick(): void {
    if (this.status === 'Connected') this.markStale();
    this.flush();
    for (const s of this.stationsByNr.values()) {
      if (!s.touched) continue;
      s.touched = false;
      this.emit('station', this.stationLive(s.def.number)!, 'timestamp');
    }
  }

  private flush(): void {
    this.lastFlushAt = performance.now();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const sent = this.history.length + this.replaced.length + this.pending.length;
    if (this.samplesUncounted > 0) {
      this.samplesIn?.inc({}, this.samplesUncounted);
      this.samplesUncounted = 0;
    }
    if (this.history.length > 0) {
      const late = this.history;
      this.history = [];
      this.emit('history', late);
    }
    // Replaced samples first, in arrival order: the archive appends each PV's values forward.
    if (this.replaced.length > 0) {
      const between = this.replaced;
      this.replaced = [];
      this.emit('samples', between);
    }
    if (this.pending.length > 0) {
      const pvs = this.pending;
      this.pending = [];
      const out = new Array<PvValue>(pvs.length);
      for (let i = 0; i < pvs.length; i++) {
        const pv = pvs[i]!;
        out[i] = pv.value;
        pv.unsent = null;
        pv.queued = false;
      }
      this.emit('values', out);
    }
    // What arrives before the next batch is due waits for it anyway: in the socket, read at once
    // shortly before (readPace.ts). A tenth of the interval is left for reading it.
    if (sent > 0) {
      const flushMs = this.options.flushMs ?? 50;
      this.pace.hold(flushMs - Math.max(2, flushMs / 10));
    }
  }
}

/** Milliseconds as seconds for a reason: 10 → "10", 1500 → "1.5". */
function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

function initialValue(def: PlantPvDef, at: number): PvValue {
  const base = { pvRef: def.ref, quality: 'Bad' as const, timestamp: at };
  switch (def.kind) {
    case 'AnaIn':
    case 'AnaOut':
      return { ...base, typeOfValue: 'DoubleValue', doubleValue: 0 };
    case 'DigiIn':
      return def.alertPriority !== undefined
        ? { ...base, typeOfValue: 'FailureStateValue', failureStateValue: false }
        : { ...base, typeOfValue: 'BoolValue', boolValue: false };
    case 'DigiOut':
      return { ...base, typeOfValue: 'BoolValue', boolValue: false };
    case 'Counter':
      return {
        ...base,
        typeOfValue: 'CounterValue',
        counterValue: { value: 0, resetable: def.resetable, day: 0, month: 0, year: 0 },
      };
  }
}

function limitConfigs(station: PlantStationDef, def: PlantPvDef): PvLimitConfig[] {
  if (def.kind !== 'AnaIn' || !def.limits) return [];
  return (Object.keys(LIMIT_OF) as LimitKey[]).map((key) => {
    const limitType = LIMIT_OF[key];
    const l = def.limits![key];
    return {
      pvLimitRef: { pv: def.ref, limitType },
      limit: l?.value ?? 0,
      priority: l?.priority ?? 0,
      delayTime: l?.delay ?? 0,
      description: `${def.name} ${LIMIT_TEXT[limitType].description}`,
      message: `${station.name}: ${def.name} ${LIMIT_TEXT[limitType].message}`,
      notSet: l === undefined,
    };
  });
}
