/** Failure-input acknowledgements as a leased item topic (workers/topics/pvAckTopic.ts) — PK1-PK2. */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { Frame } from '../../../workers/engineProtocol.ts';
import { createHarness, type TabRecorder } from '../../support/engine/engineHarness.ts';

const P = HUB_METHODS.pv;
const KEY = 'di100004';
const ack = (nr: number, by: string) => ({
  pvRef: { type: 'DigiIn', nr },
  acknowledgedBy: by,
  acknowledgedAt: 1_700_000_000_000,
});

function acksOf(tab: TabRecorder, key: string): unknown[] {
  return tab
    .frames()
    .flatMap((f: Frame) => f.items)
    .filter(([kind, itemKey]) => kind === 'pvAck' && itemKey === key)
    .map(([, , item]) => item);
}

describe('PV acknowledgements (pv hub SubscribeToAcks / newAck)', () => {
  it('PK1: a failure input leased by two tabs is subscribed once; its newAck reaches both, malformed ones none', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    await h.engine.lease('a', 'pvAck', [KEY]);
    await h.engine.lease('b', 'pvAck', [KEY]);
    await h.timers.advance(100);
    const hub = h.hubs.hub('pv');
    expect(hub.keysSent(P.subscribeToAcks)).toEqual([KEY]);
    hub.emit(HUB_MESSAGES.newAck, { pvRef: { type: 'DigiIn', nr: 100004 }, acknowledgedBy: 1 });
    hub.emit(HUB_MESSAGES.newAck, ack(100005, 'viewer')); // not leased
    hub.emit(HUB_MESSAGES.newAck, ack(100004, 'operator'));
    await h.timers.advance(50);
    expect(acksOf(a, KEY)).toEqual([ack(100004, 'operator')]);
    expect(acksOf(b, KEY)).toEqual([ack(100004, 'operator')]);
    expect(acksOf(a, 'di100005')).toEqual([]);
  });

  it('PK2: the last release unsubscribes the failure input', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvAck', [KEY]);
    await h.timers.advance(100);
    await h.engine.release('a', 'pvAck', [KEY]);
    await h.timers.advance(5_000);
    expect(h.hubs.hub('pv').keysSent(P.unsubscribeFromAcks)).toEqual([KEY]);
  });
});
