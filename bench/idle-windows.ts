/**
 * An idle station page's main thread, window by window, from its opening on (issue 58): one
 * tab on /stations/1 of a fresh load server at 0 updates/s, opened once the PVs' ages read
 * minutes (past the server's first minute), as `idleTab` opens its page with ages in minutes;
 * after the service worker serves it, `n` windows of `s` seconds in a row, each read with CDP
 * Performance.getMetrics: ThreadTime (time on a core), TaskDuration (inside tasks),
 * ScriptDuration, style recalculations, layouts and the JS heap. Says whether what `idleTab`
 * reads in a window with no script is the page's start fading or a cost each idle second.
 *
 * `npx tsx bench/idle-windows.ts [windows = 12] [seconds = 5] [--gc]` (`--gc`: a collection
 * through CDP first, as `idleTab` does); against the build the server serves (PEGEL_DIST_DIR).
 */
import { startIdleStationPlant } from './harness/idleStationPlant.ts';
import { openMetricsSession, pageHeap } from './harness/pageProbes.ts';
import { agesShown } from './harness/pageVisibility.ts';
import { serviceWorkerServes } from './harness/serviceWorker.ts';
import { waitForExpression } from './harness/waitForExpression.ts';

const args = process.argv.slice(2);
const [windows = 12, seconds = 5] = args.filter((a) => !a.startsWith('--')).map(Number);
const gc = args.includes('--gc');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const { server, serverStart, browser, page } = await startIdleStationPlant();
try {
  await sleep(Math.max(0, serverStart + 62_000 - Date.now()));
  const opened = Date.now();
  await page.goto('/stations/1');
  await waitForExpression(page, `window.__pegelBench?.snapshot?.().firstValueMs != null`, {
    timeout: 30_000,
  });
  await serviceWorkerServes(page);
  if (gc) await pageHeap(page, true);
  console.log(
    `opened, service worker serving after ${((Date.now() - opened) / 1000).toFixed(1)} s${gc ? ', collected' : ''}`,
  );
  console.log('  from open   thread  tasks  script ms/s  styles  layouts  heap MB  age');
  const session = await openMetricsSession(page);
  let before = await session.read();
  let t0 = Date.now();
  for (let w = 0; w < windows; w++) {
    await sleep(seconds * 1000);
    const after = await session.read();
    const t1 = Date.now();
    const per = (name: string, scale = 1000) =>
      (((after[name] ?? 0) - (before[name] ?? 0)) * scale * 1000) / (t1 - t0);
    console.log(
      `  ${((t0 - opened) / 1000).toFixed(0).padStart(6)} s  ${per('ThreadTime').toFixed(2).padStart(6)}  ${per('TaskDuration').toFixed(2).padStart(5)}  ${per('ScriptDuration').toFixed(2).padStart(11)}  ${per(
        'RecalcStyleCount',
        1 / 1000,
      )
        .toFixed(1)
        .padStart(6)}  ${per('LayoutCount', 1 / 1000)
        .toFixed(1)
        .padStart(
          7,
        )}  ${((after.JSHeapUsedSize ?? 0) / 1e6).toFixed(1).padStart(7)}  ${String(await page.evaluate(agesShown))}`,
    );
    before = await session.read();
    t0 = Date.now();
  }
  await session.close();
} finally {
  await browser.close();
  await server.dispose();
}
