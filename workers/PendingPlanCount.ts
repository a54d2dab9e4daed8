/**
 * The count of remote alarms waiting for confirmation (`pendingRemoteAlarms`, workers/SPEC.md
 * RP1-RP4), derived here from every plan of the plant: the plan list (GET alarmplans) says which
 * plans there are and what waited when it was read; each plan is then leased on the pv hub
 * (`newPlanInfo` pushes its `toConfirm` and `toConfirmPriority` whenever an alarm starts or
 * stops waiting) and the count follows. A tab leases the one item, not the plans: 1,000 plans
 * with their recipients were 0.7 MB of every tab's heap, and 1,000 leases in each
 * (bench/README.md "JS heap per tab").
 *
 * The plans are leased under the engine's own holder (`PLAN_COUNT_HOLDER`) in the same
 * registry as the tabs' plan leases (the on-call lines): a plan both lease is subscribed once
 * and stays subscribed while either holds it.
 */
import type { AlarmPlan } from '../src/contract/remoteAlert.ts';
import {
  pendingOf,
  samePending,
  type ListedPending,
  type PendingRemoteAlarms,
} from '../src/domain/pendingRemoteAlarms.ts';
import type { TimerHandle, Timers } from '../src/domain/timers.ts';
import { ALARM_DERIVE_MS } from './alerts/DerivedAlarms.ts';

/** The lease holder of the plans the count leases (never a tab id: those are UUIDs). */
export const PLAN_COUNT_HOLDER = '#pendingRemoteAlarms';

/** A list that could not be read is read again after this while a tab holds the count. */
export const PLAN_LIST_RETRY_MS = 15_000;

export interface PendingPlanCountDeps {
  timers: Timers;
  /** The plant's plans as listed now, reduced to what the count needs. */
  readList(): Promise<ListedPending[]>;
  /** Leases plans for the count, beside any tab's lease of the same plan. */
  leasePlans(keys: readonly string[]): void;
  releasePlans(keys: readonly string[]): void;
  /** A leased plan as the engine holds it (undefined until the server pushed it). */
  plan(key: string): AlarmPlan | null | undefined;
  /** Whether the pv hub's channel is connected now. */
  connected(): boolean;
  /** Sets the count's item. */
  put(count: PendingRemoteAlarms): void;
  /** The list could not be read; `noCount`: there is no count yet, its tabs are told why. */
  failed(error: unknown, noCount: boolean): void;
}

export class PendingPlanCount {
  private leased = false;
  /** Leased while the pv channel was not connected: its first connect is no reconnect. */
  private beforeFirstConnect = false;
  /** The plans as last listed; null until a read answered. */
  private list: readonly ListedPending[] | null = null;
  /** The plans the count leases now. */
  private keys: ReadonlySet<string> = new Set();
  /** Bumped by every read and by the release: an answer of an older read is dropped. */
  private run = 0;
  private reading = false;
  private value: PendingRemoteAlarms | null = null;
  private deriveTimer: TimerHandle | null = null;
  private retryTimer: TimerHandle | null = null;

  constructor(private readonly deps: PendingPlanCountDeps) {}

  /** The first tab leased the count: read the list, lease its plans. */
  leaseAdded(): void {
    this.leased = true;
    this.beforeFirstConnect = !this.deps.connected();
    this.read();
  }

  /** Another tab leased the count: a list that could not be read is read now. */
  tabLeased(): void {
    if (this.leased && this.list === null && !this.reading) this.read();
  }

  /**
   * The pv channel is (back) up. After a reconnect (a server restart) the plans may be others:
   * the list is read again. Its first connect after the lease follows the read just made.
   */
  channelRestored(): void {
    if (!this.leased) return;
    const first = this.beforeFirstConnect;
    this.beforeFirstConnect = false;
    if (!first || (this.list === null && !this.reading)) this.read();
  }

  /** The last tab released the count: the plans go (but those a tab still leases). */
  leaseRemoved(): void {
    this.leased = false;
    this.run++;
    this.reading = false;
    this.clearTimers();
    const keys = [...this.keys];
    this.keys = new Set();
    this.list = null;
    this.value = null;
    if (keys.length) this.deps.releasePlans(keys);
  }

  /** A plan's item changed in the engine: the count follows (once per burst, 50 ms). */
  planChanged(key: string): void {
    if (!this.keys.has(key) || this.deriveTimer !== null) return;
    this.deriveTimer = this.deps.timers.setTimeout(() => {
      this.deriveTimer = null;
      this.derive();
    }, ALARM_DERIVE_MS);
  }

  /** The plans it leases (tests, diagnostics). */
  leasedPlans(): readonly string[] {
    return [...this.keys];
  }

  private read(): void {
    const run = ++this.run;
    this.reading = true;
    if (this.retryTimer !== null) this.deps.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.deps.readList().then(
      (list) => {
        if (run !== this.run) return;
        this.reading = false;
        this.listed(list);
      },
      (error: unknown) => {
        if (run !== this.run) return;
        this.reading = false;
        // A list read before stays, with its plans live; without one, read again later.
        this.deps.failed(error, this.list === null);
        if (this.list === null)
          this.retryTimer = this.deps.timers.setTimeout(() => {
            this.retryTimer = null;
            if (this.leased && this.list === null && !this.reading) this.read();
          }, PLAN_LIST_RETRY_MS);
      },
    );
  }

  private listed(list: readonly ListedPending[]): void {
    const next = new Set(list.map((p) => p.key));
    const gone = [...this.keys].filter((key) => !next.has(key));
    const added = [...next].filter((key) => !this.keys.has(key));
    this.list = list;
    this.keys = next;
    if (gone.length) this.deps.releasePlans(gone);
    if (added.length) this.deps.leasePlans(added);
    this.derive();
  }

  private derive(): void {
    if (!this.leased || this.list === null) return;
    const next = pendingOf(this.list, (key) => this.deps.plan(key));
    if (this.value !== null && samePending(this.value, next)) return;
    this.value = next;
    this.deps.put(next);
  }

  private clearTimers(): void {
    if (this.deriveTimer !== null) this.deps.timers.clearTimeout(this.deriveTimer);
    if (this.retryTimer !== null) this.deps.timers.clearTimeout(this.retryTimer);
    this.deriveTimer = null;
    this.retryTimer = null;
  }
}
