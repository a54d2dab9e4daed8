/**
 * Checks and keys of pushed pipe leakage sections (`leakageTopic.ts`), fetched with the
 * topic's first lease.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { LEAKAGE_STATES, type PipeLeakage } from '../../src/contract/leakage.ts';
import type { ItemParsers } from './ItemTopic.ts';

const isState = (v: unknown) => (LEAKAGE_STATES as readonly unknown[]).includes(v);
const numberOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));

export function isPipeLeakage(value: unknown): value is PipeLeakage {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.pipeLeakageId === 'number' &&
    typeof v.name === 'string' &&
    typeof v.referenceValue === 'number' &&
    typeof v.measurementChange === 'number' &&
    isState(v.measurementState) &&
    isState(v.minMaxState) &&
    numberOrNull(v.minMaxValue) &&
    numberOrNull(v.minMaxBegin) &&
    numberOrNull(v.minMaxEnd) &&
    Array.isArray(v.nights)
  );
}

export const leakageParsers: ItemParsers<PipeLeakage> = {
  [HUB_MESSAGES.newConfig]: ([section]) =>
    isPipeLeakage(section) ? [[String(section.pipeLeakageId), section]] : [],
};
