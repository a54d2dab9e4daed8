/**
 * Turns plant state into alerts (SPEC §3 "Alert", §4): analogue limits crossed for longer
 * than the limit's delayTime (cleared back inside with hysteresis), failure inputs turning
 * true, and station connection faults. Time comes from the caller (`now`), so tests drive
 * delays without waiting; the wiring calls `tick(now)` once a second.
 *
 * Extension point: sources the plant does not expose as values (pipe leakage) call
 * `raiseExternal` / `clearExternal` with their binding, and say with `judgeExternal` whether
 * the condition of a binding is true now (the start's reconciliation asks).
 *
 * Every alert stands for a condition (`conditionOf*`): at most one active alert per condition,
 * in memory and in the database (migration 22). On start `reconcile` continues the alert of
 * each condition still true (same id, same acknowledgement) and clears the others at the start
 * time (README "Alarms across a restart").
 */
import { alertBindingKey, type Alert, type AlertStateBinding } from '../../src/contract/alerts.ts';
import type { DialState, LimitType } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvConfig, PvLimitConfig, PvValue } from '../../src/contract/pv.ts';
import type { StationLiveData } from '../../src/contract/station.ts';
import type { ActiveAlert, NewAlert } from './AlertArchive.ts';
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
  /** Stores and publishes; the active alert of the condition instead when there is one. */
  raise(alert: NewAlert): Alert;
  clear(id: number, at: number): void;
  /** The active alert of a condition, if there is one. */
  activeFor(condition: string): Alert | undefined;
}

/**
 * Whether an alert's condition holds now: `true` continues it, `false` clears it, `unknown`
 * (no value yet, quality Bad, a station dialling) keeps it: what cannot be judged is not
 * cleared; the next good value decides.
 */
export type ConditionNow = 'true' | 'false' | 'unknown';

/** What the start's reconciliation decided (`AlertArchive.reconcile` carries it out). */
export interface Reconciliation {
  keep: { id: number; condition: string }[];
  clear: number[];
}

