/**
 * Pipe leakage per network section (SPEC §3 "Pipe leakage", §7 `/hubs/pipeleakage`,
 * `SubscribeToPipeLeakageConfigs`, `newConfig`), keyed by the pipeLeakageId.
 */
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import { LEAKAGE_STATES, type PipeLeakage } from '../../src/contract/leakage.ts';
import type { ItemTopic } from './ItemTopic.ts';

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

export const leakageTopic: ItemTopic<PipeLeakage> = {
  kind: 'pipeLeakage',
  hub: 'pipeLeakage',
  methods: [
    {
      subscribe: HUB_METHODS.pipeLeakage.subscribeToConfigs,
      unsubscribe: HUB_METHODS.pipeLeakage.unsubscribeFromConfigs,
    },
  ],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newConfig,
      parse: ([section]) =>
        isPipeLeakage(section) ? [[String(section.pipeLeakageId), section]] : [],
    },
  ],
};
