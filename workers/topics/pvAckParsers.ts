/**
 * Checks and keys of pushed failure-input acknowledgements (`pvAckTopic.ts`), fetched with the
 * topic's first lease.
 */
import type { PvAck } from '../../src/contract/actions.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { pvKey } from '../../src/contract/keys.ts';
import { isPvRef } from '../validate.ts';
import type { ItemParsers } from './ItemTopic.ts';

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

export const pvAckParsers: ItemParsers<PvAck> = {
  [HUB_MESSAGES.newAck]: ([ack]) => (isPvAck(ack) ? [[pvKey(ack.pvRef), ack]] : []),
};
