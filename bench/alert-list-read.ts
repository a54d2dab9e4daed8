/**
 * The engine's read of a whole archive range (GET /api/alerts, 100,000 rows, ~30 MB) on this
 * machine: `readArrayField` (workers/jsonArrayField.ts) in slices against one JSON.parse of the
 * whole text. Run with `npx tsx bench/alert-list-read.ts [rows]`; prints the figures (total time,
 * the longest slice the thread was held, pauses), asserts nothing.
 */
import { readArrayField, type SliceScheduler } from '../workers/jsonArrayField.ts';
import { isAlert } from '../workers/alerts/alertMessages.ts';
import { makeAlerts } from '../tests/unit/alerts/alertFixtures.ts';

const rows = Number(process.argv[2] ?? 100_000);
const RUNS = 5;
/** What a fetch body delivers at a time. */
const CHUNK_BYTES = 64 * 1024;

const text = JSON.stringify({ alerts: makeAlerts(rows, 42), remainingCount: 0 });
const bytes = new TextEncoder().encode(text);

function body(): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, (at += CHUNK_BYTES)));
    },
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sliced: { total: number; longest: number; pauses: number }[] = [];
const whole: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let longest = 0;
  let pauses = 0;
  let resumed = performance.now();
  const scheduler: SliceScheduler = {
    now: () => performance.now(),
    pause: () => {
      longest = Math.max(longest, performance.now() - resumed);
      pauses++;
      return new Promise((resolve) =>
        setImmediate(() => {
          resumed = performance.now();
          resolve();
        }),
      );
    },
  };
  const started = performance.now();
  const { elements } = await readArrayField(body(), 'alerts', isAlert, scheduler);
  longest = Math.max(longest, performance.now() - resumed);
  if (elements.length !== rows) throw new Error(`read ${elements.length} of ${rows} rows`);
  sliced.push({ total: performance.now() - started, longest, pauses });
  const t = performance.now();
  (JSON.parse(new TextDecoder().decode(bytes)) as { alerts: unknown[] }).alerts.filter(isAlert);
  whole.push(performance.now() - t);
}
console.log(`${rows} rows, ${(bytes.length / 1e6).toFixed(1)} MB, medians of ${RUNS} runs:`);
console.log(
  `  in slices: ${median(sliced.map((s) => s.total)).toFixed(0)} ms in all, longest slice ` +
    `${median(sliced.map((s) => s.longest)).toFixed(1)} ms, ${median(sliced.map((s) => s.pauses))} pauses`,
);
console.log(`  at once (decode + JSON.parse + check): ${median(whole).toFixed(0)} ms in one task`);
