/**
 * Rules of remote alerting (SPEC §3 "Alarm plan", "Alarm call numbers result", §5 "Forms",
 * §9 "Alarm plan slots"), shared by the server (which refuses) and the client (which says why
 * before sending). Rule IDs RA1-RA11; tests in tests/unit/domain/remoteAlarm.test.ts.
 */
import {
  CALL_NUMBER_MAX_DIGITS,
  CALL_NUMBER_MIN_DIGITS,
  CALL_NUMBER_NAME_MAX,
  CALL_NUMBER_PATTERN,
  type AlarmPlan,
  type CallNumberCategory,
  type CallNumberFields,
  type PlanRecipient,
} from '../contract/remoteAlert.ts';

/** Keys in the "remoteAlarm" namespace of the locales. */
export const CALL_NUMBER_ERRORS = {
  numberEmpty: 'remoteAlarm.validation.numberEmpty',
  numberFormat: 'remoteAlarm.validation.numberFormat',
  numberDigits: 'remoteAlarm.validation.numberDigits',
  numberPlusZero: 'remoteAlarm.validation.numberPlusZero',
  numberTwice: 'remoteAlarm.validation.numberTwice',
  nameEmpty: 'remoteAlarm.validation.nameEmpty',
  nameLong: 'remoteAlarm.validation.nameLong',
  groupsEmpty: 'remoteAlarm.validation.groupsEmpty',
} as const;

export type CallNumberError = (typeof CALL_NUMBER_ERRORS)[keyof typeof CALL_NUMBER_ERRORS];

/** The input a rule is about. */
export type CallNumberField = 'name' | 'number' | 'pvGroups';

/** The German text of each rule, for the server's 400 message. */
export const CALL_NUMBER_ERROR_TEXT: Record<CallNumberError, string> = {
  [CALL_NUMBER_ERRORS.numberEmpty]: 'Rufnummer darf nicht leer sein.',
  [CALL_NUMBER_ERRORS.numberFormat]:
    'Rufnummer darf nur Ziffern, ein führendes + und Leerzeichen, / oder - enthalten.',
  [CALL_NUMBER_ERRORS.numberDigits]: `Rufnummer muss ${CALL_NUMBER_MIN_DIGITS} bis ${CALL_NUMBER_MAX_DIGITS} Ziffern haben.`,
  [CALL_NUMBER_ERRORS.numberPlusZero]:
    'Nach dem + folgt die Landesvorwahl, dann die Vorwahl ohne 0 (z. B. +49 171 …).',
  [CALL_NUMBER_ERRORS.numberTwice]: 'Diese Rufnummer gibt es in der Kategorie schon.',
  [CALL_NUMBER_ERRORS.nameEmpty]: 'Name darf nicht leer sein.',
  [CALL_NUMBER_ERRORS.nameLong]: `Name darf höchstens ${CALL_NUMBER_NAME_MAX} Zeichen haben.`,
  [CALL_NUMBER_ERRORS.groupsEmpty]: 'Mindestens eine PV-Gruppe wählen.',
};

/**
 * RA6: after a + comes the country code, which never starts with 0; in the plant's region
 * (Germany, Austria, Switzerland) the area code then loses its 0 — "+49 0171 …" mixes both
 * ways of dialling, and the call goes nowhere. (Elsewhere, Italy for one, the 0 stays.)
 */
const PLUS_THEN_ZERO = /^\+(?:0|4[139]0)/;

/**
 * RA1: null when the number is valid, else the rule it breaks: not empty, only digits with an
 * optional leading + and spaces, / or - between digits, 3 to 20 digits; then RA6.
 */
export function callNumberError(number: string): CallNumberError | null {
  const n = number.trim();
  if (n === '') return CALL_NUMBER_ERRORS.numberEmpty;
  if (!CALL_NUMBER_PATTERN.test(n)) return CALL_NUMBER_ERRORS.numberFormat;
  const digits = n.replace(/[^0-9]/g, '').length;
  if (digits < CALL_NUMBER_MIN_DIGITS || digits > CALL_NUMBER_MAX_DIGITS)
    return CALL_NUMBER_ERRORS.numberDigits;
  if (PLUS_THEN_ZERO.test(dialledDigits(n))) return CALL_NUMBER_ERRORS.numberPlusZero;
  return null;
}

/** RA2: null when the name is valid, else the rule it breaks. */
export function callNumberNameError(name: string): CallNumberError | null {
  const n = name.trim();
  if (n === '') return CALL_NUMBER_ERRORS.nameEmpty;
  if (n.length > CALL_NUMBER_NAME_MAX) return CALL_NUMBER_ERRORS.nameLong;
  return null;
}

/** RA10: every rule an edited number breaks, in the order of the form (name, number, groups). */
export function callNumberFieldErrors(
  fields: Pick<CallNumberFields, 'name' | 'number' | 'pvGroups'>,
): { field: CallNumberField; rule: CallNumberError }[] {
  const out: { field: CallNumberField; rule: CallNumberError }[] = [];
  const name = callNumberNameError(fields.name);
  if (name) out.push({ field: 'name', rule: name });
  const number = callNumberError(fields.number);
  if (number) out.push({ field: 'number', rule: number });
  if (fields.pvGroups.length === 0)
    out.push({ field: 'pvGroups', rule: CALL_NUMBER_ERRORS.groupsEmpty });
  return out;
}

