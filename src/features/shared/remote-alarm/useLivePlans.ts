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
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { planKey, type AlarmPlan } from '../../../contract/remoteAlert.ts';
import { useLiveClient } from '../../../live/LiveContext.ts';
import { useLiveItems, watchLiveItems } from '../../../live/useLiveItems.ts';
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
  const { loaded, listed, keys, retry } = usePlanList(stationNumber, followsFocus);
  const live = useLiveItems('plan', keys);
  const plans = useMemo(
    () => livePlansOf(listed, (i) => live[i], stationNumber),
    [listed, live, stationNumber],
  );
  return { status: loaded.state, plans, retry };
}

/**
 * What `select` takes of the live plans of `stationNumber` (as useLivePlans has them), and a
 * render only when that changes (`same`): a plan's item changes with each remote alarm it
 * sends (its count to confirm), which a view of who is on call does not show. Every change
 * of the plans is selected again off React (useSyncExternalStore), none renders by itself.
 */
export function useLivePlansSelected<T>(
  stationNumber: number,
  followsFocus: boolean,
  select: (plans: readonly AlarmPlan[]) => T,
  same: (a: T, b: T) => boolean,
): { status: LivePlans['status']; selected: T } {
  const client = useLiveClient();
  const { loaded, listed, keys } = usePlanList(stationNumber, followsFocus);
  const subscribe = useCallback(
    (changed: () => void) => watchLiveItems(client, 'plan', keys, changed),
    [client, keys],
  );
  const held = useRef<{ selected: T } | null>(null);
  const read = () => {
    const plans = livePlansOf(listed, (i) => client.store.getItem('plan', keys[i]!), stationNumber);
    const next = select(plans);
    if (held.current && same(held.current.selected, next)) return held.current.selected;
    held.current = { selected: next };
    return next;
  };
  const selected = useSyncExternalStore(subscribe, read);
  return { status: loaded.state, selected };
}

/** Each listed plan as its live item has it (the list's own until one came), of `stationNumber` only when given. */
function livePlansOf(
  listed: readonly AlarmPlan[],
  liveAt: (i: number) => AlarmPlan | null | undefined,
  stationNumber: number | undefined,
): AlarmPlan[] {
  const all = listed.map((p, i) => liveAt(i) ?? p);
  return stationNumber === undefined
    ? all
    : all.filter((p) => p.station.stationNumber === stationNumber);
}

/** The plan list (REST, once) of `stationNumber`, or of every station, and their item keys. */
function usePlanList(stationNumber: number | undefined, followsFocus: boolean) {
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
  return { loaded, listed, keys, retry };
}
