/**
 * The setting of the second-tab benches (alerts-second-tab.ts, second-tab-floor.ts,
 * code-cache-trace.ts): a reference server with 100,000 archive rows serving a build, and a
 * first tab on the archive that keeps the engine running and lets the build's service worker
 * (if it has one) take control, as every tab after an operator's first finds it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startPlantServer, type PlantServerHandle } from '../../tests/support/plantServer.ts';
import { signInHttp } from '../../tests/support/login.ts';
import { launchBrowser, type BenchBrowser } from './browser.ts';
import { cookiesForBrowser } from './cookies.ts';
import { serviceWorkerServes } from './serviceWorker.ts';
import { waitForExpression } from './waitForExpression.ts';

export const ARCHIVE_BENCH_PATH = '/alerts/archive?bench=1';
/** The archive page's first rows painted, ms from navigation (null until then). */
export const ARCHIVE_ROWS_MS = 'window.__pegelBench?.alerts?.firstRowsMs()';

/** A reference server serving the build in `dist`, with 100,000 archive rows to load. */
export function startArchivePlant(dist: string): Promise<PlantServerHandle> {
  return startPlantServer({
    env: {
      PEGEL_DIST_DIR: dist,
      PEGEL_ALERT_ARCHIVE_SEED: '100000',
      PEGEL_RATE_HEAVY_PER_MIN: '0',
    },
  });
}

/** Opens `path` in `page` and returns when `painted` (an expression) says it was painted. */
export async function timeToPainted(
  page: Page,
  path = ARCHIVE_BENCH_PATH,
  painted = ARCHIVE_ROWS_MS,
): Promise<number> {
  await page.goto(path);
  await waitForExpression(page, `${painted} != null`, { timeout: 60_000 });
  return (await page.evaluate(painted)) as number;
}

/**
 * A cold tab as a new browser gives it (alerts-cold-tab.ts, entry-coverage.ts): a 1920×1080
 * context of `browser` holding the session `cookie`, and a blank page in it.
 */
export async function coldSignedInTab(
  browser: Browser,
  serverUrl: string,
  cookie: string,
): Promise<{ context: BrowserContext; tab: Page }> {
  const context = await browser.newContext({
    baseURL: serverUrl,
    viewport: { width: 1920, height: 1080 },
  });
  await context.addCookies(cookiesForBrowser(cookie, serverUrl));
  return { context, tab: await context.newPage() };
}

/**
 * Signs `context` in and opens the archive in its first tab (a persistent context's own, else
 * a new one): its rows painted, the service worker in control, then the whole range loaded
 * (it loads after the first rows) before any second tab comes.
 */
export async function openFirstArchiveTab(
  context: BrowserContext,
  serverUrl: string,
  path = ARCHIVE_BENCH_PATH,
): Promise<{ first: Page; controlled: boolean }> {
  const { cookie } = await signInHttp(serverUrl);
  await context.addCookies(cookiesForBrowser(cookie, serverUrl));
  const first = context.pages()[0] ?? (await context.newPage());
  await timeToPainted(first, path);
  const controlled = await serviceWorkerServes(first);
  await first.waitForTimeout(4_000);
  return { first, controlled };
}

export interface ArchiveBench {
  server: PlantServerHandle;
  bench: BenchBrowser;
  /** A 1920×1080 context whose first tab is open on the archive (`openFirstArchiveTab`). */
  context: BrowserContext;
  first: Page;
  close(): Promise<void>;
}

/** The archive plant on `dist`, a browser, and its first archive tab open, ready for seconds. */
export async function openArchiveBench(dist: string): Promise<ArchiveBench> {
  const server = await startArchivePlant(dist);
  const bench = await launchBrowser();
  const close = async () => {
    await bench.close();
    await server.dispose();
  };
  try {
    const context = await bench.browser.newContext({
      baseURL: server.url,
      viewport: { width: 1920, height: 1080 },
    });
    // A build with the service worker: the second tabs start from Cache Storage, as every tab
    // after an operator's first does (a build without one goes on at once).
    const { first } = await openFirstArchiveTab(context, server.url);
    return { server, bench, context, first, close };
  } catch (error) {
    await close();
    throw error;
  }
}