/** RA11: the digits a number dials, with 00 written as + ("0049 …" is "+49 …"). */
export function dialledDigits(number: string): string {
  const n = number.trim();
  const digits = n.replace(/[^0-9]/g, '');
  if (n.startsWith('+')) return `+${digits}`;
  return digits.startsWith('00') ? `+${digits.slice(2)}` : digits;
}

/**
 * RA11: the entries whose number another entry of the same category dials too (the same
 * person listed twice gets called twice, and switching one leaves the other on call).
 */
export function duplicateNumbers<K>(
  entries: readonly { key: K; categoryId: number; number: string }[],
): Set<K> {
  const seen = new Map<string, K[]>();
  for (const e of entries) {
    if (e.number.trim() === '') continue;
    const id = `${e.categoryId}|${dialledDigits(e.number)}`;
    seen.set(id, [...(seen.get(id) ?? []), e.key]);
  }
  return new Set([...seen.values()].filter((keys) => keys.length > 1).flat());
}

/** Whether two sets of editable fields are the same (names and numbers trimmed, groups as a set). */
export function sameFields(a: CallNumberFields, b: CallNumberFields): boolean {
  const groups = (g: readonly number[]) => [...new Set(g)].sort((x, y) => x - y).join(',');
  return (
    a.name.trim() === b.name.trim() &&
    a.number.trim() === b.number.trim() &&
    a.categoryId === b.categoryId &&
    groups(a.pvGroups) === groups(b.pvGroups)
  );
}

/** RA3: the recipients of a plan who are on call now, in calling order. */
export function onCallRecipients(plan: Pick<AlarmPlan, 'recipients'>): PlanRecipient[] {
  return plan.recipients.filter((r): r is PlanRecipient => r !== null && r.active);
}

/** RA4: the priorities (0..9) a plan sends, ascending. */
export function sentPriorities(plan: Pick<AlarmPlan, 'activePriorities'>): number[] {
  return plan.activePriorities.flatMap((on, p) => (on ? [p] : []));
}

/** RA5: the plan of a station that is active (the first when a station has several). */
export function activePlanOf<P extends Pick<AlarmPlan, 'active' | 'planNumber'>>(
  plans: readonly P[],
): P | null {
  return plans.find((p) => p.active) ?? null;
}

/** One number switched: on (true) or off (false), from the state it has now. */
export interface NumberSwitch {
  id: number;
  from: boolean;
  to: boolean;
}

/**
 * RA7: what switching number `id` to `active` changes: the number itself and, when it is
 * switched on in a standby category, the other numbers of that category that are on now
 * (one person is on call). Empty when the number is already in that state.
 */
export function switchesFor(
  numbers: readonly { id: number; categoryId: number; active: boolean }[],
  categories: readonly CallNumberCategory[],
  id: number,
  active: boolean,
): NumberSwitch[] {
  const target = numbers.find((n) => n.id === id);
  if (!target || target.active === active) return [];
  const standby = categories.find((c) => c.id === target.categoryId)?.standby ?? false;
  const others =
    active && standby
      ? numbers
          .filter((n) => n.categoryId === target.categoryId && n.id !== id && n.active)
          .map((n) => ({ id: n.id, from: true, to: false }))
      : [];
  return [{ id, from: target.active, to: active }, ...others];
}

/** Who is called for one station now: its active plan and that plan's on-call recipients. */
export interface StationOnCall {
  stationNumber: number;
  stationName: string;
  activePlan: AlarmPlan | null;
  onCall: PlanRecipient[];
}

/** RA8: per station (ascending) its active plan and who is on call now (RA3, RA5). */
export function onCallByStation(plans: readonly AlarmPlan[]): StationOnCall[] {
  const by = new Map<number, AlarmPlan[]>();
  for (const p of plans) {
    const list = by.get(p.station.stationNumber) ?? [];
    list.push(p);
    by.set(p.station.stationNumber, list);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a - b)
    .map(([stationNumber, list]) => {
      const activePlan = activePlanOf(list);
      return {
        stationNumber,
        stationName: list[0]!.stationName,
        activePlan,
        onCall: activePlan ? onCallRecipients(activePlan) : [],
      };
    });
}

/**
 * RA9: the stations that would be left with nobody on call after the switches: their active
 * plan calls someone now and would call nobody then. The confirm step names them.
 */
export function stationsLeftWithoutOnCall(
  plans: readonly AlarmPlan[],
  switches: readonly NumberSwitch[],
): StationOnCall[] {
  const after = new Map(switches.map((s) => [s.id, s.to]));
  return onCallByStation(plans).filter(
    (s) =>
      s.activePlan !== null &&
      s.onCall.length > 0 &&
      !s.activePlan.recipients.some((r) => r !== null && (after.get(r.callNumberId) ?? r.active)),
  );
}
