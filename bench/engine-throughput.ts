/**
 * The engine's own capacity, in process (no browser, no network): how many PV updates per
 * second of CPU the engine ingests and turns into per-tab frames. A fake hub pushes
 * `newValues` batches as the server would (one per 100 ms tick); fake timers drive the
 * 50 ms flush. Run: `npx tsx bench/engine-throughput.ts [pvs] [tabs] [seconds]`.
 */
import { performance } from 'node:perf_hooks';
import type { TabMessage } from '../workers/engineProtocol.ts';
import { aiKey, doubleValue } from '../tests/support/engine/engineHarness.ts';
import { inProcessEngine, type BenchTab } from './harness/inProcessEngine.ts';

const pvs = Number(process.argv[2] ?? 100_000);
const tabs = Number(process.argv[3] ?? 1);
const seconds = Number(process.argv[4] ?? 10);
const TICK_MS = 100;

async function run(updatesPerSecond: number, clone: boolean) {
  let delivered = 0;
  let frames = 0;
  const sink = (message: TabMessage, transfer: Transferable[] = []) => {
    if (message.type !== 'frame') return;
    frames += 1;
    delivered += message.pvValues.length + (message.pvColumns?.length ?? 0);
    // The MessagePort to a tab structured-clones each frame (its columns are transferred).
    if (clone) structuredClone(message, { transfer });
  };
  const benchTabs: BenchTab[] = [];
  for (let t = 0; t < tabs; t++) {
    // Each tab shows its own slice of the plant; together they lease every PV.
    const keys: string[] = [];
    for (let nr = t; nr < pvs; nr += tabs) keys.push(aiKey(nr));
    benchTabs.push({ id: `tab${t}`, keys, sink });
  }
  const { timers, pv } = await inProcessEngine(benchTabs);
  const perTick = Math.round((updatesPerSecond * TICK_MS) / 1000);
  let next = 0;
  let stamp = 1;
  const started = performance.now();
  for (let tick = 0; tick < (seconds * 1000) / TICK_MS; tick++) {
    const batch = new Array(perTick);
    for (let i = 0; i < perTick; i++) {
      batch[i] = doubleValue(next, stamp, stamp);
      next = (next + 1) % pvs;
    }
    stamp += 1;
    pv.emit('newValues', batch);
    await timers.advance(TICK_MS);
  }
  const cpuMs = performance.now() - started;
  return { updatesPerSecond, cpuMs, simulatedMs: seconds * 1000, delivered, frames };
}

console.log(`engine throughput: ${pvs} PVs, ${tabs} tab(s), ${seconds} s of plant time per rate`);
for (const clone of [false, true]) {
  for (const rate of [10_000, 50_000, 100_000, 250_000]) {
    const r = await run(rate, clone);
    const share = (100 * r.cpuMs) / r.simulatedMs;
    const capacity = Math.round((rate * r.simulatedMs) / r.cpuMs);
    console.log(
      `${clone ? 'with frame clone' : 'engine only     '} ${String(rate).padStart(7)} updates/s: ` +
        `${share.toFixed(1)} % of one core, capacity ≈ ${capacity.toLocaleString('en')} updates/s, ` +
        `${r.frames} frames, ${r.delivered.toLocaleString('en')} values delivered`,
    );
  }
}
