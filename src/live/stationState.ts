/**
 * When a station's live data wakes the views of its state (workers/SPEC.md FR8, TB10): a
 * connected station's time stamp is new each second, and a view of its state alone
 * (`useStationState`) must not render for it.
 */
import type { DialCounters, StationLiveData } from '../contract/station.ts';

/** Whether two of a station's live data differ at most in their time stamp. */
export function sameStationState(a: StationLiveData, b: StationLiveData): boolean {
  return (
    a.dialState === b.dialState &&
    a.name === b.name &&
    a.lastConnection === b.lastConnection &&
    sameCounters(a.dialCounters, b.dialCounters)
  );
}

function sameCounters(a: DialCounters | null, b: DialCounters | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.mobileNetworkStandard === b.mobileNetworkStandard &&
    a.dayCounter === b.dayCounter &&
    a.monthCounter === b.monthCounter &&
    a.yearCounter === b.yearCounter
  );
}
