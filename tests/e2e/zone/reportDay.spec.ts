/**
 * A report's day typed from a browser in another zone (issue 57 items 2 and 5): the projects
 * new-york and kathmandu type a day into the report's date field while the plant runs on
 * Europe/Berlin. The day typed is the plant's calendar day the server is asked for, never the
 * browser's day of some instant, on the day the clocks go forward too.
 */
import { expect, test } from '../fixtures.ts';
import { axeViolations, WCAG22_AA } from '../axe.ts';
import { signIn } from '../auth.ts';
import { dateField, typeWall, wallOf } from '../dateField.ts';

test('ZR1: a daily report’s day typed from elsewhere is the plant day the server is asked for', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/reports/daily/201?date=2026-03-20');
  await expect(page.locator('.report-table tbody tr')).toHaveCount(24);
  const field = dateField(page, 'Datum');
  // The field names the plant's zone for a browser elsewhere.
  await expect(field.locator('.date-field-zone')).toBeVisible();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/Report/data/') && r.url().includes('date=2026-03-29'),
  );
  await typeWall(field, '2026-03-29');
  expect(new URL((await asked).url()).searchParams.get('date')).toBe('2026-03-29');
  await expect(page).toHaveURL(/date=2026-03-29/);
  // The plant's 29 March: 23 hours from its midnight.
  const rows = page.locator('.report-table tbody tr');
  await expect(rows).toHaveCount(23);
  await expect(rows.first().locator('th, td').first()).toHaveText(/^00:00\s*–\s*01:00$/);
  await expect.poll(() => wallOf(field)).toBe('2026-03-29');
  // The next-day button steps the plant's calendar, not 24 browser hours.
  await page.getByRole('button', { name: 'Nächster Zeitraum' }).click();
  await expect(page).toHaveURL(/date=2026-03-30/);
  await expect.poll(() => wallOf(field)).toBe('2026-03-30');
  expect(await axeViolations(page, { tags: WCAG22_AA })).toEqual([]);
});
