/**
 * The view-side rules of the action dialogs, pure so they are unit tested: reading an
 * AnaOut entry, which actions a PV offers, and one answer for several priority-output acks.
 */
import type { PriorityOutputAckResult } from '../../../contract/actions.ts';
import type { PvConfig, PvValue } from '../../../contract/pv.ts';
import { isResettableCounter } from '../../../domain/validation/counterReset.ts';
import { requireValue } from '../../../domain/validation/forms.ts';
import { ruleMessage, type RuleMessage } from '../../../domain/validation/ruleMessage.ts';
import {
  hasRuntimes,
  isSettable,
  parseNumberInput,
  parseTimeOfDayInput,
  VALUE_ENTRY_KEYS,
} from '../../../domain/validation/valueEntry.ts';

/** Reads the user's entry for an AnaOut: a number, or a time of day for switching times. */
export function analogueTarget(
  text: string,
  isTime: boolean,
  decimal: ',' | '.' | 'any' = 'any',
): { ok: true; target: unknown } | { ok: false; message: RuleMessage } {
  const empty = requireValue(text);
  if (empty) return { ok: false, message: empty };
  if (isTime) {
    const time = parseTimeOfDayInput(text);
    return time.ok ? { ok: true, target: time.value } : time;
  }
  const n = parseNumberInput(text, decimal);
  return n === null
    ? { ok: false, message: ruleMessage(VALUE_ENTRY_KEYS.notANumber) }
    : { ok: true, target: n };
}

/**
 * How an AnaOut takes its entry. Only its value says whether it is a number or a time of day
 * (a switching time), so before the first value is in the entry waits: a time typed into a
 * field still taken for a number was refused as "not a number".
 */
export function analogueEntry(value: PvValue | undefined): { ready: boolean; isTime: boolean } {
  return { ready: value !== undefined, isTime: value?.typeOfValue === 'TimeOfDayValue' };
}

/**
 * The state a DigiOut's dialog offers first: the opposite of the one reported, once one is;
 * null before (nothing is offered as if the state were known).
 */
export function offeredDigitalChoice(value: PvValue | undefined): 'on' | 'off' | null {
  if (value === undefined || typeof value.boolValue !== 'boolean') return null;
  return value.boolValue ? 'off' : 'on';
}

export type PvAction = 'setValue' | 'limits' | 'priority' | 'runtimes' | 'counter';

/** The actions of a PV, in menu order. */
export function actionsOf(
  config: PvConfig,
  value: PvValue | undefined,
  keepsRuntimes = true,
): PvAction[] {
  const ref = config.pvRef;
  const list: PvAction[] = [];
  if (isSettable(ref)) list.push('setValue');
  if (ref.type === 'AnaIn' && config.anaLimitConfig) list.push('limits');
  if (ref.type === 'DigiIn' && config.alertInputConfig) list.push('priority');
  if (hasRuntimes(ref) && keepsRuntimes) list.push('runtimes');
  if (ref.type === 'ZaehlWert' && isResettableCounter(value)) list.push('counter');
  return list;
}

/** Several groups, one dialog: a failure wins, then a success, else 'none to acknowledge'. */
export function combinedAckResult(
  results: readonly PriorityOutputAckResult[],
): PriorityOutputAckResult {
  return (
    results.find((r) => r.status !== 'Success' && r.status !== 'NotFound') ??
    results.find((r) => r.status === 'Success') ??
    results[0] ?? { status: 'NotFound', errorMessage: null }
  );
}
