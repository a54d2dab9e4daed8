/**
 * Acknowledgements of failure inputs on the pv hub (SPEC §7 "PV acks", `newAck`), keyed like
 * the PV: who acknowledged it and when, so every tab shows an acknowledgement made in another
 * tab or by another user at once. The server pushes the last one right after a subscribe.
 */
import type { PvAck } from '../../src/contract/actions.ts';
import { HUB_MESSAGES, HUB_METHODS, SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { isPvRef } from '../validate.ts';
import type { ItemTopic } from './ItemTopic.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isPvAck(value: unknown): value is PvAck {
  return (
    isRecord(value) &&
    isPvRef(value.pvRef) &&
    typeof value.acknowledgedBy === 'string' &&
    typeof value.acknowledgedAt === 'number' &&
    Number.isFinite(value.acknowledgedAt)
  );
}

export const pvAckTopic: ItemTopic<PvAck> = {
  kind: 'pvAck',
  hub: 'pv',
  methods: [
    {
      subscribe: HUB_METHODS.pv.subscribeToAcks,
      unsubscribe: HUB_METHODS.pv.unsubscribeFromAcks,
    },
  ],
  batchSize: SUBSCRIPTION_BATCH_SIZE,
  messages: [
    {
      name: HUB_MESSAGES.newAck,
      parse: ([ack]) => (isPvAck(ack) ? [[pvKey(ack.pvRef), ack]] : []),
    },
  ],
};
