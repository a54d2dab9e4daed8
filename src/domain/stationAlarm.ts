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
   * The priority of the one alarm the mark shows (SA1, as PA1 at the value): the most urgent
   * unacknowledged one (active or returned), otherwise the highest active one (acknowledged).
   */
  priority: number;
  /** The phase of that same alarm, never of another one. */
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

function phaseOf(alert: Alert): PvAlarmPhase {
  if (alert.state === 'acknowledged') return 'acknowledged';
  return alert.cleared ? 'returned' : 'unacknowledged';
}

/**
 * Whether alarm (priority `p`, phase `f`) is more urgent than (`q`, `g`), the order of PA1:
 * unacknowledged (active or returned) before acknowledged, then the most important priority,
 * then active before returned.
 */
function moreUrgent(p: number, f: PvAlarmPhase, q: number, g: PvAlarmPhase): boolean {
  const ackF = f === 'acknowledged';
  const ackG = g === 'acknowledged';
  if (ackF !== ackG) return ackG;
  if (p !== q) return p < q;
  return f !== 'returned' && g === 'returned';
}

/**
 * SA1: the alarm state of every station with a current alert, by `stationAlarmKey`. The mark
 * shows one alarm (issue 55): a priority-1 alarm acknowledged beside a priority-5 one pending
 * shows the priority-5 mark unacknowledged, not the priority-1 mark with its halo; the counts
 * and `highestActive` tell the rest. Alerts without a station are left out; a station with no
 * current alert has no entry.
 */
export function stationAlarmStates(alerts: Iterable<Alert>): Map<string, StationAlarmState> {
  const out = new Map<string, StationAlarmState>();
  for (const a of alerts) {
    // Current: unacknowledged or still active (isCurrentAlert of pvAlarm.ts, written out so
    // the engine loads this module alone, with the first lease).
    if (a.stationNumber === null || (a.state !== 'pending' && a.cleared)) continue;
    const key = stationAlarmKey(a.stationNumber);
    const phase = phaseOf(a);
    const s = out.get(key);
    if (!s) {
      out.set(key, {
        priority: a.priority,
        phase,
        highestActive: a.cleared ? null : a.priority,
        unacknowledged: a.state === 'pending' ? 1 : 0,
        active: a.cleared ? 0 : 1,
      });
      continue;
    }
    if (a.state === 'pending') s.unacknowledged++;
    if (!a.cleared) {
      s.active++;
      if (s.highestActive === null || a.priority < s.highestActive) s.highestActive = a.priority;
    }
    if (moreUrgent(a.priority, phase, s.priority, s.phase)) {
      s.priority = a.priority;
      s.phase = phase;
    }
  }
  return out;
}
