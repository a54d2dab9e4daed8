/**
 * The plant's clock seen from a browser elsewhere (issue 57): the projects `new-york` and
 * `kathmandu` open these pages from America/New_York and Asia/Kathmandu while the plant runs
 * on Europe/Berlin. A preset range and a report's day are the plant's, on a day of a change
 * of summer time too. (Typing into the date pickers and chart ticks: their own specs here.)
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { signIn } from '../auth.ts';
import { startOfUnit } from '../../../src/domain/clock.ts';
import { PLANT_ZONE } from '../plantWall.ts';

test('ZC1: the preset "today" asks for the plant’s day, not the browser’s', async ({ page }) => {
  await signIn(page, 'operator', '/events/system');
  // The page opens on the last 7 days: the request for one day is the preset's.
  const oneDay = (url: URL) =>
    Date.parse(url.searchParams.get('end') ?? '') -
      Date.parse(url.searchParams.get('start') ?? '') <
    2 * 86_400_000;
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/systemevents') && oneDay(new URL(r.url())),
  );
  await page.getByLabel('Zeitraum').first().selectOption('today');
  const url = new URL((await asked).url());
  const start = Date.parse(url.searchParams.get('start')!);
  const end = Date.parse(url.searchParams.get('end')!);
  const midnight = startOfUnit(Date.now(), 'Days', PLANT_ZONE);
  // Midnight may pass between the click and here: then it is the day before's.
  expect([midnight, startOfUnit(midnight - 1, 'Days', PLANT_ZONE)]).toContain(start);
  expect(startOfUnit(start, 'Days', PLANT_ZONE)).toBe(start);
  expect(startOfUnit(end, 'Days', PLANT_ZONE)).toBe(end);
  expect((end - start) / 3_600_000).toBeGreaterThanOrEqual(23);
  const browserMidnight = await page.evaluate((at) => new Date(at).setHours(0, 0, 0, 0), start);
  expect(browserMidnight).not.toBe(start);
});

/** The hour rows of the daily report of station 201 for the plant date `date`. */
async function dailyReportRows(page: Page, date: string): Promise<Locator> {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', `/reports/daily/201?date=${date}`);
  return page.locator('.report-table tbody tr');
}
/** A report row's first cell: its plant hours, `00:00 – 01:00`. */
const hourOf = (row: Locator) => row.locator('th, td').first();

test('ZC2: the daily report of 25 October 2026 has the plant’s 25 hours, midnight to midnight', async ({
  page,
}) => {
  const rows = await dailyReportRows(page, '2026-10-25');
  await expect(rows).toHaveCount(25);
  await expect(hourOf(rows.first())).toHaveText(/^00:00\s*–\s*01:00$/);
  await expect(hourOf(rows.last())).toHaveText(/^23:00\s*–\s*00:00$/);
  // The repeated hour: 02:00 summer time, then 02:00 winter time.
  await expect(hourOf(rows.nth(2))).toHaveText(/^02:00/);
  await expect(hourOf(rows.nth(3))).toHaveText(/^02:00\s*–\s*03:00$/);
});

test('ZC3: the daily report of 29 March 2026 has the plant’s 23 hours', async ({ page }) => {
  const rows = await dailyReportRows(page, '2026-03-29');
  await expect(rows).toHaveCount(23);
  await expect(hourOf(rows.first())).toHaveText(/^00:00\s*–\s*01:00$/);
  await expect(hourOf(rows.nth(1))).toHaveText(/^01:00\s*–\s*03:00$/);
  await expect(hourOf(rows.last())).toHaveText(/^23:00\s*–\s*00:00$/);
});
