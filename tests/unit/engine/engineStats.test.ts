/** The engine's value-path counters (workers/pvIngest.ts), read by the wide-ingest bench. */
import { describe, expect, it } from 'vitest';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';

describe('engine stats', () => {
  it('ES1: counts values received and applied; unleased and invalid values are received only', async () => {
    const h = createHarness();
    await h.tab('a');
    await h.engine.lease('a', 'pvValue', [aiKey(1), aiKey(2)]);
    await h.timers.advance(100);
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
    await h.tab('a');
    await h.engine.lease('a', 'pvValue', [aiKey(1)]);
    await h.timers.advance(100);
    const pv = h.hubs.hub('pv');
    pv.emit('newValues', [doubleValue(1, 1)]);
    await h.engine.release('a', 'pvValue', [aiKey(1)]);
    pv.emit('newValues', [doubleValue(1, 2)]);
    const stats = await h.engine.getEngineStats();
    expect(stats).toEqual({ pvValuesReceived: 2, pvValuesApplied: 1, pvMessages: 2 });
  });
});
