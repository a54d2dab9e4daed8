/**
 * Screenshots of pages as operators see them, at phone and wall-monitor widths:
 * `npx tsx scripts/screenshots.ts <outDir> /stations /stations/1 …` against a fresh server.
 */
import { chromium } from 'playwright-core';
import { startPlantServer } from '../tests/support/plantServer.ts';
import { signInHttp } from '../tests/support/login.ts';

const [outDir = 'screenshots', ...paths] = process.argv.slice(2);
const server = await startPlantServer();
try {
  const session = await signInHttp(server.url, 'operator');
  const browser = await chromium.launch({
    executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  for (const width of [360, 1920]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 780 : 1080 },
      baseURL: server.url,
    });
    const [name, value] = session.cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    for (const path of paths.length ? paths : ['/']) {
      await page.goto(path);
      await page.waitForTimeout(2500);
      const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`;
      await page.screenshot({ path: file, fullPage: false });
      console.log(file);
    }
    await context.close();
  }
  await browser.close();
} finally {
  await server.dispose();
}
