/**
 * Pipe leakage per network section (SPEC §3 "Pipe leakage", §7 `/hubs/pipeleakage`,
 * `SubscribeToPipeLeakageConfigs`, `newConfig`), keyed by the pipeLeakageId. The checks of
 * pushed sections (`leakageParsers.ts`) come with the first lease.
 */
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import type { PipeLeakage } from '../../src/contract/leakage.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const leakageTopic: ItemTopic<PipeLeakage> = {
  kind: 'pipeLeakage',
  ...pushedOn('pipeLeakage', 'Configs', HUB_MESSAGES.newConfig),
  parsers: () => import('./leakageParsers.ts').then((m) => m.leakageParsers),
};