/** The condition of a limit alert: `ai100001|Top`. */
export const conditionOfLimit = (key: string, limitType: LimitType) => `${key}|${limitType}`;
/** The condition of a failure input's alert is the PV's key (`di100002`). */
export const conditionOfInput = (key: string) => key;
/** The condition of a non-PV source's alert is its binding key (`PipeLeakage:3`). */
export const conditionOfBinding = (binding: AlertStateBinding) => alertBindingKey(binding);

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
  /** Per binding type, whether a binding's condition holds now (`judgeExternal`). */
  private readonly judges = new Map<
    AlertStateBinding['type'],
    (binding: AlertStateBinding) => ConditionNow
  >();

  constructor(
    private readonly plant: Plant,
    private readonly sink: AlertSink,
    private readonly now: () => number,
  ) {}

  /**
   * Listens to the plant. `kept`: the alerts the start's reconciliation continued (`reconcile`),
   * taken over so that their condition's return clears them. A failure input active now
   * without an alert is raised at once: a value that stays as it is never arrives as a change
   * (a pump out of service since before the start).
   */
  start(kept: readonly { id: number; condition: string }[] = []): void {
    this.resume(kept);
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

  /**
   * Raises the alert of a condition unless one stands already (raised before a restart and not
   * reconciled yet, or by another path): then that one goes on. Answers the alert's id.
   */
  private raiseOnce(alert: NewAlert): number {
    const standing = alert.condition ? this.sink.activeFor(alert.condition) : undefined;
    return (standing ?? this.sink.raise(alert)).id;
  }

  /** Sources outside the plant's values say with this whether a binding's condition holds. */
  judgeExternal(
    type: AlertStateBinding['type'],
    judge: (binding: AlertStateBinding) => ConditionNow,
  ): void {
    this.judges.set(type, judge);
  }

  /**
   * The start's reconciliation: for each alert not yet returned to normal, whether its
   * condition still holds. Kept: a condition true or not judgeable now, one alert per
   * condition (the one that carries it already, else the oldest). Cleared: a condition no
   * longer true, an alert of no condition the plant knows (no PV and text of a limit or
   * failure input, no binding), and every further alert of a kept condition (a flood's).
   * Alerts raised before conditions were stored are matched by PV and text, or by binding.
   * `keepUnmatched` (the first start on an empty archive, where only the seeds wrote): an
   * alert of no condition the plant knows is left as the seed wrote it.
   */
  reconcile(active: readonly ActiveAlert[], keepUnmatched = false): Reconciliation {
    const keep = new Map<string, number>();
    const clear: number[] = [];
    const judged = new Map<string, ConditionNow>();
    // Those that carry their condition first: they keep it against older ones matched by text.
    const ordered = [
      ...active.filter((a) => a.condition !== null),
      ...active.filter((a) => a.condition === null),
    ];
    for (const { alert, condition: stored } of ordered) {
      const condition = stored ?? this.conditionOf(alert);
      if (condition === null && keepUnmatched) continue;
      if (condition === null || keep.has(condition)) {
        clear.push(alert.id);
        continue;
      }
      let now = judged.get(condition);
      if (now === undefined) judged.set(condition, (now = this.judge(condition)));
      if (now === 'false') clear.push(alert.id);
      else keep.set(condition, alert.id);
    }
    return { keep: [...keep].map(([condition, id]) => ({ id, condition })), clear };
  }

  /** The condition of an alert stored without one: by its binding, or its PV and text. */
  private conditionOf(alert: Alert): string | null {
    if (alert.source) return conditionOfBinding(alert.source);
    if (!alert.pvRef) return null;
    const key = pvKey(alert.pvRef);
    const input = this.plant.config(alert.pvRef)?.alertInputConfig;
    if (input && alert.text === (input.message || input.description)) return conditionOfInput(key);
    const limit = this.plant
      .limitConfigs(alert.pvRef)
      .find((l) => alert.text === (l.message || l.description));
    return limit ? conditionOfLimit(key, limit.pvLimitRef.limitType) : null;
  }

  /** Whether a condition holds now (see ConditionNow). */
  private judge(condition: string): ConditionNow {
    const bar = condition.indexOf('|');
    if (bar >= 0) return this.judgeLimit(condition.slice(0, bar), condition.slice(bar + 1));
    if (!condition.includes(':')) return this.judgeInput(condition);
    if (condition.startsWith('StationConnection:')) {
      const live = this.plant.stationLive(Number(condition.slice('StationConnection:'.length)));
      if (!live) return 'false';
      if (FAULT_DIAL_STATES.has(live.dialState)) return 'true';
      return CLEAR_DIAL_STATES.has(live.dialState) ? 'false' : 'unknown';
    }
    const binding = bindingOfKey(condition);
    const judge = binding && this.judges.get(binding.type);
    // A source that is not there any more cannot keep its alarm standing.
    return judge ? judge(binding) : 'false';
  }

  private judgeLimit(key: string, limitType: string): ConditionNow {
    const v = this.plant.valueByKey(key);
    if (!v) return 'unknown';
    const config = this.plant.config(v.pvRef);
    const limit = this.plant
      .limitConfigs(v.pvRef)
      .find((l) => l.pvLimitRef.limitType === limitType);
    // The limit was removed or switched off: nothing is crossed any more.
    if (!config || !limit || limit.notSet) return 'false';
    if (v.quality === 'Bad' || v.doubleValue === undefined) return 'unknown';
    return isInside(config, limit, v.doubleValue) ? 'false' : 'true';
  }

  private judgeInput(key: string): ConditionNow {
    const v = this.plant.valueByKey(key);
    if (!v) return 'unknown';
    if (!this.plant.config(v.pvRef)?.alertInputConfig) return 'false';
    if (v.quality === 'Bad' || v.failureStateValue === undefined) return 'unknown';
    return v.failureStateValue ? 'true' : 'false';
  }

  private resume(kept: readonly { id: number; condition: string }[]): void {
    for (const { id, condition } of kept) {
      if (condition.includes('|')) this.limits.set(condition, { since: null, alertId: id });
      else this.raised.set(condition, id);
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
        state.alertId = this.raiseOnce(limitAlert(config, limit, now, key));
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
    for (const limit of limits) {
      if (limit.notSet) continue;
      const id = conditionOfLimit(key, limit.pvLimitRef.limitType);
      let state = this.limits.get(id);
      const upper = isUpper(limit.pvLimitRef.limitType);
      const crossed = upper ? value > limit.limit : value < limit.limit;
      if (state?.alertId != null) {
        if (isInside(config, limit, value)) {
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
        state.alertId = this.raiseOnce(limitAlert(config, limit, now, id));
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
      const id = this.raiseOnce({
        timestamp: now,
        pvRef: v.pvRef,
        source: null,
        stationNumber: config.stationNumber,
        stationName: config.stationName,
        sourceName: config.name,
        text: input.message || input.description,
        priority: input.priority,
        condition: conditionOfInput(key),
      });
      this.raised.set(key, id);
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

  /**
   * Raises an alert for a non-PV source once (until cleared); an active alert of the binding
   * from before (a restart) is continued, not raised again.
   */
  raiseExternal(
    binding: AlertStateBinding,
    what: Pick<NewAlert, 'stationNumber' | 'stationName' | 'sourceName' | 'text' | 'priority'>,
  ): void {
    const key = conditionOfBinding(binding);
    if (this.raised.has(key)) return;
    const id = this.raiseOnce({
      ...what,
      timestamp: this.now(),
      pvRef: null,
      source: binding,
      condition: key,
    });
    this.raised.set(key, id);
  }

  /** The source's condition ended: its alert returns to normal, also one from before a restart. */
  clearExternal(binding: AlertStateBinding): void {
    const key = conditionOfBinding(binding);
    const id = this.raised.get(key) ?? this.sink.activeFor(key)?.id;
    if (id === undefined) return;
    this.sink.clear(id, this.now());
    this.raised.delete(key);
  }
}

/**
 * Whether `value` is back inside `limit` by the hysteresis band, where the limit's alert
 * returns to normal.
 */
function isInside(config: PvConfig, limit: PvLimitConfig, value: number): boolean {
  const span = config.domainConfig ? config.domainConfig.max - config.domainConfig.min : 0;
  const band = LIMIT_HYSTERESIS_FRACTION * (span > 0 ? span : Math.max(Math.abs(limit.limit), 1));
  return isUpper(limit.pvLimitRef.limitType)
    ? value <= limit.limit - band
    : value >= limit.limit + band;
}

/** The binding a binding key stands for (`alertBindingKey` read back); null when none. */
function bindingOfKey(key: string): AlertStateBinding | null {
  const [type = '', ...rest] = key.split(':');
  const n = (s: string | undefined) => (s !== undefined && /^-?\d+$/.test(s) ? Number(s) : NaN);
  let binding: AlertStateBinding;
  if (type === 'Device')
    binding = { type, stationNumber: n(rest[0]), deviceType: rest.slice(1).join(':') };
  else if (type === 'StationConnection') binding = { type, stationNumber: n(rest[0]) };
  else if (type === 'StationLineConnection')
    binding = { type, stationNumber: n(rest[0]), lineType: rest[1] ?? '', offset: n(rest[2]) };
  else if (type === 'PipeLeakage' || type === 'AlertLink') binding = { type, id: n(rest[0]) };
  else return null;
  return alertBindingKey(binding) === key ? binding : null;
}

/**
 * The alert of a PV's limit crossed at `now` (the raiser's with its condition, and the alarm
 * flood's, which raises the same limit many times and so stands for no condition).
 */
export function limitAlert(
  config: PvConfig,
  limit: PvLimitConfig,
  now: number,
  condition: string | null = null,
): NewAlert {
  return {
    timestamp: now,
    pvRef: config.pvRef,
    source: null,
    stationNumber: config.stationNumber,
    stationName: config.stationName,
    sourceName: config.name,
    text: limit.message || limit.description,
    priority: limit.priority,
    condition,
  };
}
