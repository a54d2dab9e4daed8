/**
 * A dial-up station is overdue when it has not called in for longer than its call-in interval
 * (Station.callInIntervalMinutes): its data are older than the plant promises, and an
 * operator should dial it. A connected station is never overdue, nor a station on a permanent
 * line or one without an interval.
 */
import type { DialState } from '../contract/enums.ts';
import type { Station } from '../contract/station.ts';

type Interval = Pick<Station, 'dialUp' | 'callInIntervalMinutes'>;
interface Line {
  dialState?: DialState | undefined;
  lastConnection: number | null;
}

/** When the station turns overdue without a new call (epoch ms); null: it cannot. */
export function overdueAt(station: Interval, live: Line | undefined): number | null {
  const minutes = station.callInIntervalMinutes;
  if (!station.dialUp || !minutes || minutes <= 0 || !live) return null;
  if (live.dialState === 'Connected') return null;
  // Never called in since the server knows it: overdue from the start.
  return (live.lastConnection ?? -Infinity) + minutes * 60_000;
}

export function isOverdue(station: Interval, live: Line | undefined, now: number): boolean {
  const at = overdueAt(station, live);
  return at !== null && now > at;
}
