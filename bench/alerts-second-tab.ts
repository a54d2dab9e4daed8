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
 * Prints n, median, mean and quartiles per build; asserts nothing.
 */
import { resolve } from 'node:path';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp } from '../tests/support/login.ts';
import { launchBrowser } from './harness/browser.ts';
import { percentile, median } from './harness/stats.ts';
import { waitForExpression } from './harness/waitForExpression.ts';
import { serviceWorkerServes } from './harness/serviceWorker.ts';

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return Number(value);
}
const rounds = option('rounds', 3);
const probes = option('probes', 12);
const builds = args.map((d) => resolve(d));
if (builds.length === 0) {
  console.error('usage: npx tsx bench/alerts-second-tab.ts [--rounds N] [--probes N] dist [dist…]');
  process.exit(2);
}

const PATH = '/alerts/archive?bench=1';
const FIRST_ROWS = `window.__pegelBench?.alerts?.firstRowsMs() != null`;
const ROWS_MS = `window.__pegelBench.alerts.firstRowsMs()`;

async function measure(dist: string): Promise<number[]> {
  const server = await startPlantServer({
    env: {
      PEGEL_DIST_DIR: dist,
      PEGEL_ALERT_ARCHIVE_SEED: '100000',
      PEGEL_RATE_HEAVY_PER_MIN: '0',
    },
  });
  const bench = await launchBrowser();
  try {
    const context = await bench.browser.newContext({
      baseURL: server.url,
      viewport: { width: 1920, height: 1080 },
    });
    const { cookie } = await signInHttp(server.url);
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    const first = await context.newPage();
    await first.goto(PATH);
    await waitForExpression(first, FIRST_ROWS, { timeout: 60_000 });
    // A build with the service worker: the second tabs start from Cache Storage, as every tab
    // after an operator's first does (a build without one goes on at once).
    await serviceWorkerServes(first);
    // The whole range loads after the first rows; the second tabs come once it is in.
    await first.waitForTimeout(4_000);
    const times: number[] = [];
    for (let i = 0; i < probes; i++) {
      const tab = await context.newPage();
      await tab.goto(PATH);
      await waitForExpression(tab, FIRST_ROWS, { timeout: 60_000 });
      times.push((await tab.evaluate(ROWS_MS)) as number);
      await tab.close();
      await first.waitForTimeout(1_000);
    }
    return times;
  } finally {
    await bench.close();
    await server.dispose();
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
