/**
 * Alarm plans kept current (SPEC §7 GET alarmplans, then `newPlanInfo`): the list comes by
 * REST once, each plan then from the engine's leased `plan` topic, so a switch made in
 * another tab or by another user shows at once. `stationNumber` narrows it to one station;
 * every plan stays leased all the same, so a caller whose station changes (the alert list's
 * on-call line follows the focused alert) takes the new station's plans from what is held,
 * without releasing and leasing plans (and a frame from the engine) with every change. The
 * header's pending count leases the same plans in every tab.
 */
import { useMemo } from 'react';
import { planKey, type AlarmPlan } from '../../../contract/remoteAlert.ts';
import { useLiveItems } from '../../../live/useLiveItems.ts';
import { usePageQuery, type PageState } from '../pageData.ts';
import { pageKeys } from '../pageKeys.ts';
import { fetchPlans } from './remoteAlarmApi.ts';

export interface LivePlans {
  status: PageState<unknown>['state'];
  plans: AlarmPlan[];
  retry: () => void;
}

const NONE: AlarmPlan[] = [];

export function useLivePlans(stationNumber?: number): LivePlans {
  const [loaded, retry] = usePageQuery(pageKeys.remotePlans, (signal) => fetchPlans(signal));
  const listed = loaded.state === 'ready' ? loaded.data : NONE;
  const keys = useMemo(() => listed.map(planKey), [listed]);
  const live = useLiveItems('plan', keys);
  const plans = useMemo(() => {
    const all = listed.map((p, i) => live[i] ?? p);
    return stationNumber === undefined
      ? all
      : all.filter((p) => p.station.stationNumber === stationNumber);
  }, [listed, live, stationNumber]);
  return { status: loaded.state, plans, retry };
}
