/**
 * The alerts of the reference server: the archive, the raiser fed by the plant, the event
 * archives, and publishing on the alert hub. `buildServer` creates one and registers routes.
 */
import type {
  AckedAlert,
  Alert,
  AlertStateMessage,
  AlertStateBinding,
} from '../../src/contract/alerts.ts';
import { alertBindingKey } from '../../src/contract/alerts.ts';
import type { AlertHubHandle } from '../hubs/alertHub.ts';
import type { Plant } from '../plant/types.ts';
import type { Db } from '../store/db.ts';
import { AlertArchive, type NewAlert } from './AlertArchive.ts';
import { AlertRaiser } from './AlertRaiser.ts';
import { seedAlertArchive } from './alertSeed.ts';
import { seedHistory } from './historySeed.ts';
import { EventArchive } from './EventArchive.ts';
import { NO_FINDINGS, type HistoryFindings } from '../plant/incidents.ts';

/** How often crossings waiting out their delay are checked. */
export const RAISER_TICK_MS = 1000;
/** Pending alerts are pushed as one PV group per station (SPEC §7 newPendingAlerts). */
const NO_STATION_GROUP = 0;
/**
 * AL2: a station's current list goes out at most this often: the first change after a quiet
 * spell at once, later ones together at the end of the interval. Every change already goes
 * out as newAlert or ackAlert; a list per change resent the whole list with each tick of a
 * flood (500 alerts a second: 6 MB/s after 30 s, growing with the list, against 0.3 MB/s of
 * newAlert; every 2 s, 2.6 MB/s).
 */
export const PENDING_LISTS_INTERVAL_MS = 5_000;

export interface AlertServiceOptions {
  db: Db;
  now: () => number;
  plant: Plant;
  hub: AlertHubHandle | null;
  seedCount: number;
  /** Days of realistic history written on the first start (0: none). */
  historyDays?: number;
  /** What that history holds to find (incidents.ts); none when not given. */
  historyFindings?: HistoryFindings;
  /** Where the history ends (the archive's end, so both tell one story); now when not given. */
  historyAnchor?: number;
  seed?: number;
}

export class AlertService {
  readonly archive: AlertArchive;
  readonly events: EventArchive;
  readonly raiser: AlertRaiser;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Stations whose current list changed since it was last published (AL2). */
  private readonly pendingDirty = new Set<number>();
  private pendingTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingSentAt = -Infinity;
  private readonly raisedListeners: ((alert: Alert) => void)[] = [];
  /** The archive was empty at this start: what is in it the seeds wrote (none from before). */
  private readonly firstStart: boolean;

  constructor(private readonly options: AlertServiceOptions) {
    this.archive = new AlertArchive(options.db);
    this.firstStart = this.archive.count() === 0;
    this.events = new EventArchive(options.db, options.now);
    seedAlertArchive(this.archive, options.seedCount, options.now());
    seedHistory({
      plant: options.plant,
      alerts: this.archive,
      events: this.events,
      nowMs: options.now(),
      days: options.historyDays ?? 0,
      seed: options.seed ?? 1,
      findings: options.historyFindings ?? NO_FINDINGS,
      ...(options.historyAnchor !== undefined ? { anchorMs: options.historyAnchor } : {}),
    });
    this.raiser = new AlertRaiser(
      options.plant,
      {
        raise: (a) => this.raise(a),
        clear: (id, at) => this.clear(id, at),
        activeFor: (condition) => this.archive.activeFor(condition),
      },
      options.now,
    );
    options.hub?.setPendingAlertsSource(() => this.pendingByGroup());
    options.hub?.setAlertStateSource((key) => this.alertState(key));
  }

  /**
   * Reconciles the alerts still active from before (a restart, the history's standing alarm)
   * with the plant as it is now (README "Alarms across a restart"): the alert of a condition
   * still true, or not judgeable yet, is the raiser's again with its id and acknowledgement;
   * the others return to normal at the start time and are published so. Then listens.
   * Sources outside the plant's values (pipe leakage) say how to judge theirs before this.
   */
  start(): void {
    const { keep, clear } = this.raiser.reconcile(this.archive.active(), this.firstStart);
    const cleared = this.archive.reconcile(keep, clear, this.options.now());
    for (const alert of cleared) this.options.hub?.publishNewAlert(alert);
    this.publishChanged(cleared);
    this.raiser.start(keep);
    this.timer = setInterval(() => this.raiser.tick(), RAISER_TICK_MS);
    this.timer.unref?.();
  }

  stop(): void {
    this.raiser.stop();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.pendingTimer = null;
  }

  /** Called with every alert raised from now on (remote alarming sends it by plan). */
  onRaised(listener: (alert: Alert) => void): void {
    this.raisedListeners.push(listener);
  }

  /**
   * Stores and publishes an alert; an alert of a condition that has an active alert is not
   * raised again: that alert is the answer (one active alert per condition).
   */
  raise(a: NewAlert): Alert {
    const standing = a.condition ? this.archive.activeFor(a.condition) : undefined;
    return standing ?? this.raiseMany([a])[0] ?? this.archive.activeFor(a.condition!)!;
  }

