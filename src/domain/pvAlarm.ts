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

/** One current alarm of a PV: its priority, phase, text and time. */
export interface PvAlarmEntry {
  phase: PvAlarmPhase;
  priority: number;
  text: string;
  since: number;
}

/**
 * The alarm state of a PV. Its mark shows one alarm, the fields of `PvAlarmEntry` here: the
 * most urgent unacknowledged one, otherwise the highest active one (PA1), never the priority
 * of one alarm with the phase of another.
 */
export interface PvAlarmState extends PvAlarmEntry {
  /** Current alerts of the PV. */
  count: number;
  /** Every current alarm of the PV, the one shown first, then by urgency (PA1). */
  alarms: readonly PvAlarmEntry[];
}

/** Whether an alert belongs in the current list: unacknowledged or still active. */
export function isCurrentAlert(alert: Alert): boolean {
  return alert.state === 'pending' || !alert.cleared;
}

function phaseOf(alert: Alert): PvAlarmPhase {
  if (alert.state === 'acknowledged') return 'acknowledged';
  return alert.cleared ? 'returned' : 'unacknowledged';
}

/**
 * The order of a PV's alarms: unacknowledged ones (active or returned) first, then the
 * acknowledged active ones; within each, the most important priority (0 first), an active
 * alarm before a returned one, then the newest.
 */
function urgency(a: PvAlarmEntry, b: PvAlarmEntry): number {
  const ackA = a.phase === 'acknowledged' ? 1 : 0;
  const ackB = b.phase === 'acknowledged' ? 1 : 0;
  if (ackA !== ackB) return ackA - ackB;
  if (a.priority !== b.priority) return a.priority - b.priority;
  const goneA = a.phase === 'returned' ? 1 : 0;
  const goneB = b.phase === 'returned' ? 1 : 0;
  if (goneA !== goneB) return goneA - goneB;
  return b.since - a.since;
}

/**
 * PA-S1: the alarm state of every PV with a current alert, by PV key. The mark's priority,
 * phase and text are those of one alarm: the most urgent unacknowledged one, otherwise the
 * highest active one; `alarms` lists all of them in that order.
 */
export function pvAlarmStates(alerts: Iterable<Alert>): Map<string, PvAlarmState> {
  const byPv = new Map<string, PvAlarmEntry[]>();
  for (const alert of alerts) {
    if (!alert.pvRef || !isCurrentAlert(alert)) continue;
    const key = pvKey(alert.pvRef);
    const entry: PvAlarmEntry = {
      phase: phaseOf(alert),
      priority: alert.priority,
      text: alert.text,
      since: alert.timestamp,
    };
    const list = byPv.get(key);
    if (list) list.push(entry);
    else byPv.set(key, [entry]);
  }
  const out = new Map<string, PvAlarmState>();
  for (const [key, list] of byPv) {
    if (list.length > 1) list.sort(urgency);
    const shown = list[0]!;
    out.set(key, {
      phase: shown.phase,
      priority: shown.priority,
      text: shown.text,
      since: shown.since,
      count: list.length,
      alarms: list,
    });
  }
  return out;
}

const sameEntry = (a: PvAlarmEntry, b: PvAlarmEntry) =>
  a.phase === b.phase && a.priority === b.priority && a.text === b.text && a.since === b.since;

export function samePvAlarm(a: PvAlarmState | null, b: PvAlarmState | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    sameEntry(a, b) &&
    a.count === b.count &&
    a.alarms.length === b.alarms.length &&
    a.alarms.every((entry, i) => sameEntry(entry, b.alarms[i]!))
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
