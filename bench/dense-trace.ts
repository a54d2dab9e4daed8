/**
 * `npx tsx bench/dense-trace.ts [values=5000] [seconds=6] [cost] [--settle=ms]`: what a dense process image
 * (the denseView scenario's grid of N value texts, each PV changing once a second, the
 * server's values in one burst a second) costs its tab's main thread, in the terms of a
 * Chromium trace and a V8 CPU profile: the cost window's task, script, style and layout time
 * in ms/s (CDP Performance metrics, as the scenario reads its busy figure), then the trace's
 * time by event and the profile's functions by self and inclusive time (source-mapped through
 * the build's maps). `cost` prints the cost window only (A/B runs). Serves the dist/ of the
 * checkout it lives in, or the build in `PEGEL_DIST_DIR`. Prints figures, asserts nothing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { DENSE_PVS_PER_STATION, denseSvg } from './baseline/denseGrid.ts';
import { launchTraceBrowser, metricsWindow, operatorContext } from './harness/alertList.ts';
import { loadEnv } from './harness/context.ts';
import { largest, profileTable } from './harness/profileTable.ts';
import { MAIN_THREAD_CATEGORIES, mainThreadTasks, recordTrace } from './harness/trace.ts';
import { profilePage } from './harness/workerProfile.ts';

const n = Number(process.argv[2] ?? 5000);
const seconds = Number(process.argv[3] ?? 6);
const costOnly = process.argv[4] === 'cost';
/** `--settle=<ms>`: the wait after the first value text before the cost window (default 10 s). */
const settleMs = Number(
  process.argv.find((a) => a.startsWith('--settle='))?.slice('--settle='.length) ?? 10_000,
);

const server = await startPlantServer({
  // The denseView scenario's plant (its `ctx.startServer`).
  env: {
    ...loadEnv({
      stations: Math.ceil(n / DENSE_PVS_PER_STATION),
      pvsPerStation: DENSE_PVS_PER_STATION,
      updatesPerSec: n,
    }),
    PEGEL_PLANT_TICK_MS: '1000',
    PEGEL_RATE_HEAVY_PER_MIN: '0',
  },
});
const browser = await launchTraceBrowser();
try {
  writeFileSync(join(server.dataDir, 'process-images', `dense-${n}.svg`), denseSvg(n));
  const context = await operatorContext(browser, server.url);
  const page = await context.newPage();
  await page.goto(`/process-images/dense-${n}`);
  await page.locator('.pi-host text.pi-value').first().waitFor({ timeout: 60_000 });
  // Every value arrived once, then the seconds after the first screen settle.
  await page.waitForTimeout(settleMs);
  const { secs, d } = await metricsWindow(page, seconds);
  const rate = (k: string) => ((d(k) * 1000) / secs).toFixed(1);
  console.log(
    `${n} values/s; main thread ms/s: task ${rate('TaskDuration')}, script ${rate('ScriptDuration')}, style ${rate('RecalcStyleDuration')}, layout ${rate('LayoutDuration')}`,
  );
  if (!costOnly) {
    const cdp = await context.newCDPSession(page);
    const { events } = await recordTrace(cdp, [...MAIN_THREAD_CATEGORIES], () =>
      page.waitForTimeout(4000),
    );
    const { on } = mainThreadTasks(events);
    const byName = new Map<string, number>();
    const counts = new Map<string, number>();
    for (const e of on) {
      byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur ?? 0));
      counts.set(e.name, (counts.get(e.name) ?? 0) + 1);
    }
    console.log(
      'trace, 4 s, main thread time by event (ms, inclusive; count):',
      largest(
        byName,
        16,
        (k, us) => `${k} ${(us / 1000).toFixed(1)} (${counts.get(k) ?? 0})`,
        ', ',
      ),
    );
    const { profile } = await profilePage(page, () => page.waitForTimeout(4000), 200);
    console.log(`CPU profile over 4 s:\n${profileTable(profile, 30)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
