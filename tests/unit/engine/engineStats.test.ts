/** The engine's value-path counters (workers/pvIngest.ts), read by the wide-ingest bench. */
import { describe, expect, it } from 'vitest';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

describe('engine stats', () => {
  it('ES1: counts values received and applied; unleased and invalid values are received only', async () => {
    const h = createHarness();
    await h.leasing('a', 'pvValue', [aiKey(1), aiKey(2)]);
    const pv = h.hubs.hub('pv');
    const before = await h.engine.getEngineStats();
    pv.emit('newValues', [doubleValue(1, 1), doubleValue(2, 2), doubleValue(3, 3), { bad: 1 }]);
    pv.emit('newValue', doubleValue(1, 4));
    pv.emit('newValues', 'not a list');
    const after = await h.engine.getEngineStats();
    expect(after.pvValuesReceived - before.pvValuesReceived).toBe(5);
    expect(after.pvValuesApplied - before.pvValuesApplied).toBe(3);
    expect(after.pvMessages - before.pvMessages).toBe(2);
  });

  it('ES2: the counters are monotonic across releases (readers take differences)', async () => {
    const h = createHarness();
    await h.leasing('a', 'pvValue', [aiKey(1)]);
    const pv = h.hubs.hub('pv');
    pv.emit('newValues', [doubleValue(1, 1)]);
    await h.engine.release('a', 'pvValue', [aiKey(1)]);
    pv.emit('newValues', [doubleValue(1, 2)]);
    const stats = await h.engine.getEngineStats();
    expect(stats).toEqual({
      pvValuesReceived: 2,
      pvValuesApplied: 1,
      pvMessages: 2,
      pvValuesReplaced: 0,
    });
  });

  it("ES3: a value a newer one replaced before a tab's frame counts as replaced, per tab", async () => {
    const h = createHarness();
    await h.tab('a');
    await h.tab('b');
    await h.engine.lease('a', 'pvValue', [aiKey(1), aiKey(2)]);
    await h.engine.lease('b', 'pvValue', [aiKey(1)]);
    await h.timers.advance(100);
    const pv = h.hubs.hub('pv');
    const before = await h.engine.getEngineStats();
    pv.emit('newValues', [doubleValue(1, 1), doubleValue(2, 2)]);
    pv.emit('newValues', [doubleValue(1, 3)]);
    const waiting = await h.engine.getEngineStats();
    // PV 1's first value never reaches tab a nor tab b: two replaced; PV 2's reaches a.
    expect(waiting.pvValuesReplaced - before.pvValuesReplaced).toBe(2);
    expect(waiting.pvValuesApplied - before.pvValuesApplied).toBe(3);
    await h.timers.advance(100);
    pv.emit('newValues', [doubleValue(1, 4)]);
    const after = await h.engine.getEngineStats();
    // After the frames went out the next value waits alone.
    expect(after.pvValuesReplaced).toBe(waiting.pvValuesReplaced);
  });
});