  /**
   * Alerts raised together (an alarm flood, `alertFlood.ts`): one transaction, each published as
   * newAlert, the current list of each station touched published once, not once per alert.
   * Alerts of a condition that has an active alert are left out (and out of the answer).
   */
  raiseMany(list: readonly NewAlert[]): Alert[] {
    const raised = this.archive.insertBatch(list);
    for (const alert of raised) {
      for (const listener of this.raisedListeners) listener(alert);
      this.options.hub?.publishNewAlert(alert);
    }
    this.publishChanged(raised);
    return raised;
  }

  /** Many alerts return to normal at once; see raiseMany. */
  clearMany(ids: readonly number[], at: number): void {
    const cleared = this.archive.clearMany(ids, at);
    for (const alert of cleared) this.options.hub?.publishNewAlert(alert);
    this.publishChanged(cleared);
  }

  clear(id: number, at: number): void {
    const alert = this.archive.clear(id, at);
    if (!alert) return;
    // A cleared alert is sent again as newAlert: the stores replace it by id, and a live list
    // drops it when it is acknowledged too.
    this.options.hub?.publishNewAlert(alert);
    this.publishChanged([alert]);
  }

  acknowledge(ids: readonly number[] | 'all', user: string): AckedAlert[] {
    const at = this.options.now();
    const acked = ids === 'all' ? this.archive.ackAll(user, at) : this.archive.ack(ids, user, at);
    if (acked.length === 0) return acked;
    if (acked.length === 1) this.options.hub?.publishAckAlert(acked[0]!);
    else this.options.hub?.publishAckAlerts(acked);
    const stations = new Set<number | null>();
    for (const a of acked) {
      const alert = this.archive.get(a.id);
      if (!alert) continue;
      stations.add(alert.stationNumber);
      this.publishState(alert);
    }
    this.publishPendingOf(stations);
    return acked;
  }

  delete(ids: readonly number[]): number[] {
    const gone = ids.map((id) => this.archive.get(id)).filter((a): a is Alert => !!a);
    const deleted = this.archive.delete(ids);
    if (deleted.length > 0) {
      this.options.hub?.publishDeletedAlerts(deleted.map((id) => ({ id })));
      this.publishChanged(gone);
    }
    return deleted;
  }

  /**
   * FetchAllPendingAlerts and newPendingAlerts carry the current list, grouped per station:
   * unacknowledged or still active (AL1 of server/hubs/SPEC.md), so an acknowledged alarm
   * that is still active never drops out of a tab that (re)loads the list.
   */
  pendingByGroup(): { pvGroupId: number; alerts: Alert[] }[] {
    const groups = new Map<number, Alert[]>();
    for (const a of this.archive.current()) {
      const g = a.stationNumber ?? NO_STATION_GROUP;
      let list = groups.get(g);
      if (!list) groups.set(g, (list = []));
      list.push(a);
    }
    return [...groups].map(([pvGroupId, alerts]) => ({ pvGroupId, alerts }));
  }

  /** What follows a change of `alerts`: their stations' current lists, then their states. */
  private publishChanged(alerts: readonly Alert[]): void {
    this.publishPendingOf(alerts.map((a) => a.stationNumber));
    for (const alert of alerts) this.publishState(alert);
  }

  /**
   * The current list of each of `stations`, read once for all of them: at once after a
   * quiet spell, else with the others changed meanwhile at the end of the interval (AL2).
   */
  private publishPendingOf(stations: Iterable<number | null>): void {
    const hub = this.options.hub;
    if (!hub || !hub.pendingAlertsWatched()) return;
    for (const s of stations) this.pendingDirty.add(s ?? NO_STATION_GROUP);
    if (this.pendingDirty.size === 0 || this.pendingTimer) return;
    const wait = this.pendingSentAt + PENDING_LISTS_INTERVAL_MS - Date.now();
    if (wait <= 0) return this.flushPendingLists();
    this.pendingTimer = setTimeout(() => this.flushPendingLists(), wait);
    this.pendingTimer.unref?.();
  }

  private flushPendingLists(): void {
    this.pendingTimer = null;
    const hub = this.options.hub;
    const groups = [...this.pendingDirty];
    this.pendingDirty.clear();
    if (!hub || groups.length === 0) return;
    this.pendingSentAt = Date.now();
    const lists = new Map(this.pendingByGroup().map((g) => [g.pvGroupId, g.alerts]));
    for (const g of groups) hub.publishPendingAlerts(g, lists.get(g) ?? []);
  }

  /** The pending-alert state of a binding key now; undefined while nothing is pending. */
  alertState(key: string): AlertStateMessage | undefined {
    const pending = this.archive
      .pending()
      .filter((a) => a.source && alertBindingKey(a.source) === key);
    const binding = pending[0]?.source;
    if (!binding) return undefined;
    return {
      binding,
      pendingCount: pending.length,
      highestPriority: Math.min(...pending.map((a) => a.priority)),
    };
  }

  /** newAlertState for non-PV bindings (station connection, pipe leakage, …). */
  private publishState(alert: Alert): void {
    const hub = this.options.hub;
    if (!hub || !alert.source) return;
    const binding: AlertStateBinding = alert.source;
    const key = alertBindingKey(binding);
    const pending = this.archive
      .pending()
      .filter((a) => a.source && alertBindingKey(a.source) === key);
    const state: AlertStateMessage = {
      binding,
      pendingCount: pending.length,
      highestPriority: pending.length ? Math.min(...pending.map((a) => a.priority)) : null,
    };
    hub.publishAlertState(key, state);
  }
}
