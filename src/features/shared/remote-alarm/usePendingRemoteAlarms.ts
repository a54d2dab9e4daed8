/**
 * Remote alarms waiting for confirmation, live in every tab (issue "One truth on every
 * screen" item 4): the plan list comes by REST once per tab, each plan then from the engine's
 * leased `plan` topic, whose `toConfirm` and `toConfirmPriority` the server pushes with
 * `newPlanInfo` whenever an alarm starts or stops waiting. The header, the navigation and
 * the current alert list read it.
 */
import { useEffect, useMemo, useState } from 'react';
import { getJson } from '../../../api/http.ts';
import { planKey, REMOTE_ALERT_API, type AlarmPlan } from '../../../contract/remoteAlert.ts';
import { useLiveItems } from '../../../live/useLiveItems.ts';

export interface PendingRemoteAlarms {
  /** Alarms waiting, summed over the plans. */
  count: number;
  /** Plans with alarms waiting. */
  plans: number;
  /** The most important priority among them; null when none waits. */
  priority: number | null;
}

/** One read of the plan list per tab, shared by the header and the navigation. */
let listed: Promise<AlarmPlan[]> | null = null;

function usePlanList(): AlarmPlan[] {
  const [plans, setPlans] = useState<AlarmPlan[]>([]);
  useEffect(() => {
    let live = true;
    listed ??= getJson<AlarmPlan[]>(REMOTE_ALERT_API.plans).catch((error: unknown) => {
      listed = null;
      throw error;
    });
    listed.then(
      (list) => live && setPlans(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return plans;
}

export function usePendingRemoteAlarms(): PendingRemoteAlarms {
  const list = usePlanList();
  const keys = useMemo(() => list.map(planKey), [list]);
  const live = useLiveItems('plan', keys);
  return useMemo(() => {
    let count = 0;
    let plans = 0;
    let priority: number | null = null;
    list.forEach((listedPlan, i) => {
      const p = live[i] ?? listedPlan;
      const n = p.toConfirm ?? 0;
      if (n <= 0) return;
      count += n;
      plans++;
      const pr = p.toConfirmPriority ?? null;
      if (pr !== null && (priority === null || pr < priority)) priority = pr;
    });
    return { count, plans, priority };
  }, [list, live]);
}
