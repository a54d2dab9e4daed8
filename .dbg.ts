import { chromium } from 'playwright-core';
import { startPlantServer } from './tests/support/plantServer.ts';
import { signInHttp } from './tests/support/login.ts';
const server = await startPlantServer();
try {
  const session = await signInHttp(server.url, 'operator');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext({ baseURL: server.url });
  const [name, value] = session.cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  page.on('framenavigated', (f) => { if (f === page.mainFrame()) console.log('nav', f.url()); });
  await page.goto('/alerts/performance');
  await page.locator('[data-figure="perHour"]').waitFor({ timeout: 60000 });
  await page.locator('.perf-choice').getByText('24 Stunden', { exact: true }).click();
  await page.waitForTimeout(1500);
  console.log('after 24h', page.url(), await page.locator('.perf-period').textContent());
  await page.locator('select[name="station"]').selectOption({ index: 1 });
  await page.waitForTimeout(1500);
  console.log('after station', page.url(), await page.locator('.perf-period').textContent());
  await browser.close();
} finally {
  await server.dispose();
}
