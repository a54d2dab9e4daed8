/**
 * The offline start as a wall monitor sees it (README "Offline start and updates"), at phone
 * and wall-monitor widths in German and Russian: each tab is served once by the built client's
 * service worker, the server stops, every tab opens /alerts (`offline-<lang>-<width>.png`: the
 * connection diagnosis with its countdown), the server starts again and each tab recovers by
 * itself (`recovered-<lang>-<width>.png`).
 *
 *   npm run build && npx tsx scripts/offline-screenshots.ts <outDir>
 */
import { chromium, type Page } from 'playwright-core';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp } from '../tests/support/login.ts';
import { LANGUAGE_STORAGE_KEY } from '../src/app/languageKey.ts';
import { cookiesForBrowser } from '../bench/harness/cookies.ts';
import { serviceWorkerServes } from '../bench/harness/serviceWorker.ts';

const [outDir = 'screenshots'] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const TABS = [
  ['de', 1920],
  ['de', 360],
  ['ru', 1920],
  ['ru', 360],
] as const;
const conn = (page: Page, state: string) =>
  page.locator(`.shell-header .conn[data-connection="${state}"]`);

// The server stops and starts again on a copy of the client, as in tests/e2e/pwa.spec.ts.
const dist = mkdtempSync(join(tmpdir(), 'pegel-dist-'));
cpSync('dist', dist, { recursive: true });
const server = await startPlantServer({
  env: { PEGEL_DIST_DIR: dist, PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0' },
});
const browser = await chromium.launch({
  executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const session = await signInHttp(server.url, 'operator');
  const tabs: { page: Page; file: string }[] = [];
  for (const [lang, width] of TABS) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 780 : 1080 },
      baseURL: server.url,
      serviceWorkers: 'allow',
    });
    await context.addCookies(cookiesForBrowser(session.cookie, server.url));
    await context.addInitScript(
      ([key, language]) => localStorage.setItem(key!, language!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    const page = await context.newPage();
    await page.goto('/stations');
    if (!(await serviceWorkerServes(page)))
      throw new Error(
        'No service worker serves the page: build the client with it (npm run build)',
      );
    tabs.push({ page, file: `${lang}-${width}.png` });
  }
  await server.stop();
  for (const { page, file } of tabs) {
    await page.goto('/alerts');
    await conn(page, 'webServer').locator('.conn-retry').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(outDir, `offline-${file}`) });
  }
  await server.restart();
  for (const { page, file } of tabs) {
    await conn(page, 'connected').waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.screenshot({ path: join(outDir, `recovered-${file}`) });
  }
} finally {
  await browser.close();
  await server.dispose();
  rmSync(dist, { recursive: true, force: true });
}
