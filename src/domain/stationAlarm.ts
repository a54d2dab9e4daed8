/**
 * The alarm state of a station (ISA-101 level 1: which station is in trouble and how badly),
 * shown wherever a station appears. Derived from the current alerts like a PV's alarm state
 * (`pvAlarm.ts`): every alert of the station counts, whether a PV, its connection, an alarm
 * line or a device raised it. Priority 0 is the most important (SPEC §9: 0 to 9).
 */
import type { Alert } from '../contract/alerts.ts';
import { isCurrentAlert, type PvAlarmPhase } from './pvAlarm.ts';

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
  const tally = new Map<
    string,
    {
      highestActive: number | null;
      returned: number;
      unack: number;
      active: number;
      activeUnack: number;
    }
  >();
  for (const alert of alerts) {
    if (alert.stationNumber === null || !isCurrentAlert(alert)) continue;
    const key = stationAlarmKey(alert.stationNumber);
    let t = tally.get(key);
    if (!t) {
      t = { highestActive: null, returned: Infinity, unack: 0, active: 0, activeUnack: 0 };
      tally.set(key, t);
    }
    const pending = alert.state === 'pending';
    if (pending) t.unack++;
    if (alert.cleared) {
      t.returned = Math.min(t.returned, alert.priority);
      continue;
    }
    t.active++;
    if (pending) t.activeUnack++;
    if (t.highestActive === null || alert.priority < t.highestActive)
      t.highestActive = alert.priority;
  }
  const out = new Map<string, StationAlarmState>();
  for (const [key, t] of tally) {
    out.set(key, {
      priority: t.highestActive ?? t.returned,
      phase:
        t.highestActive === null
          ? 'returned'
          : t.activeUnack > 0
            ? 'unacknowledged'
            : 'acknowledged',
      highestActive: t.highestActive,
      unacknowledged: t.unack,
      active: t.active,
    });
  }
  return out;
}

export function sameStationAlarm(
  a: StationAlarmState | null,
  b: StationAlarmState | null,
): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.priority === b.priority &&
    a.phase === b.phase &&
    a.highestActive === b.highestActive &&
    a.unacknowledged === b.unacknowledged &&
    a.active === b.active
  );
}
