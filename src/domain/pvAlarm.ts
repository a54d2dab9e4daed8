/**
 * The alarm state of a PV, shown at every place the PV's value is shown (DESIGN.md "Alarm
 * states", after ISA-18.2): derived from the current alerts, which hold every alert that is
 * unacknowledged or still active. Priority 0 is the most important (SPEC §9: 0 to 9).
 */
import type { Alert } from '../contract/alerts.ts';
import { pvKey } from '../contract/keys.ts';
import type { LimitType } from '../contract/enums.ts';
import type { PvLimitConfig } from '../contract/pv.ts';

/** SPEC §3 "PV limit config": the suffix code of each limit type (exports, reports). */
export const LIMIT_SUFFIX: Record<LimitType, string> = {
  Bottom: 'ugw',
  BottomMiddle: 'mugw',
  TopMiddle: 'mogw',
  Top: 'ogw',
};

/** The limits of one PV by type, as the limit-config topic holds them. */
export type PvLimitSet = Partial<Record<LimitType, PvLimitConfig>>;

/**
 * ISA-18.2 alarm states a value can be in (normal is no state):
 * - `unacknowledged`: active, not yet acknowledged;
 * - `acknowledged`: active, acknowledged;
 * - `returned`: back to normal, not yet acknowledged.
 */
export type PvAlarmPhase = 'unacknowledged' | 'acknowledged' | 'returned';

export interface PvAlarmState {
  phase: PvAlarmPhase;
  /** The most important priority among the PV's current alerts. */
  priority: number;
  /** Current alerts of the PV. */
  count: number;
  /** Text and time of the most important one (highest priority, then newest). */
  text: string;
  since: number;
}

/** Whether an alert belongs in the current list: unacknowledged or still active. */
export function isCurrentAlert(alert: Alert): boolean {
  return alert.state === 'pending' || !alert.cleared;
}

function phaseOf(alert: Alert): PvAlarmPhase {
  if (alert.state === 'acknowledged') return 'acknowledged';
  return alert.cleared ? 'returned' : 'unacknowledged';
}

/** An unacknowledged active alarm outranks an acknowledged one, which outranks a returned one. */
const PHASE_RANK: Record<PvAlarmPhase, number> = {
  unacknowledged: 0,
  acknowledged: 1,
  returned: 2,
};

/**
 * PA-S1: the alarm state of every PV with a current alert, by PV key. The phase is the most
 * urgent of its alerts' phases, the priority the most important, the text that of the most
 * important (newest on a tie).
 */
export function pvAlarmStates(alerts: Iterable<Alert>): Map<string, PvAlarmState> {
  const out = new Map<string, PvAlarmState>();
  for (const alert of alerts) {
    if (!alert.pvRef || !isCurrentAlert(alert)) continue;
    const key = pvKey(alert.pvRef);
    const phase = phaseOf(alert);
    const held = out.get(key);
    if (!held) {
      out.set(key, {
        phase,
        priority: alert.priority,
        count: 1,
        text: alert.text,
        since: alert.timestamp,
      });
      continue;
    }
    held.count++;
    if (PHASE_RANK[phase] < PHASE_RANK[held.phase]) held.phase = phase;
    if (
      alert.priority < held.priority ||
      (alert.priority === held.priority && alert.timestamp > held.since)
    ) {
      held.priority = alert.priority;
      held.text = alert.text;
      held.since = alert.timestamp;
    }
  }
  return out;
}

export function samePvAlarm(a: PvAlarmState | null, b: PvAlarmState | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.phase === b.phase &&
    a.priority === b.priority &&
    a.count === b.count &&
    a.text === b.text &&
    a.since === b.since
  );
}

/**
 * PA-S2: the part of an alarm text that says something beside the PV's own name: plant
 * messages repeat station and PV ("Wasserwerk Talaue: Füllstand Reinwasserbehälter zu
 * hoch"), which a row that already names both need not show again ("zu hoch").
 */
export function alarmShortText(text: string, stationName?: string, pvName?: string): string {
  let rest = text.trim();
  if (stationName && rest.startsWith(`${stationName}:`)) rest = rest.slice(stationName.length + 1);
  rest = rest.trim();
  if (pvName && rest.startsWith(pvName) && rest.length > pvName.length) {
    rest = rest.slice(pvName.length).trim();
  }
  return rest || text;
}
