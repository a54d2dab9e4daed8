/** DESIGN.md "Leases are counted", SPEC §4, §9 — rules LK1-LK4, BT1-BT3, DT1 of workers/SPEC.md. */
import { describe, expect, it } from 'vitest';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

const SUB = HUB_METHODS.pv.subscribeToPvs;
const UNSUB = HUB_METHODS.pv.unsubscribeFromPvs;

/** Tabs 'a' and 'b' both lease PV 1; its subscribe has gone out. */
async function twoTabsLeasingOneKey() {
  const h = createHarness();
  await h.tab('a');
  await h.tab('b');
  await h.engine.lease('a', 'pvValue', [aiKey(1)]);
  await h.engine.lease('b', 'pvValue', [aiKey(1)]);
  await h.timers.advance(10);
  return h;
}

describe('key leases', () => {
  it('LK1: a key leased by two tabs is subscribed on the server once', async () => {
    const h = await twoTabsLeasingOneKey();
    await h.engine.lease('b', 'pvValue', [aiKey(1)]); // leasing again is a no-op
    await h.timers.advance(10);
    const pv = h.hubs.hub('pv');
    expect(pv.starts).toBe(1);
    expect(pv.keysSent(SUB)).toEqual([aiKey(1)]);
  });

  it('LK2: the key is unsubscribed only when the last tab releases it', async () => {
    const h = await twoTabsLeasingOneKey();
    await h.engine.release('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(10);
    expect(h.hubs.hub('pv').keysSent(UNSUB)).toEqual([]);
    await h.engine.release('b', 'pvValue', [aiKey(1)]);
    await h.timers.advance(10);
    expect(h.hubs.hub('pv').keysSent(UNSUB)).toEqual([aiKey(1)]);
  });

  it('LK3: releases are idempotent and a key not leased is ignored', async () => {
    const h = await twoTabsLeasingOneKey();
    await h.engine.release('a', 'pvValue', [aiKey(1), aiKey(1), aiKey(2)]);
    await h.engine.release('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(10);
    expect(h.hubs.hub('pv').keysSent(UNSUB)).toEqual([]);
  });

  it('LK4: after every release the channel closes after its grace period and nothing is kept', async () => {
    const h = createHarness({ channelCloseGraceMs: 5_000 });
    await h.tab('a');
    const keys = [1, 2, 3].map(aiKey);
    await h.engine.lease('a', 'pvValue', keys);
    await h.timers.advance(10);
    h.hubs.hub('pv').emit(
      'newValues',
      [1, 2, 3].map((nr) => doubleValue(nr, nr)),
    );
    expect(h.engine.storeStats.pvValues).toBe(3);
    await h.engine.release('a', 'pvValue', keys);
    await h.timers.advance(4_000);
    expect(h.engine.storeStats.pvValues).toBe(0);
    expect(h.hubs.hub('pv').stops).toBe(0);
    await h.timers.advance(1_000);
    expect(h.hubs.hub('pv').stops).toBe(1);
  });
});

describe('subscription batching', () => {
  it('BT1: leases and releases within one tick go out as one invocation with the net change', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(10);
    const pv = h.hubs.hub('pv');
    pv.received.length = 0;
    await h.engine.lease('a', 'pvValue', [aiKey(2)]);
    await h.engine.lease('a', 'pvValue', [aiKey(3)]);
    await h.engine.lease('a', 'pvValue', [aiKey(4)]);
    await h.engine.release('a', 'pvValue', [aiKey(4)]); // never reaches the server
    await h.engine.release('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(0);
    expect(pv.received).toEqual([
      { method: UNSUB, args: [[aiKey(1)]] },
      { method: SUB, args: [[aiKey(2), aiKey(3)]] },
    ]);
  });

  it('BT2: PV keys go out in batches of 1024', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(10);
    h.hubs.hub('pv').received.length = 0;
    const keys = Array.from({ length: 3000 }, (_, i) => aiKey(100_000 + i));
    for (const key of keys) await h.engine.lease('a', 'pvValue', [key]);
    await h.timers.advance(10);
    const calls = h.hubs.hub('pv').calls(SUB);
    expect(calls.map((c) => (c.args[0] as string[]).length)).toEqual([1024, 1024, 952]);
    expect(h.hubs.hub('pv').keysSent(SUB)).toEqual(keys);
  });

  it('BT3: report data keys go out in batches of 400', async () => {
    const h = createHarness();
    await h.tab('a');
    const keys = Array.from({ length: 1000 }, (_, i) => `report${i}`);
    await h.engine.lease('a', 'reportData', keys);
    await h.timers.advance(10);
    const calls = h.hubs.hub('reportData').calls(HUB_METHODS.reportData.subscribe);
    expect(calls.map((c) => (c.args[0] as string[]).length)).toEqual([400, 400, 200]);
  });

  it('BT1: a station lease subscribes configs, timestamps, dial counters and dial states', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'station', ['st1', 'st2']);
    await h.timers.advance(10);
    const st = HUB_METHODS.station;
    expect(
      h.hubs
        .hub('station')
        .received.map((r) => r.method)
        .sort(),
    ).toEqual(
      [
        st.subscribeToConfigs,
        st.subscribeToTimestamps,
        st.subscribeToDialCounters,
        st.subscribeToDialStates,
      ].sort(),
    );
    expect(h.hubs.hub('station').keysSent(st.subscribeToDialStates)).toEqual(['st1', 'st2']);
  });
});

