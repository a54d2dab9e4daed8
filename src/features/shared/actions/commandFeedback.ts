/**
 * Commanded against actual (ISA-101): a write the server accepted is not yet a plant that
 * did it. After a new value of an output was sent, the output's reported value must follow
 * (a pump's command output stays off while the pump has failed, a setpoint the station
 * refuses keeps its old value); the notice says so either way: it waits for the plant, says
 * when the plant reports the commanded value, and warns when it did not within the time.
 */
import type { PvSetItem } from '../../../contract/actions.ts';
import type { PvConfig, PvValue } from '../../../contract/pv.ts';

/** How long the plant may take to report the commanded value before the operator is told. */
export const FEEDBACK_TIMEOUT_MS = 15_000;

export type ExpectedValue =
  | { kind: 'bool'; value: boolean }
  /** A number matches within the tolerance (half a unit of its last shown decimal place). */
  | { kind: 'number'; value: number; tolerance: number };

export interface CommandWatch {
  config: PvConfig;
  expected: ExpectedValue;
  /** The commanded value as the confirm step showed it (with its unit). */
  text: string;
  /** Epoch ms at which the server accepted the command. */
  sentAt: number;
}

export type FeedbackState = 'pending' | 'confirmed' | 'missing';

/**
 * The watch for a value sent to an output (an item of the request, its value resolved, an
 * inversion included), or null for what is not followed (a time of day).
 */
export function commandWatch(
  config: PvConfig,
  item: PvSetItem,
  text: string,
  sentAt: number,
): CommandWatch | null {
  if (item.typeOfValue === 'BoolValue')
    return { config, expected: { kind: 'bool', value: item.boolValue }, text, sentAt };
  if (item.typeOfValue === 'DoubleValue' && Number.isFinite(item.doubleValue)) {
    const target = item.doubleValue;
    const decimals = Math.max(0, Math.min(config.decimalPlaces ?? 2, 10));
    const tolerance = 0.5 * 10 ** -decimals + Math.abs(target) * 1e-9;
    return { config, expected: { kind: 'number', value: target, tolerance }, text, sentAt };
  }
  return null;
}

/**
 * A value the operator may take as the plant's state: good, or of a source that states no
 * quality (SPEC §3 shows Unspecified without a quality mark). Bad and uncertain are not.
 */
export function isTrusted(value: PvValue | undefined): value is PvValue {
  return value !== undefined && (value.quality === 'Good' || value.quality === 'Unspecified');
}

/** The words a state line adds for a value that is not trusted (bad, uncertain), or null. */
export function distrustKey(
  value: PvValue | undefined,
): 'ui.quality.bad' | 'ui.quality.uncertain' | null {
  if (value?.quality === 'Bad') return 'ui.quality.bad';
  if (value?.quality === 'Uncertain') return 'ui.quality.uncertain';
  return null;
}

/** True when the reported value is the commanded one, and trusted. */
export function reportsCommanded(expected: ExpectedValue, value: PvValue | undefined): boolean {
  if (!isTrusted(value)) return false;
  if (expected.kind === 'bool') return value.boolValue === expected.value;
  const reported = value.doubleValue;
  return reported !== undefined && Math.abs(reported - expected.value) <= expected.tolerance;
}

/**
 * Where the command stands: confirmed once the plant reports the commanded value (it stays
 * so: automatic control may switch the output later, that is not this command's failure),
 * missing when it has not after FEEDBACK_TIMEOUT_MS, pending before.
 */
export function feedbackState(
  watch: CommandWatch,
  value: PvValue | undefined,
  now: number,
  confirmedBefore: boolean,
): FeedbackState {
  if (confirmedBefore || reportsCommanded(watch.expected, value)) return 'confirmed';
  return now - watch.sentAt >= FEEDBACK_TIMEOUT_MS ? 'missing' : 'pending';
}
