/**
 * Rules of remote alerting (SPEC §3 "Alarm plan", §5 "Forms", §9 "Alarm plan slots"), shared
 * by the server (which refuses) and the client (which says why before sending).
 * RA1: a call number has 3 to 20 digits, an optional leading +, and only spaces, / or -
 * between digits. RA2: a name is not empty and at most 60 characters. RA3: who is on call
 * for a plan: its recipients whose call number is switched on, in calling order.
 */
import {
  CALL_NUMBER_MAX_DIGITS,
  CALL_NUMBER_MIN_DIGITS,
  CALL_NUMBER_NAME_MAX,
  CALL_NUMBER_PATTERN,
  type AlarmPlan,
  type PlanRecipient,
} from '../contract/remoteAlert.ts';

/** Keys in the "remoteAlarm" namespace of the locales. */
export const CALL_NUMBER_ERRORS = {
  numberEmpty: 'remoteAlarm.validation.numberEmpty',
  numberFormat: 'remoteAlarm.validation.numberFormat',
  numberDigits: 'remoteAlarm.validation.numberDigits',
  nameEmpty: 'remoteAlarm.validation.nameEmpty',
  nameLong: 'remoteAlarm.validation.nameLong',
} as const;

export type CallNumberError = (typeof CALL_NUMBER_ERRORS)[keyof typeof CALL_NUMBER_ERRORS];

/** The German text of each rule, for the server's 400 message. */
export const CALL_NUMBER_ERROR_TEXT: Record<CallNumberError, string> = {
  [CALL_NUMBER_ERRORS.numberEmpty]: 'Rufnummer darf nicht leer sein.',
  [CALL_NUMBER_ERRORS.numberFormat]:
    'Rufnummer darf nur Ziffern, ein führendes + und Leerzeichen, / oder - enthalten.',
  [CALL_NUMBER_ERRORS.numberDigits]: `Rufnummer muss ${CALL_NUMBER_MIN_DIGITS} bis ${CALL_NUMBER_MAX_DIGITS} Ziffern haben.`,
  [CALL_NUMBER_ERRORS.nameEmpty]: 'Name darf nicht leer sein.',
  [CALL_NUMBER_ERRORS.nameLong]: `Name darf höchstens ${CALL_NUMBER_NAME_MAX} Zeichen haben.`,
};

/** RA1: null when the number is valid, else the rule it breaks. */
export function callNumberError(number: string): CallNumberError | null {
  const n = number.trim();
  if (n === '') return CALL_NUMBER_ERRORS.numberEmpty;
  if (!CALL_NUMBER_PATTERN.test(n)) return CALL_NUMBER_ERRORS.numberFormat;
  const digits = n.replace(/[^0-9]/g, '').length;
  if (digits < CALL_NUMBER_MIN_DIGITS || digits > CALL_NUMBER_MAX_DIGITS)
    return CALL_NUMBER_ERRORS.numberDigits;
  return null;
}

/** RA2: null when the name is valid, else the rule it breaks. */
export function callNumberNameError(name: string): CallNumberError | null {
  const n = name.trim();
  if (n === '') return CALL_NUMBER_ERRORS.nameEmpty;
  if (n.length > CALL_NUMBER_NAME_MAX) return CALL_NUMBER_ERRORS.nameLong;
  return null;
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
