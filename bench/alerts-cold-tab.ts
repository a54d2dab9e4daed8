/**
 * A cold tab's first archive rows, built against built: the alerts scenario's cold figure
 * (n = 3 a run) with more probes, alternating the builds. For each build in turn, a reference
 * server with 100,000 archive rows serves it (PEGEL_DIST_DIR); each probe launches a new
 * browser, signs in by cookie and opens /alerts/archive: no engine, no service worker, no
 * cache, as the scenario's cold tab. Prints per build n, median and quartiles of the first rows
 * painted (from navigation start), and the median main-thread figures to them (CDP
 * `Performance.getMetrics`, as `alerts-second-tab.ts --cpu`). Asserts nothing.
 *
 *   npx vite build --outDir /tmp/distA   (at the commit before)
 *   npx vite build --outDir /tmp/distB   (at the commit after)
 *   npx tsx bench/alerts-cold-tab.ts [--rounds 3] [--probes 4] /tmp/distA /tmp/distB
 */
import { resolve } from 'node:path';
import { median, percentile } from './harness/stats.ts';
import { coldSignedInTab, startArchivePlant, timeToPainted } from './harness/archiveTabs.ts';
import { launchChromium } from './harness/browser.ts';
import { takeOption } from './harness/cliArgs.ts';
import { signInHttp } from '../tests/support/login.ts';

const args = process.argv.slice(2);
const rounds = Number(takeOption(args, 'rounds', '3'));
const probes = Number(takeOption(args, 'probes', '4'));
const builds = args.map((d) => resolve(d));
if (builds.length === 0) {
  console.error('usage: npx tsx bench/alerts-cold-tab.ts [--rounds N] [--probes N] dist [dist…]');
  process.exit(2);
}

interface Probe {
  rowsMs: number;
  cpuMs: number;
  scriptMs: number;
}

async function measure(dist: string): Promise<Probe[]> {
  const server = await startArchivePlant(dist);
  try {
    const { cookie } = await signInHttp(server.url);
    const out: Probe[] = [];
    for (let i = 0; i < probes; i++) {
      const browser = await launchChromium();
      try {
        const { context, tab } = await coldSignedInTab(browser, server.url, cookie);
        const session = await context.newCDPSession(tab);
        await session.send('Performance.enable', { timeDomain: 'threadTicks' });
        const rowsMs = await timeToPainted(tab);
        const { metrics } = await session.send('Performance.getMetrics');
        const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        out.push({ rowsMs, cpuMs: value('ThreadTime'), scriptMs: value('ScriptDuration') });
      } finally {
        await browser.close();
      }
    }
    return out;
  } finally {
    await server.dispose();
  }
}

const samples = new Map<string, Probe[]>(builds.map((b) => [b, []]));
for (let round = 0; round < rounds; round++)
  for (const dist of builds) {
    const got = await measure(dist);
    samples.get(dist)!.push(...got);
    console.warn(
      `round ${round + 1}/${rounds} ${dist}: ${got.map((p) => Math.round(p.rowsMs)).join(' ')}`,
    );
  }
for (const [dist, got] of samples) {
  const times = got.map((p) => p.rowsMs);
  console.warn(
    `${dist}: n=${times.length} median ${Math.round(median(times))} ms, ` +
      `p25 ${Math.round(percentile(times, 25))}, p75 ${Math.round(percentile(times, 75))}; ` +
      `main thread to first rows (medians): cpu ${Math.round(median(got.map((p) => p.cpuMs)))}, ` +
      `script ${Math.round(median(got.map((p) => p.scriptMs)))} ms`,
  );
}
