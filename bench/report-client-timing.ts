/**
 * The client's time from report data to drawn table, in headless Chromium against the real
 * server: the report page marks the answer's arrival (`pegel-report-data`) and measures to the
 * first animation frame after the table was committed (`pegel-report-drawn`). Each report is
 * loaded `runs` times (previous/next period, so every load draws a new table). Run with
 * `npm run build && npx tsx bench/report-client-timing.ts [runs=10]`; prints, asserts nothing.
 */
import { chromium } from 'playwright-core';
import { formatReportDate, parseReportDate, todayIn } from '../src/domain/reportPeriod.ts';
import { signInHttp } from '../tests/support/login.ts';
import { startPlantServer } from '../tests/support/plantServer.ts';

const runs = Number(process.argv[2] ?? 10);
const server = await startPlantServer();
try {
  const session = await signInHttp(server.url, 'operator');
  const browser = await chromium.launch({
    executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    baseURL: server.url,
  });
  const [name, value] = session.cookie.split(';')[0]!.split('=');
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  const yesterday = formatReportDate(
    parseReportDate(todayIn(Date.now(), 'Europe/Berlin'))! - 86_400_000,
  );
  for (const [label, path] of [
    ['daily (24 rows × 16 columns)', `/reports/daily/201?date=${yesterday}`],
    ['monthly (30-31 rows × 16)', `/reports/monthly/201?date=${yesterday}`],
    ['annual (12 rows × 16)', `/reports/annual/201?date=${yesterday}`],
    ['special report, 366 days', `/reports/special/2?date=2025-11-01&to=2026-11-01`],
  ] as const) {
    await page.goto(path);
    await page.locator('.report-table tbody tr').first().waitFor();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.evaluate(() => performance.clearMeasures('pegel-report-drawn'));
      await page
        .getByRole('button', { name: i % 2 ? 'Nächster Zeitraum' : 'Vorheriger Zeitraum' })
        .click();
      const ms = await page.waitForFunction(
        () => performance.getEntriesByName('pegel-report-drawn', 'measure')[0]?.duration,
      );
      times.push((await ms.jsonValue()) as number);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(32)} data to drawn table: median ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${runs} loads)`,
    );
  }
  await browser.close();
} finally {
  await server.dispose();
}
