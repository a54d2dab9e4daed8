/**
 * The engine's memory per leased PV, in process (no browser): what the soak scenario's
 * `bytesPerPv` measures in the SharedWorker, here in Node. Three tabs lease a base load;
 * then one tab leases N more PVs (keys made after the first reading, as keys arriving over
 * the port are new strings in the worker), each gets one value, and the heap gained
 * (JS heap + ArrayBuffer backing stores, as CDP's retainedSize) is divided by N.
 * Run: `node --expose-gc --import tsx bench/engine-memory.ts [pvs] [rounds]`.
 *
 * Node runs V8 without pointer compression: tagged fields take 8 bytes here and 4 in
 * Chrome, so object-heavy layouts measure larger here than in the browser; typed columns
 * measure the same in both.
 */
import { execFileSync } from 'node:child_process';
import { aiKey, doubleValue } from '../tests/support/engine/engineHarness.ts';
import { inProcessEngine } from './harness/inProcessEngine.ts';

const pvs = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 3);
const BASE_TABS = 3;
const BASE_PVS_PER_TAB = 200;
const BATCH = 1000;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (node --expose-gc --import tsx …)');

function heapBytes(): number {
  for (let i = 0; i < 4; i++) gc!();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function run(round: number): Promise<number> {
  let frames = 0;
  const { engine, timers, pv } = await inProcessEngine(
    Array.from({ length: BASE_TABS }, (_, t) => ({
      id: `tab${t}`,
      keys: Array.from({ length: BASE_PVS_PER_TAB }, (_, i) => aiKey(t * BASE_PVS_PER_TAB + i)),
      sink: (message) => {
        if (message.type === 'frame') frames++;
      },
    })),
  );
  const base = BASE_TABS * BASE_PVS_PER_TAB;
  // Every base PV holds a value, as after the soak's full load round.
  for (let nr = 0; nr < base; nr += BATCH)
    pv.emit(
      'newValues',
      Array.from({ length: Math.min(BATCH, base - nr) }, (_, i) => doubleValue(nr + i, 1, 1)),
    );
  await timers.advance(200);
  pv.received.length = 0;

  const before = heapBytes();
  // A fresh offset per round, so the keys are strings V8 has not seen (interned) before.
  const first = 1_000_000 * (round + 1);
  for (let start = 0; start < pvs; start += BATCH) {
    const keys: string[] = [];
    for (let nr = start; nr < Math.min(pvs, start + BATCH); nr++) keys.push(aiKey(first + nr));
    await engine.lease('tab0', 'pvValue', keys);
  }
  await timers.advance(100);
  for (let start = 0; start < pvs; start += BATCH) {
    const batch = [];
    for (let nr = start; nr < Math.min(pvs, start + BATCH); nr++)
      batch.push(doubleValue(first + nr, nr * 0.5, 1_700_000_000_000 + nr));
    pv.emit('newValues', batch);
    await timers.advance(20);
  }
  await timers.advance(200);
  // The fake hub records every invocation; a real transport keeps none.
  pv.received.length = 0;
  const after = heapBytes();
  if (engine.storeStats.pvValues !== base + pvs)
    throw new Error(`store holds ${engine.storeStats.pvValues} values, expected ${base + pvs}`);
  if (frames === 0) throw new Error('no frames sent');
  for (let t = 0; t < BASE_TABS; t++) await engine.disconnect(`tab${t}`);
  return (after - before) / pvs;
}

if (process.env.ENGINE_MEMORY_CHILD) {
  // One measurement per process: garbage of an earlier round (freed backing stores are
  // released lazily) would blur the next one.
  console.log(String(await run(Number(process.env.ENGINE_MEMORY_CHILD))));
} else {
  console.log(`engine memory: ${pvs} PVs leased on top of ${BASE_TABS * BASE_PVS_PER_TAB}`);
  const results: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const out = execFileSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, ENGINE_MEMORY_CHILD: String(round) },
      encoding: 'utf8',
    });
    const bytes = Number(out.trim().split('\n').at(-1));
    results.push(bytes);
    console.log(`round ${round + 1}: ${bytes.toFixed(1)} B per PV`);
  }
  results.sort((a, b) => a - b);
  console.log(`median: ${results[Math.floor(results.length / 2)]!.toFixed(1)} B per PV`);
}
