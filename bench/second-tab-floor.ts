/**
 * What a second tab costs on this machine before any app: the floor under the warm-start
 * target (issue 45, first archive rows of a second tab). Serves a copy of a built client with
 * two pages beside it (bench/floor/, by harness/secondTabFloor.ts), keeps one tab on /alerts/archive with the
 * engine running and the service worker in control, as alerts-second-tab.ts does, then opens
 * second tabs in turn on:
 *
 * - `static`: the archive's 40 rows shaped alike, built with the DOM's own calls from a small
 *   module (no framework, no data to wait for);
 * - `react`: the same rows rendered by React alone (react-dom's client, no router, no texts);
 * - `app`: Pegel's archive page, its rows from the engine (`firstRowsMs`).
 *
 * Each figure runs from the tab's navigation to its rows painted (an animation frame, then a
 * task). The floor pages are kept out of the service worker's navigation fallback in the copy,
 * so they come from the server. Builds alternate within a round; asserts nothing.
 *
 *   npx vite build --outDir /tmp/dist && npx tsx bench/second-tab-floor.ts [--rounds 6] /tmp/dist
 */
import { resolve } from 'node:path';
import { median, percentile } from './harness/stats.ts';
import {
  ARCHIVE_BENCH_PATH,
  ARCHIVE_ROWS_MS,
  openArchiveBench,
  timeToPainted,
} from './harness/archiveTabs.ts';
import { ROWS_FLOOR_PAGES, servedCopy } from './harness/secondTabFloor.ts';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt < 0 ? 6 : Number(args.splice(roundsAt, 2)[1]);
const [distArg] = args;
if (!distArg || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: npx tsx bench/second-tab-floor.ts [--rounds N] dist');
  process.exit(2);
}

const PAGES = {
  ...ROWS_FLOOR_PAGES,
  app: { path: ARCHIVE_BENCH_PATH, painted: ARCHIVE_ROWS_MS },
} as const;
type PageName = keyof typeof PAGES;

const { dir: dist, remove } = await servedCopy(resolve(distArg));
const times: Record<PageName, number[]> = { static: [], react: [], app: [] };
const { context, first, close } = await openArchiveBench(dist);
try {
  for (let round = 0; round < rounds; round++) {
    for (const page of Object.keys(PAGES) as PageName[]) {
      const tab = await context.newPage();
      times[page].push(await timeToPainted(tab, PAGES[page].path, PAGES[page].painted));
      await tab.close();
      await first.waitForTimeout(1_000);
    }
    console.warn(
      `round ${round + 1}/${rounds}: ` +
        (Object.keys(times) as PageName[])
          .map((p) => `${p} ${Math.round(times[p].at(-1)!)}`)
          .join(', '),
    );
  }
} finally {
  await close();
  remove();
}
for (const [page, list] of Object.entries(times))
  console.warn(
    `${page.padEnd(6)} n=${list.length} median ${Math.round(median(list))} ms, ` +
      `p25 ${Math.round(percentile(list, 25))}, p75 ${Math.round(percentile(list, 75))}`,
  );
