/**
 * SPEC §8 "too many alarms or number changes": an alarm plan sends at most alertingCountMax
 * alarms a day and takes at most callNumberChangeCountMax call-number changes a day (SPEC §3
 * "Alarm plan"); once a count reaches its maximum the plant sends no more alarms (or refuses
 * further changes) until the next day, and the operator must be told so.
 */
import type { AlarmPlan } from '../contract/remoteAlert.ts';
import { ruleMessage, type RuleMessage } from './validation/ruleMessage.ts';

export const PLAN_LIMIT_KEYS = {
  title: 'results.remoteAlarm.tooMany',
  alarms: 'results.remoteAlarm.alarmsReached',
  changes: 'results.remoteAlarm.changesReached',
} as const;

export type PlanCounts = Pick<
  AlarmPlan,
  'alertingCount' | 'alertingCountMax' | 'callNumberChangeCount' | 'callNumberChangeCountMax'
>;

/** PL1: the counts of a plan that have reached their daily maximum, as messages; [] when none. */
export function planLimitMessages(plan: PlanCounts): RuleMessage[] {
  const out: RuleMessage[] = [];
  if (plan.alertingCount >= plan.alertingCountMax)
    out.push(
      ruleMessage(PLAN_LIMIT_KEYS.alarms, {
        sent: plan.alertingCount,
        count: plan.alertingCountMax,
      }),
    );
  if (plan.callNumberChangeCount >= plan.callNumberChangeCountMax)
    out.push(
      ruleMessage(PLAN_LIMIT_KEYS.changes, {
        made: plan.callNumberChangeCount,
        count: plan.callNumberChangeCountMax,
      }),
    );
  return out;
}
