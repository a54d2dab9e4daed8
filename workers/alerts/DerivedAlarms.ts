/**
 * Topics derived from the alert feed's current list (workers/topics/pvAlarmTopic.ts,
 * stationAlarmTopic.ts): the alarm state of each leased PV or station, derived again whenever
 * the list changes. Leasing one keeps the current list in use, as the alarm banner does.
 */
import type { Alert } from '../../src/contract/alerts.ts';
import type { TimerHandle, Timers } from '../../src/domain/timers.ts';

/** Changes of the current list within this window are derived once (an alarm flood). */
export const ALARM_DERIVE_MS = 50;

export interface DerivedAlarmsDeps<T> {
  timers: Timers;
  /** The current alerts, or null while they are not yet loaded. */
  currentAlerts(): Iterable<Alert> | null;
  /** Keeps the feed's current list loaded; returns its release. */
  retainCurrent(): () => void;
  /** The state of every key in alarm. */
  derive(alerts: Iterable<Alert>): Map<string, T>;
  /** Sets the item of a leased key (null = no alarm). */
  put(key: string, state: T | null): void;
  /** Whether two states are the same; by default every field is (flat states). */
  same?(a: T | null, b: T | null): boolean;
}

/** Two states of flat fields (numbers, strings) are the same when every field is. */
function sameFields<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  for (const k in a) if (a[k] !== b[k]) return false;
  return true;
}

export class DerivedAlarms<T extends object> {
  private readonly leased = new Set<string>();
  private index = new Map<string, T>();
  private loaded = false;
  private releaseCurrent: (() => void) | null = null;
  private timer: TimerHandle | null = null;

  constructor(private readonly deps: DerivedAlarmsDeps<T>) {}

  leaseAdded(key: string): void {
    this.leased.add(key);
    this.releaseCurrent ??= this.deps.retainCurrent();
    if (this.loaded) this.deps.put(key, this.index.get(key) ?? null);
    else this.currentChanged();
  }

  leaseRemoved(key: string): void {
    this.leased.delete(key);
    if (this.leased.size === 0 && this.releaseCurrent) {
      this.releaseCurrent();
      this.releaseCurrent = null;
      this.loaded = false;
      this.index = new Map();
      if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /** The current list changed: derive once the burst is over (at most every 50 ms). */
  currentChanged(): void {
    if (this.leased.size === 0 || this.timer !== null) return;
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.derive();
    }, ALARM_DERIVE_MS);
  }

  /** Hands on the leased keys whose state changed. */
  private derive(): void {
    if (this.leased.size === 0) return;
    const alerts = this.deps.currentAlerts();
    if (alerts === null) return;
    const next = this.deps.derive(alerts);
    const first = !this.loaded;
    this.loaded = true;
    for (const key of this.leased) {
      const before = this.index.get(key) ?? null;
      const after = next.get(key) ?? null;
      if (first || !(this.deps.same ?? sameFields)(before, after)) this.deps.put(key, after);
    }
    this.index = next;
  }
}
