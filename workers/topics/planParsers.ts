/**
 * Checks and keys of pushed alarm plans and lines (`planTopic.ts`), fetched with the first
 * lease of either topic.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import {
  lineKey,
  planKey,
  type AlarmLine,
  type AlarmPlan,
} from '../../src/contract/remoteAlert.ts';
import type { ItemParsers } from './ItemTopic.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const stationOf = (v: Record<string, unknown>): number | null =>
  isObject(v.station) && typeof v.station.stationNumber === 'number'
    ? v.station.stationNumber
    : null;

export const planParsers: ItemParsers<AlarmPlan> = {
  [HUB_MESSAGES.newPlanInfo]: ([plan]) => {
    if (!isObject(plan) || typeof plan.planNumber !== 'number') return [];
    const station = stationOf(plan);
    if (station === null || !Array.isArray(plan.recipients)) return [];
    const p = plan as unknown as AlarmPlan;
    return [[planKey(p), p]];
  },
};

export const lineParsers: ItemParsers<AlarmLine> = {
  [HUB_MESSAGES.newLineInfo]: ([line]) => {
    if (!isObject(line) || typeof line.lineNumber !== 'number') return [];
    const station = stationOf(line);
    if (station === null || typeof line.faulty !== 'boolean') return [];
    return [[lineKey(station, line.lineNumber), line as unknown as AlarmLine]];
  },
};
