/**
 * The alarm state of a station (ISA-101 level 1: which station is in trouble and how badly),
 * shown wherever a station appears. Derived from the current alerts like a PV's alarm state
 * (`pvAlarm.ts`): every alert of the station counts, whether a PV, its connection, an alarm
 * line or a device raised it. Priority 0 is the most important (SPEC §9: 0 to 9).
 */
import type { Alert } from '../contract/alerts.ts';
import type { PvAlarmPhase } from './pvAlarm.ts';

export interface StationAlarmState {
  /**
   * The priority the mark shows: the most important active one; with none active, the most
   * important of the alarms that returned but wait for acknowledgement.
   */
  priority: number;
  /** Unacknowledged while an active alarm waits; acknowledged; returned when none is active. */
  phase: PvAlarmPhase;
  /** The most important priority among the active alarms; null when none is active. */
  highestActive: number | null;
  /** Current alerts not yet acknowledged (active or returned). */
  unacknowledged: number;
  /** Alerts whose condition is still there (acknowledged or not). */
  active: number;
}

/** The live key of a station's alarm state: its number. */
export const stationAlarmKey = (stationNumber: number) => String(stationNumber);

/**
 * SA1: the alarm state of every station with a current alert, by `stationAlarmKey`. Alerts
 * without a station are left out; a station with no current alert has no entry.
 */
export function stationAlarmStates(alerts: Iterable<Alert>): Map<string, StationAlarmState> {
  const out = new Map<string, StationAlarmState>();
  for (const a of alerts) {
    // Current: unacknowledged or still active (isCurrentAlert of pvAlarm.ts, written out so
    // the engine loads this module alone, with the first lease).
    if (a.stationNumber === null || (a.state !== 'pending' && a.cleared)) continue;
    const key = stationAlarmKey(a.stationNumber);
    let s = out.get(key);
    if (!s)
      out.set(
        key,
        (s = { priority: 9, phase: 'returned', highestActive: null, unacknowledged: 0, active: 0 }),
      );
    const pending = a.state === 'pending';
    if (pending) s.unacknowledged++;
    if (a.cleared) {
      // A returned alarm shows only while no alarm of the station is active.
      if (s.highestActive === null) s.priority = Math.min(s.priority, a.priority);
      continue;
    }
    s.active++;
    if (s.highestActive === null || a.priority < s.highestActive)
      s.priority = s.highestActive = a.priority;
    if (pending) s.phase = 'unacknowledged';
    else if (s.phase === 'returned') s.phase = 'acknowledged';
  }
  return out;
}
