/**
 * Alarm plans kept current (SPEC §7 GET alarmplans, then `newPlanInfo`): the list comes by
 * REST once, each plan then from the engine's leased `plan` topic, so a switch made in
 * another tab or by another user shows at once. `stationNumber` narrows it to one station;
 * every plan stays leased all the same, so a caller whose station changes (the alert list's
 * on-call line follows the focused alert) takes the new station's plans from what is held,
 * without releasing and leasing plans (and a frame from the engine) with every change
 * (`followsFocus`). A view of one station for good (the station page) keeps and leases that
 * station's plans only: a plant of 500 stations lists 1,000 plans with their recipients,
 * about 0.8 MB of the tab's heap with their leases (bench/README.md "JS heap per tab").
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

/**
 * The live plans of `stationNumber`, or of every station without one. `followsFocus`: the
 * station changes as the operator moves on (the alert list), so every plan is held and leased.
 */
export function useLivePlans(stationNumber?: number, followsFocus = false): LivePlans {
  const whole = stationNumber === undefined || followsFocus;
  const [loaded, retry] = usePageQuery(
    whole ? pageKeys.remotePlans : [...pageKeys.remotePlans, 'station', stationNumber],
    whole
      ? (signal) => fetchPlans(signal)
      : (signal) =>
          fetchPlans(signal).then((all) =>
            all.filter((p) => p.station.stationNumber === stationNumber),
          ),
  );
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
