/**
 * Alarm plans kept current (SPEC §7 GET alarmplans, then `newPlanInfo`): the list comes by
 * REST once, each plan then from the engine's leased `plan` topic, so a switch made in
 * another tab or by another user shows at once. `stationNumber` narrows it to one station.
 */
import { useMemo } from 'react';
import { planKey, type AlarmPlan } from '../../contract/remoteAlert.ts';
import { useLiveItems } from '../../live/useLiveItems.ts';
import { useAsync, type AsyncState } from '../stations/useAsync.ts';
import { fetchPlans } from './remoteAlarmApi.ts';

export interface LivePlans {
  status: AsyncState<unknown>['state'];
  plans: AlarmPlan[];
  retry: () => void;
}

const NONE: AlarmPlan[] = [];

export function useLivePlans(stationNumber?: number): LivePlans {
  const [loaded, retry] = useAsync((signal) => fetchPlans(signal), []);
  const listed = useMemo(() => {
    if (loaded.state !== 'ready') return NONE;
    return stationNumber === undefined
      ? loaded.data
      : loaded.data.filter((p) => p.station.stationNumber === stationNumber);
  }, [loaded, stationNumber]);
  const keys = useMemo(() => listed.map(planKey), [listed]);
  const live = useLiveItems('plan', keys);
  const plans = useMemo(() => listed.map((p, i) => live[i] ?? p), [listed, live]);
  return { status: loaded.state, plans, retry };
}
