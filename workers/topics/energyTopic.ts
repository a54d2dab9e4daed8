/**
 * Energy optimisation values per pump station (SPEC §3, §7 `/hubs/energy-opt`,
 * `SubscribeToEnergyOptimisation`, `newValue`), keyed by the station number. The checks of
 * pushed values (`energyParsers.ts`) come with the first lease.
 */
import type { EnergyOptimisationValues } from '../../src/contract/energy.ts';
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { ItemTopic } from './ItemTopic.ts';

export const energyTopic: ItemTopic<EnergyOptimisationValues> = {
  kind: 'energy',
  hub: 'energyOpt',
  methods: [HUB_METHODS.energyOpt],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [HUB_MESSAGES.newValue],
  parsers: () => import('./energyParsers.ts').then((m) => m.energyParsers),
};
