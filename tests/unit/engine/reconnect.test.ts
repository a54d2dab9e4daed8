/** SPEC §4 reconnect, DESIGN.md "Reconnect restores everything" — rules CH3, CH4 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { HUB_METHODS, type HubName } from '../../../src/contract/hubs.ts';
import { SERVER_STATUS_KEY } from '../../../workers/topics.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

const SUB = HUB_METHODS.pv.subscribeToPvs;

async function withKeys(count: number) {
  const h = createHarness();
  const a = await h.tab('a');
  h.hubs
    .hub('serverStatus')
    .answers.set(HUB_METHODS.serverStatus.getStatus, () => ({ status: 'Connected', since: 0 }));
  await h.engine.lease('a', 'serverStatus', [SERVER_STATUS_KEY]);
  const keys = Array.from({ length: count }, (_, i) => aiKey(100_000 + i));
  await h.engine.lease('a', 'pvValue', keys);
  await h.timers.advance(100);
  const restored: { hub: HubName; subscribedBefore: number }[] = [];
  const pv = h.hubs.hub('pv');
  h.engine.onChannelRestored((hub) =>
    restored.push({ hub, subscribedBefore: pv.keysSent(SUB).length }),
  );
  pv.received.length = 0;
  a.messages.length = 0;
  return { h, a, pv, keys, restored };
}

describe('reconnect', () => {
  it('CH4: after a reconnect every leased key is subscribed again in batches, then listeners are told', async () => {
    const { h, pv, keys, restored } = await withKeys(2_000);
    pv.drop();
    await h.timers.advance(100);
    expect(pv.received).toHaveLength(0);
    pv.restore();
    await h.timers.advance(100);
    expect(pv.calls(SUB).map((c) => (c.args[0] as string[]).length)).toEqual([1024, 976]);
    expect(new Set(pv.keysSent(SUB))).toEqual(new Set(keys));
    expect(restored).toEqual([{ hub: 'pv', subscribedBefore: 2_000 }]);
  });

  it('CH4: a key leased while the channel was down is subscribed once, with the others', async () => {
    const { h, pv, restored } = await withKeys(3);
    pv.drop();
    await h.engine.lease('a', 'pvValue', [aiKey(9)]);
    await h.timers.advance(100);
    pv.restore();
    await h.timers.advance(100);
    expect(pv.keysSent(SUB).sort()).toEqual(
      [aiKey(100_000), aiKey(100_001), aiKey(100_002), aiKey(9)].sort(),
    );
    expect(restored).toHaveLength(1);
  });

  it('CH3/CH4: a faulted channel restarts, re-subscribes and values resume in the tab', async () => {
    const { h, a, pv, restored } = await withKeys(2);
    expect(a.frames()).toHaveLength(0);
    // The first restart (at once) fails, the second (1 s later) succeeds.
    pv.startFailures.push(new Error('Failed to fetch'));
    pv.close(new Error('Server returned an error on close: restart'));
    await h.timers.advance(100);
    // Tabs are told of the fault through a status frame.
    expect(a.frames().at(-1)?.status?.display).toBe('connecting');
    expect(pv.keysSent(SUB)).toHaveLength(0);
    await h.timers.advance(1_000);
    expect(pv.starts).toBe(3);
    await h.timers.advance(100);
    expect(a.frames().at(-1)?.status?.display).toBe('connected');
    expect(pv.keysSent(SUB)).toHaveLength(2);
    expect(restored).toEqual([{ hub: 'pv', subscribedBefore: 2 }]);
    pv.emit('newValue', doubleValue(100_000, 42));
    await h.timers.advance(50);
    expect(a.frames().flatMap((f) => f.pvValues)).toEqual([doubleValue(100_000, 42)]);
  });

  it('CH4: when one channel is back, every faulted channel restarts at once', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvValue', [aiKey(1)]);
    await h.engine.lease('a', 'station', ['st1']);
    await h.timers.advance(100);
    const pv = h.hubs.hub('pv');
    const station = h.hubs.hub('station');
    // More failures than retries in the 60 s below (every 10 s once backed off).
    for (let i = 0; i < 20; i++) {
      pv.startFailures.push(new Error('Failed to fetch'));
      station.startFailures.push(new Error('Failed to fetch'));
    }
    // The station hub fails first, the pv hub 5 s later: its own retries come 5 s after the
    // station hub's, so only the rule can bring it back at the station hub's moment.
    station.close(new Error('gone'));
    await h.timers.advance(5_000);
    pv.close(new Error('gone'));
    await h.timers.advance(60_000);
    expect(pv.state).toBe('disconnected');
    station.startFailures.length = 0;
    pv.startFailures.length = 0;
    for (let waited = 0; station.state !== 'connected' && waited < 15_000; waited += 100)
      await h.timers.advance(100);
    expect(station.state).toBe('connected');
    await h.timers.advance(10);
    expect(pv.state).toBe('connected');
  });

  it('CH7: a tab that connects restarts faulted channels at once', async () => {
    const { h, pv } = await withKeys(1);
    for (let i = 0; i < 20; i++) pv.startFailures.push(new Error('Failed to fetch'));
    pv.close(new Error('gone'));
    await h.timers.advance(60_000);
    pv.startFailures.length = 0;
    const starts = pv.starts;
    await h.tab('new');
    await h.timers.advance(10);
    expect(pv.starts).toBe(starts + 1);
    expect(pv.state).toBe('connected');
  });
});
