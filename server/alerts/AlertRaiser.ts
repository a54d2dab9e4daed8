/**
 * Turns plant state into alerts (SPEC §3 "Alert", §4): analogue limits crossed for longer
 * than the limit's delayTime (cleared back inside with hysteresis), failure inputs turning
 * true, and station connection faults. Time comes from the caller (`now`), so tests drive
 * delays without waiting; the wiring calls `tick(now)` once a second.
 *
 * Extension point: sources the plant does not expose as values (pipe leakage) call
 * `raiseExternal` / `clearExternal` with their binding.
 */
import { alertBindingKey, type Alert, type AlertStateBinding } from '../../src/contract/alerts.ts';
import type { DialState, LimitType } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvValue } from '../../src/contract/pv.ts';
import type { StationLiveData } from '../../src/contract/station.ts';
import type { NewAlert } from './AlertArchive.ts';
import type { Plant, Unsubscribe } from '../plant/types.ts';

/** Share of the PV's domain (or of the limit) the value must return past the limit to clear. */
export const LIMIT_HYSTERESIS_FRACTION = 0.01;
/** Priority of a station connection fault (SPEC §9: 0 highest). */
export const CONNECTION_FAULT_PRIORITY = 2;
const MS_PER_S = 1000;

const FAULT_DIAL_STATES: ReadonlySet<DialState> = new Set([
  'CommunicationError',
  'ConnectionError',
  'TimeOut',
]);
const CLEAR_DIAL_STATES: ReadonlySet<DialState> = new Set(['Connected', 'NotConnected']);

export interface AlertSink {
  raise(alert: NewAlert): Alert;
  clear(id: number, at: number): void;
}

interface LimitState {
  /** When the value first crossed, while the alert is not raised yet. */
  since: number | null;
  alertId: number | null;
}

function isUpper(t: LimitType): boolean {
  return t === 'Top' || t === 'TopMiddle';
}

export class AlertRaiser {
  private readonly limits = new Map<string, LimitState>();
  /** Raised alert per failure input / external binding key. */
  private readonly raised = new Map<string, number>();
  private readonly subs: Unsubscribe[] = [];

  constructor(
    private readonly plant: Plant,
    private readonly sink: AlertSink,
    private readonly now: () => number,
  ) {}

  /**
   * Listens to the plant. `active`: the archive's alerts not yet returned to normal. Those of
   * a failure input that is still active are taken over (not raised twice), and a failure
   * input active now without one is raised at once: a value that stays as it is never
   * arrives as a change (a pump out of service since before the start).
   */
  start(active: readonly Alert[] = []): void {
    this.resume(active);
    this.subs.push(this.plant.on('values', (values) => this.onValues(values)));
    // A changed limit is checked against the value as it is now, not only at its next change
    // (a slow level may keep its value for minutes).
    this.subs.push(
      this.plant.on('limitConfig', (config) => {
        const value = this.plant.valueByKey(pvKey(config.pvLimitRef.pv));
        if (value) this.onValues([value]);
      }),
    );
    this.subs.push(
      this.plant.on('station', (live, what) => {
        if (what === 'dialState') this.onStation(live);
      }),
    );
  }

  stop(): void {
    for (const u of this.subs.splice(0)) u();
  }

  private resume(active: readonly Alert[]): void {
    for (const a of active) {
      if (a.cleared || !a.pvRef) continue;
      const key = pvKey(a.pvRef);
      const input = this.plant.config(a.pvRef)?.alertInputConfig;
      if (!input || a.text !== (input.message || input.description) || this.raised.has(key))
        continue;
      const v = this.plant.valueByKey(key);
      if (v?.failureStateValue === true && v.quality !== 'Bad') this.raised.set(key, a.id);
    }
    const failed: PvValue[] = [];
    for (const ref of this.plant.pvRefs()) {
      const v = this.plant.valueByKey(pvKey(ref));
      if (v?.failureStateValue === true && !this.raised.has(pvKey(ref))) failed.push(v);
    }
    if (failed.length > 0) this.onValues(failed);
  }

  onValues(values: readonly PvValue[]): void {
    const now = this.now();
    for (const v of values) {
      if (v.quality === 'Bad') continue;
      if (v.typeOfValue === 'DoubleValue' && v.doubleValue !== undefined) {
        this.checkLimits(v, v.doubleValue, now);
      } else if (v.typeOfValue === 'FailureStateValue' && v.failureStateValue !== undefined) {
        this.checkFailureInput(v, v.failureStateValue, now);
      }
    }
  }

