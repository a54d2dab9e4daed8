/**
 * Limits and priorities (SPEC §5 "Limits and priorities", §9): priority 0-9, delay time
 * 0-65535, the order of the four analogue limits, and the payloads of set-limits and
 * set-priorities.
 */
import type {
  DigiInPriority,
  SetAnaInLimitsRequest,
  SetDigiInPrioritiesRequest,
} from '../../contract/actions.ts';
import { PRIORITY_MAX, PRIORITY_MIN } from '../../contract/alerts.ts';
import type { LimitType } from '../../contract/enums.ts';
import type { PvLimitConfig } from '../../contract/pv.ts';
import { pvKey } from '../../contract/keys.ts';
import { type RuleMessage, ruleMessage } from './ruleMessage.ts';

export const DELAY_TIME_MIN_S = 0;
export const DELAY_TIME_MAX_S = 65535;

export const LIMIT_KEYS = {
  priorityRange: 'validation.limits.priorityRange',
  delayTimeRange: 'validation.limits.delayTimeRange',
  bottomAboveOthers: 'validation.limits.bottomAboveOthers',
  bottomMiddleAboveTopMiddle: 'validation.limits.bottomMiddleAboveTopMiddle',
  topBelowOthers: 'validation.limits.topBelowOthers',
  limitNotANumber: 'validation.limits.limitNotANumber',
} as const;

function inIntRange(v: unknown, min: number, max: number): boolean {
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
}

/** LP1: 'Prioritäten müssen zwischen 0 und 9 liegen.' (analogue and digital inputs alike). */
export function checkPriority(priority: unknown, field = 'priority'): RuleMessage | null {
  return inIntRange(priority, PRIORITY_MIN, PRIORITY_MAX)
    ? null
    : ruleMessage(LIMIT_KEYS.priorityRange, { min: PRIORITY_MIN, max: PRIORITY_MAX }, field);
}

/** LP2: 'Verzögerungszeiten müssen zwischen 0 und 65535 liegen.' */
export function checkDelayTime(delayTime: unknown, field = 'delayTime'): RuleMessage | null {
  return inIntRange(delayTime, DELAY_TIME_MIN_S, DELAY_TIME_MAX_S)
    ? null
    : ruleMessage(
        LIMIT_KEYS.delayTimeRange,
        { min: DELAY_TIME_MIN_S, max: DELAY_TIME_MAX_S },
        field,
      );
}

/** LP3: a limit config takes part in the order checks unless it is flagged notSet. */
function setLimits(configs: readonly PvLimitConfig[]): Map<LimitType, number> {
  const map = new Map<LimitType, number>();
  for (const c of configs) if (!c.notSet) map.set(c.pvLimitRef.limitType, c.limit);
  return map;
}

/**
 * LP4: Bottom not above any other limit, BottomMiddle not above TopMiddle, Top not below any
 * other limit (equal is allowed). `configs` are the limit configs of one PV.
 */
export function checkLimitOrder(configs: readonly PvLimitConfig[]): RuleMessage[] {
  const limits = setLimits(configs);
  const messages: RuleMessage[] = [];
  const bottom = limits.get('Bottom');
  const bottomMiddle = limits.get('BottomMiddle');
  const topMiddle = limits.get('TopMiddle');
  const top = limits.get('Top');
  const others = (except: LimitType): number[] =>
    [...limits].filter(([t]) => t !== except).map(([, v]) => v);
  if (bottom !== undefined && others('Bottom').some((v) => bottom > v)) {
    messages.push(ruleMessage(LIMIT_KEYS.bottomAboveOthers, undefined, 'Bottom'));
  }
  if (bottomMiddle !== undefined && topMiddle !== undefined && bottomMiddle > topMiddle) {
    messages.push(ruleMessage(LIMIT_KEYS.bottomMiddleAboveTopMiddle, undefined, 'BottomMiddle'));
  }
  if (top !== undefined && others('Top').some((v) => top < v)) {
    messages.push(ruleMessage(LIMIT_KEYS.topBelowOthers, undefined, 'Top'));
  }
  return messages;
}

/**
 * LP5: limits are edited only when all limit configs have loaded. `configs` holds one entry
 * per expected config, undefined/null while it is still loading.
 */
export function canEditLimits(configs: readonly (PvLimitConfig | null | undefined)[]): boolean {
  return configs.length > 0 && configs.every((c) => c !== null && c !== undefined);
}

/** LP6: every message for the edited limit configs of one PV, with field `<limitType>.<name>`. */
export function validateLimitConfigs(configs: readonly PvLimitConfig[]): RuleMessage[] {
  const messages: RuleMessage[] = [];
  for (const c of configs) {
    if (c.notSet) continue;
    const t = c.pvLimitRef.limitType;
    if (!Number.isFinite(c.limit)) {
      messages.push(ruleMessage(LIMIT_KEYS.limitNotANumber, undefined, `${t}.limit`));
    }
    const p = checkPriority(c.priority, `${t}.priority`);
    if (p) messages.push(p);
    const d = checkDelayTime(c.delayTime, `${t}.delayTime`);
    if (d) messages.push(d);
  }
  const finite = configs.filter((c) => Number.isFinite(c.limit));
  messages.push(...checkLimitOrder(finite));
  return messages;
}

/** LP7: every message for edited digital-input priorities; field is the PV key. */
export function validateDigiInPriorities(items: readonly DigiInPriority[]): RuleMessage[] {
  const messages: RuleMessage[] = [];
  for (const item of items) {
    const m = checkPriority(item.priority, pvKey(item.pvRef));
    if (m) messages.push(m);
  }
  return messages;
}

/** Whether two limit configs hold the same values (the client's diff and the server's old-value check). */
export function sameLimit(a: PvLimitConfig, b: PvLimitConfig): boolean {
  return (
    a.limit === b.limit &&
    a.priority === b.priority &&
    a.delayTime === b.delayTime &&
    a.notSet === b.notSet &&
    a.description === b.description &&
    a.message === b.message
  );
}

function limitId(c: PvLimitConfig): string {
  return `${pvKey(c.pvLimitRef.pv)}:${c.pvLimitRef.limitType}`;
}

/** LP8: the set-limits body: only changed configs, old and new at the same position. */
export function buildSetLimitsRequest(
  oldValues: readonly PvLimitConfig[],
  newValues: readonly PvLimitConfig[],
): SetAnaInLimitsRequest {
  const before = new Map(oldValues.map((c) => [limitId(c), c]));
  const request: SetAnaInLimitsRequest = { oldValues: [], newValues: [] };
  for (const next of newValues) {
    const prev = before.get(limitId(next));
    if (prev && sameLimit(prev, next)) continue;
    request.oldValues.push(prev ?? next);
    request.newValues.push(next);
  }
  return request;
}

/** LP8: the set-priorities body: only changed priorities, old and new at the same position. */
export function buildSetPrioritiesRequest(
  oldValues: readonly DigiInPriority[],
  newValues: readonly DigiInPriority[],
): SetDigiInPrioritiesRequest {
  const before = new Map(oldValues.map((p) => [pvKey(p.pvRef), p]));
  const request: SetDigiInPrioritiesRequest = { oldValues: [], newValues: [] };
  for (const next of newValues) {
    const prev = before.get(pvKey(next.pvRef));
    if (prev && prev.priority === next.priority) continue;
    request.oldValues.push(prev ?? next);
    request.newValues.push(next);
  }
  return request;
}
