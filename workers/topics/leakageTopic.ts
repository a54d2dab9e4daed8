/**
 * Pipe leakage per network section (SPEC §3 "Pipe leakage", §7 `/hubs/pipeleakage`,
 * `SubscribeToPipeLeakageConfigs`, `newConfig`), keyed by the pipeLeakageId. The checks of
 * pushed sections (`leakageParsers.ts`) come with the first lease.
 */
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { PipeLeakage } from '../../src/contract/leakage.ts';
import type { ItemTopic } from './ItemTopic.ts';

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
  messages: [HUB_MESSAGES.newConfig],
  parsers: () => import('./leakageParsers.ts').then((m) => m.leakageParsers),
};