describe('dead tabs', () => {
  it("DT1: when a dead tab's lock is granted, its leases are released", async () => {
    const h = createHarness({ channelCloseGraceMs: 5_000 });
    await h.tab('a');
    await h.tab('b');
    await h.engine.lease('a', 'pvValue', [aiKey(1), aiKey(2)]);
    await h.engine.lease('b', 'pvValue', [aiKey(2)]);
    await h.timers.advance(10);
    expect(h.locks.isWaitingFor('a')).toBe(true);
    h.locks.kill('a');
    await h.timers.advance(10);
    expect(h.hubs.hub('pv').keysSent(UNSUB)).toEqual([aiKey(1)]);
    h.locks.kill('b');
    await h.timers.advance(10);
    expect(h.hubs.hub('pv').keysSent(UNSUB)).toEqual([aiKey(1), aiKey(2)]);
    await h.timers.advance(5_000);
    expect(h.hubs.hub('pv').stops).toBe(1);
  });

  it('DT1: a tab that disconnects itself stops the wait on its lock', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.disconnect('a');
    expect(h.locks.isWaitingFor('a')).toBe(false);
    await expect(h.engine.lease('a', 'pvValue', [aiKey(1)])).rejects.toThrow('Failed to acquire a');
  });
});

describe('lease leaks', () => {
  it('LK4: after random leases and releases by three tabs and their end, nothing is left', async () => {
    const h = createHarness({ channelCloseGraceMs: 1_000 });
    const tabs = ['a', 'b', 'c'];
    for (const tab of tabs) await h.tab(tab);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pv = h.hubs.hub('pv');
    const net = () => {
      const count = new Map<string, number>();
      for (const key of pv.keysSent(SUB)) count.set(key, (count.get(key) ?? 0) + 1);
      for (const key of pv.keysSent(UNSUB)) count.set(key, (count.get(key) ?? 0) - 1);
      return [...count.values()];
    };
    for (let step = 0; step < 2_000; step++) {
      const tab = tabs[random(3)]!;
      const key = aiKey(random(200));
      if (random(2)) await h.engine.lease(tab, 'pvValue', [key]);
      else await h.engine.release(tab, 'pvValue', [key]);
      if (step % 50 === 0) {
        await h.timers.advance(10);
        pv.emit(
          'newValues',
          Array.from({ length: 200 }, (_, nr) => doubleValue(nr, step)),
        );
      }
    }
    await h.timers.advance(10);
    // Every key is subscribed at most once at any time.
    expect(net().every((n) => n === 0 || n === 1)).toBe(true);
    expect(net().some((n) => n === 1)).toBe(true);
    h.locks.kill('a');
    await h.engine.disconnect('b');
    h.locks.kill('c');
    await h.timers.advance(1_000);
    expect(net().every((n) => n === 0)).toBe(true);
    expect(h.engine.storeStats.pvValues).toBe(0);
    expect(pv.stops).toBe(1);
    expect(h.timers.pending).toBe(0);
  });
});
