/** The report data topic (workers/topics/reportDataTopic.ts): leased like PVs, 400 keys a batch. */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { ReportLiveItem } from '../../../src/contract/reports.ts';
import { createHarness, lastItem } from '../../support/engine/engineHarness.ts';

const SUB = HUB_METHODS.reportData.subscribe;
const UNSUB = HUB_METHODS.reportData.unsubscribe;

const item = (key: string, value: number): ReportLiveItem => ({
  key,
  manual: [
    {
      pv: { type: 'LaborWert', nr: 2901 },
      index: 7,
      t: 1_795_330_800_000,
      value,
      state: 'Entered',
      enteredBy: 'operator',
      enteredAt: 1_795_419_062_297,
    },
  ],
});

describe('report data topic', () => {
  it('RD1: 1000 leased report keys go out in batches of 400 and come back as items', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const keys = Array.from({ length: 1000 }, (_, i) => `r201_Daily_2026-11-${i}`);
    await h.engine.lease('a', 'reportData', keys);
    await h.timers.advance(10);
    const hub = h.hubs.hub('reportData');
    expect(hub.calls(SUB).map((c) => (c.args[0] as string[]).length)).toEqual([400, 400, 200]);
    expect(hub.keysSent(SUB)).toEqual(keys);
    hub.emit(HUB_MESSAGES.newValues, [item(keys[3]!, 0.25), { key: 'x', manual: 'no' }]);
    await h.timers.advance(50);
    expect(lastItem(a, 'reportData', keys[3]!)).toEqual(item(keys[3]!, 0.25));
    expect(lastItem(a, 'reportData', 'x')).toBeUndefined();
  });

  it('RD2: two tabs share one subscription; the item reaches both; the last release unsubscribes', async () => {
    const h = createHarness();
    const a = await h.tab('a');
    const b = await h.tab('b');
    const key = 'r201_Daily_2026-11-22';
    await h.engine.lease('a', 'reportData', [key]);
    await h.engine.lease('b', 'reportData', [key]);
    await h.timers.advance(10);
    const hub = h.hubs.hub('reportData');
    expect(hub.keysSent(SUB)).toEqual([key]);
    hub.emit(HUB_MESSAGES.newValues, [item(key, 0.4)]);
    await h.timers.advance(50);
    expect(lastItem(a, 'reportData', key)).toMatchObject({ manual: [{ value: 0.4 }] });
    expect(lastItem(b, 'reportData', key)).toMatchObject({ manual: [{ value: 0.4 }] });
    await h.engine.release('a', 'reportData', [key]);
    await h.timers.advance(10);
    expect(hub.keysSent(UNSUB)).toEqual([]);
    await h.engine.release('b', 'reportData', [key]);
    await h.timers.advance(10);
    expect(hub.keysSent(UNSUB)).toEqual([key]);
  });

  it('RD3: after a reconnect every leased report key is subscribed again, in batches of 400', async () => {
    const h = createHarness();
    const keys = Array.from({ length: 450 }, (_, i) => `r101_Monthly_k${i}`);
    await h.leasing('a', 'reportData', keys);
    const hub = h.hubs.hub('reportData');
    await h.reconnect(hub);
    expect(hub.calls(SUB).map((c) => (c.args[0] as string[]).length)).toEqual([400, 50]);
    expect(hub.keysSent(SUB).sort()).toEqual([...keys].sort());
  });
});
