/**
 * Remote alarm plans (SPEC §3 "Alarm plan", §7 `newPlanInfo`), keyed `{station}_{plan}`
 * (DESIGN.md "Plan and line keys"), 1024 keys per invocation (SPEC §9).
 */
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import {
  lineKey,
  planKey,
  type AlarmLine,
  type AlarmPlan,
} from '../../src/contract/remoteAlert.ts';
import type { ItemTopic } from './ItemTopic.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const stationOf = (v: Record<string, unknown>): number | null =>
  isObject(v.station) && typeof v.station.stationNumber === 'number'
    ? v.station.stationNumber
    : null;

export const planTopic: ItemTopic<AlarmPlan> = {
  kind: 'plan',
  hub: 'pv',
  methods: [
    {
      subscribe: HUB_METHODS.pv.subscribeToPlans,
      unsubscribe: HUB_METHODS.pv.unsubscribeFromPlans,
    },
  ],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newPlanInfo,
      parse: ([plan]) => {
        if (!isObject(plan) || typeof plan.planNumber !== 'number') return [];
        const station = stationOf(plan);
        if (station === null || !Array.isArray(plan.recipients)) return [];
        const p = plan as unknown as AlarmPlan;
        return [[planKey(p), p]];
      },
    },
  ],
};

export const lineTopic: ItemTopic<AlarmLine> = {
  kind: 'line',
  hub: 'pv',
  methods: [
    {
      subscribe: HUB_METHODS.pv.subscribeToLines,
      unsubscribe: HUB_METHODS.pv.unsubscribeFromLines,
    },
  ],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newLineInfo,
      parse: ([line]) => {
        if (!isObject(line) || typeof line.lineNumber !== 'number') return [];
        const station = stationOf(line);
        if (station === null || typeof line.faulty !== 'boolean') return [];
        return [[lineKey(station, line.lineNumber), line as unknown as AlarmLine]];
      },
    },
  ],
};
