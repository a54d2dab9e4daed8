/**
 * The count of remote alarms waiting for confirmation (one key, `PENDING_REMOTE_ALARMS_KEY`),
 * derived in the engine from the plans it leases for it (`PendingPlanCount.ts`): a tab leases
 * this one item instead of every plan of the plant.
 */
import { SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import type { PendingRemoteAlarms } from '../../src/domain/pendingRemoteAlarms.ts';
import type { ItemTopic } from './ItemTopic.ts';

export const pendingRemoteAlarmsTopic: ItemTopic<PendingRemoteAlarms> = {
  kind: 'pendingRemoteAlarms',
  // The plans it is derived from come on the pv hub.
  hub: 'pv',
  methods: [],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [],
  parsers: {},
};
