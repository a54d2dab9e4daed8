/**
 * Acknowledgements of failure inputs on the pv hub (SPEC §7 "PV acks", `newAck`), keyed like
 * the PV: who acknowledged it and when, so every tab shows an acknowledgement made in another
 * tab or by another user at once. The server pushes the last one right after a subscribe. The
 * checks of pushed acknowledgements (`pvAckParsers.ts`) come with the first lease.
 */
import type { PvAck } from '../../src/contract/actions.ts';
import { HUB_MESSAGES } from '../../src/contract/hubs.ts';
import { pushedOn, type ItemTopic } from './ItemTopic.ts';

export const pvAckTopic: ItemTopic<PvAck> = {
  kind: 'pvAck',
  ...pushedOn('pv', 'Acks', HUB_MESSAGES.newAck),
  parsers: () => import('./pvAckParsers.ts').then((m) => m.pvAckParsers),
};
