/**
 * The simulated plant as the rest of the server sees it. REST routes and hubs read state
 * and listen to changes here; nothing outside server/plant knows how values are simulated.
 */
import type { RuntimeType, StationCallAction, ServerStatus } from '../../src/contract/enums.ts';
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
} from '../../src/contract/station.ts';
import type { SessionUser } from '../auth/service.ts';
import type { PvListEntry, StationOverview } from '../../src/contract/plant.ts';
import type { WriteOutcome } from '../field/connector.ts';

export type Unsubscribe = () => void;

export interface PlantEvents {
  /** Changed PV values, batched per simulator tick. */
  values: (values: readonly PvValue[]) => void;
  /** A station's live data changed; `what` says which part. */
  station: (live: StationLiveData, what: 'timestamp' | 'dialCounter' | 'dialState') => void;
  stationConfig: (config: StationConfig) => void;
  config: (config: PvConfig) => void;
  limitConfig: (config: PvLimitConfig) => void;
  serverStatus: (status: ServerStatus, since: number) => void;
  /**
   * Values that arrived late, at their own (older) time: a field device's store-and-forward
   * buffer after an outage, an out-of-order source timestamp. Only the archive takes them; they
   * are no live value and raise no alarm. The simulator sends none.
   */
  history: (values: readonly PvValue[]) => void;
  /**
   * Live values a newer one of the same PV replaced before they went out on `values` (a field
   * device sending faster than the field plant's batches), in arrival order, just before that
   * batch: measured, so the archive takes them as it takes `values`; no live value, no alarm.
   * The simulator sends none.
   */
  samples: (values: readonly PvValue[]) => void;
}

export interface Plant {
  stations(): readonly Station[];
  stationLive(stationNumber: number): StationLiveData | undefined;
  stationConfig(stationNumber: number): StationConfig | undefined;
  pvRefs(): readonly PvRef[];
  pvNodes(): readonly PvNode[];
  config(ref: PvRef): PvConfig | undefined;
  /** Latest value by live key (`ai100001`); undefined for unknown keys. */
  valueByKey(key: string): PvValue | undefined;
  limitConfigs(ref: PvRef): readonly PvLimitConfig[];
  /** Dial action of SPEC §4; rights per station are checked here. */
  call(
    action: StationCallAction,
    stationNumbers: readonly number[],
    user: SessionUser,
  ): StationCallResult;
  serverStatus(): { status: ServerStatus; since: number };
  on<E extends keyof PlantEvents>(event: E, listener: PlantEvents[E]): Unsubscribe;
  start(): void;
  stop(): void;
}

/**
 * The plant as the reference server builds it: the Plant seam plus what the plant routes
 * and tests need. Kept apart so that fakes of `Plant` (hub tests) need none of it.
 */
/**
 * What operators do to the plant (SPEC §7 "Process values"). Rights and validation are the
 * callers' business (server/actions); each change is published like a change of the process.
 */
export interface PlantControl {
  /** AnaOut (number or time of day) or DigiOut (boolean); false when the PV cannot be set. */
  writeValue(ref: PvRef, value: number | boolean | TimeOfDayValue): boolean;
  /** A resetable counter starts from zero; false when the PV is no such counter. */
  resetCounter(ref: PvRef): boolean;
  /**
   * A plant whose writes go to a device (the field plant) answers with the device's word
   * instead of `writeValue`: a refusal with its reason, or `readOnly` for a PV the plant file
   * marks so. The value changes only when the device reports it back. The simulator has none.
   */
  command?(ref: PvRef, value: number | boolean | TimeOfDayValue): Promise<WriteOutcome>;
  /** As `command`, for `resetCounter`. */
  commandCounterReset?(ref: PvRef): Promise<WriteOutcome>;
  /** The runtimes of a DigiIn or AnaIn; null when the PV keeps none. */
  runtimes(ref: PvRef): RuntimeValue[] | null;
  setRuntime(ref: PvRef, runtimeType: RuntimeType, value: number): boolean;
  /** Replaces a limit config (publishes newLimitConfig and newConfig). */
  setLimitConfig(config: PvLimitConfig): boolean;
  /** Sets a digital input's alert priority (publishes newConfig). */
  setAlertPriority(ref: PvRef, priority: number): boolean;
}

export interface PlantSimulation extends Plant, PlantControl {
  /** Every PV with name and station (GET /api/Pv/all). */
  pvList(): readonly PvListEntry[];
  /** Stations with their live state (GET /api/station/GetAllStations). */
  stationOverview(): readonly StationOverview[];
  /** Simulated time (epoch ms): timestamps of values and stations are taken from it. */
  time(): number;
  /** Advances the simulation by ms in ticks, by hand (tests; start() does it on a timer). */
  step(ms: number): void;
  /**
   * Sets the server status of SPEC §4, e.g. 'ControlUnitDisconnected' to simulate the
   * control unit going away: every value turns Bad and nothing updates until 'Connected'.
   */
  setServerStatus(status: ServerStatus): void;
}
