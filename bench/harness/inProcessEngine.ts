/**
 * The engine in process, for the in-process benches (engine-throughput.ts, engine-memory.ts):
 * a fake hub transport, fake timers that drive the flush, fake tab locks, PV configs made up
 * from the key, and the given tabs connected with their leases.
 */
import type { TabMessage } from '../../workers/engineProtocol.ts';
import { Engine } from '../../workers/Engine.ts';
import { FakeHubs, type FakeHub } from '../../tests/support/engine/FakeHub.ts';
import { FakeTabLocks } from '../../tests/support/engine/FakeTabLocks.ts';
import { FakeTimers } from '../../tests/support/engine/FakeTimers.ts';
import { pvConfig } from '../../tests/support/engine/engineHarness.ts';

export interface BenchTab {
  id: string;
  /** PV keys the tab leases (`pvValue`). */
  keys: string[];
  sink: (message: TabMessage, transfer?: Transferable[]) => void;
}

export interface InProcessEngine {
  engine: Engine;
  timers: FakeTimers;
  /** The fake PV hub: `emit('newValues', batch)` pushes as the server would. */
  pv: FakeHub;
}

/** Builds the engine, connects the tabs, leases their keys and lets the subscriptions go out. */
export async function inProcessEngine(tabs: readonly BenchTab[]): Promise<InProcessEngine> {
  const timers = new FakeTimers();
  const hubs = new FakeHubs();
  const engine = new Engine({
    timers,
    transports: hubs.factory,
    locks: new FakeTabLocks(),
    fetchPvConfigs: async (refs) => refs.map(pvConfig),
    onError: () => undefined,
  });
  for (const tab of tabs) {
    await engine.connect(tab.id, tab.sink);
    await engine.lease(tab.id, 'pvValue', tab.keys);
  }
  await timers.advance(200);
  return { engine, timers, pv: hubs.hub('pv') };
}
