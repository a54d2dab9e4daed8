/**
 * A second tab's first archive rows, built against built: an A/B of client builds on one
 * machine within the same hour (the alerts scenario's warm figure has n = 3 a run, and this
 * machine's noise is larger than the differences worth measuring). For each build in turn, a
 * reference server with 100,000 archive rows serves that build (PEGEL_DIST_DIR); one tab
 * opens /alerts/archive and keeps the engine running, then `probes` second tabs open the
 * archive one after another and report when their first rows were committed
 * (`__pegelBench.alerts.firstRowsMs()`, from navigation start). A build with the service
 * worker serves the second tabs from it: the probes start once it controls the first tab.
 * Builds alternate `rounds` times, so drift of the machine falls on all of them alike.
 *
 *   npx vite build --outDir /tmp/distA   (at the commit before)
 *   npx vite build --outDir /tmp/distB   (at the commit after)
 *   npx tsx bench/alerts-second-tab.ts [--rounds 3] [--probes 12] /tmp/distA /tmp/distB
 *
 * Prints n, median, mean and quartiles per build; asserts nothing. `--timeline` prints, per
 * build, the median time (from navigation start) at which each step of a second tab began and
 * ended: the document, each script and text file, the API calls (from the tab's resource
 * timings; `worker <name>` where the service worker's fetch handler took the request, from its
 * dispatch to the fetch), the `performance.mark`s a build sets, and the first rows painted.
 * `--cpu` also prints, per build, the median main-thread figures of a second tab from its
 * navigation to its first rows painted (CDP `Performance.getMetrics`: CPU, task, script,
 * style, layout, in ms): less noisy than the wall-clock figure, which waits for the cores the
 * first tab, its engine and the server share with it.
 */
import { resolve } from 'node:path';
import type { BrowserCdp } from './harness/BrowserCdp.ts';
import { percentile, median } from './harness/stats.ts';
import { openArchiveBench, timeToPainted } from './harness/archiveTabs.ts';
import { takeFlag, takeOption } from './harness/cliArgs.ts';

const args = process.argv.slice(2);
const timeline = takeFlag(args, 'timeline');
const cpu = takeFlag(args, 'cpu');
const rounds = Number(takeOption(args, 'rounds', '3'));
const probes = Number(takeOption(args, 'probes', '12'));
const builds = args.map((d) => resolve(d));
if (builds.length === 0) {
  console.error('usage: npx tsx bench/alerts-second-tab.ts [--rounds N] [--probes N] dist [dist…]');
  process.exit(2);
}

