/** Plain PV values travel to tabs as transferred typed columns (workers/pvColumns.ts). */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../../workers/Engine.ts';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import { framePvValues, readPvColumns } from '../../../workers/pvColumns.ts';
import { PvValueStore } from '../../../workers/PvValueStore.ts';
import { FakeHubs } from '../../support/engine/FakeHub.ts';
import { FakeTabLocks } from '../../support/engine/FakeTabLocks.ts';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';
import { aiKey, doubleValue, pvConfig } from '../../support/engine/engineHarness.ts';
import { boolValue, counterValue, failureValue } from '../../support/engine/pvValueFixtures.ts';

describe('PV value columns', () => {
  it('PC1: plain values go into columns and read back equal; values with an object stay objects', () => {
    const store = new PvValueStore();
    const values = [doubleValue(1, 1.5, 3), boolValue, failureValue, counterValue];
    const keys = new Set(values.map((v) => store.set(v)));
    keys.add('ai404');
    const { columns, others } = store.collect(keys);
    expect(others).toEqual([counterValue]);
    expect(columns?.length).toBe(3);
    expect(readPvColumns(columns!)).toEqual([doubleValue(1, 1.5, 3), boolValue, failureValue]);
    expect(store.collect(new Set())).toEqual({ columns: undefined, others: [] });
  });

  it('PC2: the engine sends frames with columns and names their buffers for transfer', async () => {
    const timers = new FakeTimers();
    const hubs = new FakeHubs();
    const engine = new Engine({
      timers,
      transports: hubs.factory,
      locks: new FakeTabLocks(),
      fetchPvConfigs: async (refs) => refs.map(pvConfig),
      onError: () => undefined,
    });
    const sent: { message: TabMessage; transfer: Transferable[] }[] = [];
    await engine.connect('a', (message, transfer = []) => sent.push({ message, transfer }));
    await engine.lease('a', 'pvValue', [aiKey(1), aiKey(2)]);
    await timers.advance(100);
    sent.length = 0;
    hubs.hub('pv').emit('newValues', [doubleValue(1, 10), doubleValue(2, 20)]);
    await timers.advance(50);
    const frames = sent.filter((s) => s.message.type === 'frame');
    expect(frames).toHaveLength(1);
    const { message, transfer } = frames[0]!;
    const frame = message as Frame;
    expect(frame.pvValues).toEqual([]);
    expect(transfer).toEqual([frame.pvColumns!.codes.buffer, frame.pvColumns!.nums.buffer]);
    // What a tab gets after the port moved the buffers.
    const received = structuredClone(frame, { transfer });
    expect(framePvValues(received)).toEqual([doubleValue(1, 10), doubleValue(2, 20)]);
    expect(frame.pvColumns!.nums.byteLength).toBe(0);
  });
});