  /** Raises the crossings whose delay has passed without a new value arriving. */
  tick(): void {
    const now = this.now();
    for (const [key, state] of this.limits) {
      if (state.alertId !== null || state.since === null) continue;
      const [typeNr, limitType] = key.split('|') as [string, LimitType];
      const v = this.plant.valueByKey(typeNr);
      if (!v) continue;
      const limit = this.plant
        .limitConfigs(v.pvRef)
        .find((l) => l.pvLimitRef.limitType === limitType);
      const config = this.plant.config(v.pvRef);
      if (limit && config && now - state.since >= limit.delayTime * MS_PER_S) {
        state.alertId = this.sink.raise(limitAlert(config, limit, now)).id;
        state.since = null;
      }
    }
  }

  private checkLimits(v: PvValue, value: number, now: number): void {
    const limits = this.plant.limitConfigs(v.pvRef);
    if (limits.length === 0) return;
    const config = this.plant.config(v.pvRef);
    if (!config) return;
    const key = pvKey(v.pvRef);
    const span = config.domainConfig ? config.domainConfig.max - config.domainConfig.min : 0;
    for (const limit of limits) {
      if (limit.notSet) continue;
      const id = `${key}|${limit.pvLimitRef.limitType}`;
      let state = this.limits.get(id);
      const upper = isUpper(limit.pvLimitRef.limitType);
      const crossed = upper ? value > limit.limit : value < limit.limit;
      if (state?.alertId != null) {
        const band =
          LIMIT_HYSTERESIS_FRACTION * (span > 0 ? span : Math.max(Math.abs(limit.limit), 1));
        const inside = upper ? value <= limit.limit - band : value >= limit.limit + band;
        if (inside) {
          this.sink.clear(state.alertId, now);
          state.alertId = null;
          state.since = null;
        }
        continue;
      }
      if (!crossed) {
        if (state) state.since = null;
        continue;
      }
      if (!state) {
        state = { since: null, alertId: null };
        this.limits.set(id, state);
      }
      state.since ??= now;
      if (now - state.since >= limit.delayTime * MS_PER_S) {
        state.alertId = this.sink.raise(limitAlert(config, limit, now)).id;
        state.since = null;
      }
    }
  }

  private checkFailureInput(v: PvValue, failed: boolean, now: number): void {
    const key = pvKey(v.pvRef);
    const id = this.raised.get(key);
    if (failed && id === undefined) {
      const config = this.plant.config(v.pvRef);
      const input = config?.alertInputConfig;
      if (!config || !input) return;
      const alert = this.sink.raise({
        timestamp: now,
        pvRef: v.pvRef,
        source: null,
        stationNumber: config.stationNumber,
        stationName: config.stationName,
        sourceName: config.name,
        text: input.message || input.description,
        priority: input.priority,
      });
      this.raised.set(key, alert.id);
    } else if (!failed && id !== undefined) {
      this.sink.clear(id, now);
      this.raised.delete(key);
    }
  }

  private onStation(live: StationLiveData): void {
    const binding: AlertStateBinding = {
      type: 'StationConnection',
      stationNumber: live.stationNumber,
    };
    if (FAULT_DIAL_STATES.has(live.dialState)) {
      this.raiseExternal(binding, {
        stationNumber: live.stationNumber,
        stationName: live.name,
        sourceName: live.name,
        text: `${live.name}: Verbindungsstörung (${live.dialState})`,
        priority: CONNECTION_FAULT_PRIORITY,
      });
    } else if (CLEAR_DIAL_STATES.has(live.dialState)) {
      this.clearExternal(binding);
    }
  }

  /** Raises an alert for a non-PV source once (until cleared). */
  raiseExternal(
    binding: AlertStateBinding,
    what: Pick<NewAlert, 'stationNumber' | 'stationName' | 'sourceName' | 'text' | 'priority'>,
  ): void {
    const key = alertBindingKey(binding);
    if (this.raised.has(key)) return;
    const alert = this.sink.raise({ ...what, timestamp: this.now(), pvRef: null, source: binding });
    this.raised.set(key, alert.id);
  }

  clearExternal(binding: AlertStateBinding): void {
    const key = alertBindingKey(binding);
    const id = this.raised.get(key);
    if (id === undefined) return;
    this.sink.clear(id, this.now());
    this.raised.delete(key);
  }
}

/** The alert of a PV's limit crossed at `now` (the raiser's, and the bench's alarm flood). */
export function limitAlert(config: PvConfig, limit: PvLimitConfig, now: number): NewAlert {
  return {
    timestamp: now,
    pvRef: config.pvRef,
    source: null,
    stationNumber: config.stationNumber,
    stationName: config.stationName,
    sourceName: config.name,
    text: limit.message || limit.description,
    priority: limit.priority,
  };
}