/** What a probe's tab saw: each step's name, start and end (ms from navigation start). */
type Step = [name: string, start: number, end: number];
const TIMELINE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const steps = [['document', 0, nav.responseEnd], ['domInteractive', nav.domInteractive, nav.domInteractive]];
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    if (u.origin !== location.origin) continue;
    // Hashes differ between builds: name a chunk by what comes before its hash.
    const name = u.pathname.startsWith('/assets/') ? u.pathname.slice(8).replace(/-[\\w-]{8}\\.(js|css)$/, '.$1') : u.pathname;
    steps.push([name, r.startTime, r.responseEnd]);
    // Handed to the service worker's fetch handler: from its dispatch to the fetch it made.
    // (or a static route chose its source, \`worker(network)\`, \`worker(cache)\`: Chromium 1xx).
    if (r.workerStart > 0) {
      const via = r.workerMatchedSourceType && r.workerMatchedSourceType !== 'fetch-event' ? '(' + r.workerMatchedSourceType + ')' : '';
      steps.push(['worker' + via + ' ' + name, r.workerStart, r.fetchStart]);
    }
  }
  for (const m of performance.getEntriesByType('mark')) steps.push(['mark ' + m.name, m.startTime, m.startTime]);
  return steps;
})()`;
const timelines = new Map<string, Step[][]>();
/** The main-thread figures read per probe, by build. */
const CPU_METRICS = {
  cpu: 'ThreadTime',
  task: 'TaskDuration',
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
} as const;
type CpuFigures = Record<keyof typeof CPU_METRICS, number>;
const cpuFigures = new Map<string, CpuFigures[]>();

/**
 * The engine's part of a probe, from its SharedWorker (CDP): its requests and marks since the
 * tab's navigation, as `engine <name>`, on the tab's clock. Read and cleared after each probe
 * (a worker keeps 250 resource timings by default).
 */
const ENGINE_TIMELINE = `(() => {
  const steps = [];
  for (const r of performance.getEntriesByType('resource')) {
    const u = new URL(r.name);
    const name = u.pathname.startsWith('/assets/') ? u.pathname.slice(8).replace(/-[\\w-]{8}\\.(js|css)$/, '.$1') : u.pathname;
    steps.push(['engine ' + name, r.startTime, r.responseEnd]);
  }
  for (const m of performance.getEntriesByType('mark')) steps.push(['engine mark ' + m.name, m.startTime, m.startTime]);
  performance.clearResourceTimings();
  performance.clearMarks();
  return JSON.stringify({ origin: performance.timeOrigin, steps });
})()`;

async function engineSteps(cdp: BrowserCdp, tabOrigin: number): Promise<Step[]> {
  const engine = (await cdp.targets()).find((t) => t.type === 'shared_worker');
  if (!engine) return [];
  const raw = await cdp.withTarget(engine.targetId, (sessionId) =>
    cdp.send<{ result: { value?: string } }>(
      'Runtime.evaluate',
      { expression: ENGINE_TIMELINE, returnByValue: true },
      sessionId,
    ),
  );
  if (!raw.result.value) return [];
  const { origin, steps } = JSON.parse(raw.result.value) as { origin: number; steps: Step[] };
  const shift = origin - tabOrigin;
  return steps
    .map(([name, start, end]): Step => [name, start + shift, end + shift])
    .filter(([, start]) => start >= 0);
}

async function measure(dist: string): Promise<number[]> {
  const { bench, context, first, close } = await openArchiveBench(dist);
  try {
    if (timeline) await engineSteps(bench.cdp, 0);
    const times: number[] = [];
    for (let i = 0; i < probes; i++) {
      const tab = await context.newPage();
      // Performance.getMetrics counts from the domain's enabling: before the navigation.
      const session = cpu ? await context.newCDPSession(tab) : null;
      await session?.send('Performance.enable', { timeDomain: 'threadTicks' });
      const rowsMs = await timeToPainted(tab);
      times.push(rowsMs);
      if (session) {
        const { metrics } = await session.send('Performance.getMetrics');
        const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        const figures = Object.fromEntries(
          Object.entries(CPU_METRICS).map(([key, name]) => [key, value(name) * 1000]),
        ) as CpuFigures;
        cpuFigures.set(dist, [...(cpuFigures.get(dist) ?? []), figures]);
        await session.detach();
      }
      if (timeline) {
        const steps = (await tab.evaluate(TIMELINE)) as Step[];
        steps.push(['first rows painted', rowsMs, rowsMs]);
        steps.push(
          ...(await engineSteps(
            bench.cdp,
            (await tab.evaluate('performance.timeOrigin')) as number,
          )),
        );
        timelines.set(dist, [...(timelines.get(dist) ?? []), steps]);
      }
      await tab.close();
      await first.waitForTimeout(1_000);
    }
    return times;
  } finally {
    await close();
  }
}

const samples = new Map<string, number[]>(builds.map((b) => [b, []]));
for (let round = 0; round < rounds; round++)
  for (const dist of builds) {
    const times = await measure(dist);
    samples.get(dist)!.push(...times);
    console.warn(
      `round ${round + 1}/${rounds} ${dist}: ${times.map((t) => Math.round(t)).join(' ')}`,
    );
  }
for (const [dist, times] of samples) {
  const mean = times.reduce((a, t) => a + t, 0) / times.length;
  console.warn(
    `${dist}: n=${times.length} median ${Math.round(median(times))} ms, mean ${Math.round(mean)}, ` +
      `p25 ${Math.round(percentile(times, 25))}, p75 ${Math.round(percentile(times, 75))}`,
  );
}

/** Per build, each step's median start and end over the probes that had it, by start. */
for (const [dist, probeSteps] of timelines) {
  const byName = new Map<string, { starts: number[]; ends: number[] }>();
  for (const steps of probeSteps)
    for (const [name, start, end] of steps) {
      const entry = byName.get(name) ?? { starts: [], ends: [] };
      entry.starts.push(start);
      entry.ends.push(end);
      byName.set(name, entry);
    }
  const rows = [...byName]
    .map(([name, { starts, ends }]) => ({
      name,
      n: starts.length,
      start: median(starts),
      end: median(ends),
    }))
    .sort((a, b) => a.start - b.start);
  console.warn(
    `\n${dist}: median step times of ${probeSteps.length} second tabs (ms from navigation)`,
  );
  for (const r of rows)
    console.warn(
      `${String(Math.round(r.start)).padStart(6)} → ${String(Math.round(r.end)).padStart(6)}  ${r.name}${r.n < probeSteps.length ? ` (n=${r.n})` : ''}`,
    );
}

for (const [dist, probes] of cpuFigures) {
  const line = (Object.keys(CPU_METRICS) as (keyof CpuFigures)[])
    .map((key) => `${key} ${Math.round(median(probes.map((p) => p[key])))}`)
    .join(', ');
  console.warn(`${dist}: main thread to first rows (medians of ${probes.length}, ms): ${line}`);
}
