/**
 * Remote alarms waiting for confirmation, live in every tab (issue "One truth on every
 * screen" item 4): the plan list comes by REST once per tab, each plan then from the engine's
 * leased `plan` topic, whose `toConfirm` and `toConfirmPriority` the server pushes with
 * `newPlanInfo` whenever an alarm starts or stops waiting. The header, the navigation and
 * the current alert list read it.
 *
 * One count per tab, whoever reads it (`PendingPlans`): the plans are leased once, not once
 * per reader, and of the listed plans only their keys and the two fields the count needs are
 * kept. A plant of 500 stations lists 1,000 plans with their recipients: each tab held that
 * list whole and leased every plan twice (header and navigation), about 0.9 MB of every
 * tab's heap for one number (bench/README.md "JS heap per tab").
 */
import { useSyncExternalStore } from 'react';
import { getJson } from '../../../api/http.ts';
import { planKey, REMOTE_ALERT_API, type AlarmPlan } from '../../../contract/remoteAlert.ts';
import type { LiveClient } from '../../../live/LiveClient.ts';
import { useLiveClient } from '../../../live/LiveContext.ts';
import { watchLiveItems } from '../../../live/useLiveItems.ts';

export interface PendingRemoteAlarms {
  /** Alarms waiting, summed over the plans. */
  count: number;
  /** Plans with alarms waiting. */
  plans: number;
  /** The most important priority among them; null when none waits. */
  priority: number | null;
}

/** What the count needs of a listed plan. */
export interface ListedPending {
  key: string;
  toConfirm: number;
  priority: number | null;
}

const NONE: PendingRemoteAlarms = { count: 0, plans: 0, priority: null };

/** The listed plans reduced to what the count needs (the list itself is not kept). */
export function listedPending(plans: readonly AlarmPlan[]): ListedPending[] {
  return plans.map((p) => ({
    key: planKey(p),
    toConfirm: p.toConfirm ?? 0,
    priority: p.toConfirmPriority ?? null,
  }));
}

/** One read of the plan list per tab, shared by every reader. */
let listed: Promise<ListedPending[]> | null = null;

function readList(): Promise<ListedPending[]> {
  listed ??= getJson<AlarmPlan[]>(REMOTE_ALERT_API.plans).then(listedPending, (error: unknown) => {
    listed = null;
    throw error;
  });
  return listed;
}

/** The count over the listed plans, each as the engine has it now or else as listed. */
export function pendingOf(
  list: readonly ListedPending[],
  live: (key: string) => AlarmPlan | null | undefined,
): PendingRemoteAlarms {
  let count = 0;
  let plans = 0;
  let priority: number | null = null;
  for (const p of list) {
    const item = live(p.key);
    const n = item ? (item.toConfirm ?? 0) : p.toConfirm;
    if (n <= 0) continue;
    count += n;
    plans++;
    const pr = item ? (item.toConfirmPriority ?? null) : p.priority;
    if (pr !== null && (priority === null || pr < priority)) priority = pr;
  }
  return count === 0 ? NONE : { count, plans, priority };
}

/**
 * The tab's count: the plans are leased while anyone reads it and released with the last
 * reader; the count keeps its identity until it changes.
 */
export class PendingPlans {
  private list: readonly ListedPending[] = [];
  private value = NONE;
  private readonly listeners = new Set<() => void>();
  private release: (() => void) | null = null;
  private started = 0;

  constructor(
    private readonly client: LiveClient,
    private readonly read: () => Promise<ListedPending[]> = readList,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  getSnapshot = (): PendingRemoteAlarms => this.value;

  private start() {
    const run = ++this.started;
    this.read().then(
      (list) => {
        if (run !== this.started || this.listeners.size === 0) return;
        this.list = list;
        this.release = watchLiveItems(
          this.client,
          'plan',
          list.map((p) => p.key),
          this.update,
        );
        this.update();
      },
      () => undefined,
    );
  }

  private stop() {
    this.started++;
    this.release?.();
    this.release = null;
  }

  private readonly update = () => {
    const next = pendingOf(this.list, (key) => this.client.store.getItem('plan', key));
    const held = this.value;
    if (next.count === held.count && next.plans === held.plans && next.priority === held.priority)
      return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  };
}

const perClient = new WeakMap<LiveClient, PendingPlans>();

export function usePendingRemoteAlarms(): PendingRemoteAlarms {
  const client = useLiveClient();
  let model = perClient.get(client);
  if (!model) perClient.set(client, (model = new PendingPlans(client)));
  return useSyncExternalStore(model.subscribe, model.getSnapshot);
}
