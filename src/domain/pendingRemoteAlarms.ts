/**
 * The count of remote alarms waiting for confirmation (the header's mark, the navigation's
 * badge, the rows above the current alert list), derived in the engine from every plan's
 * `toConfirm` and `toConfirmPriority` (workers/PendingPlanCount.ts) and sent to a tab as one
 * live item (`pendingRemoteAlarms`): a tab holds the count, not the plant's plans.
 */
import { planKey, type AlarmPlan } from '../contract/remoteAlert.ts';

export interface PendingRemoteAlarms {
  /** Alarms waiting, summed over the plans. */
  count: number;
  /** Plans with alarms waiting. */
  plans: number;
  /** The most important priority among them; null when none waits. */
  priority: number | null;
}

/** The one key of the `pendingRemoteAlarms` item. */
export const PENDING_REMOTE_ALARMS_KEY = 'all';

export const NO_PENDING_REMOTE_ALARMS: PendingRemoteAlarms = { count: 0, plans: 0, priority: null };

/** What the count needs of a listed plan. */
export interface ListedPending {
  key: string;
  toConfirm: number;
  priority: number | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The plan list (GET alarmplans) reduced to what the count needs; an entry without a plan
 * reference is left out, a missing or malformed count reads as none waiting.
 */
export function listedPending(plans: readonly unknown[]): ListedPending[] {
  const listed: ListedPending[] = [];
  for (const p of plans) {
    if (!isObject(p) || !isObject(p.station) || typeof p.planNumber !== 'number') continue;
    if (typeof p.station.stationNumber !== 'number') continue;
    const plan = p as unknown as AlarmPlan;
    listed.push({
      key: planKey(plan),
      toConfirm: typeof plan.toConfirm === 'number' && plan.toConfirm > 0 ? plan.toConfirm : 0,
      priority: typeof plan.toConfirmPriority === 'number' ? plan.toConfirmPriority : null,
    });
  }
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
  return count === 0 ? NO_PENDING_REMOTE_ALARMS : { count, plans, priority };
}

/** Whether two counts say the same. */
export function samePending(a: PendingRemoteAlarms, b: PendingRemoteAlarms): boolean {
  return a.count === b.count && a.plans === b.plans && a.priority === b.priority;
}
