/**
 * A date filter on the alert archive typed from a browser in another zone (issue 57 items 2
 * and 5): the condition's time is the plant's wall time (Europe/Berlin), so the engine cuts
 * the archive there, not hours off in the browser's zone.
 */
import { expect, testOnPlant } from '../fixtures.ts';
import { axeViolations, WCAG22_AA } from '../axe.ts';
import { signIn } from '../auth.ts';
import { dateField, typeWall } from '../dateField.ts';

const test = testOnPlant({ PEGEL_ALERT_ARCHIVE_SEED: '20000' });

/** `27.11.2026, 14:30:12` as the alert table shows it → `2026-11-27T14:30:12`. */
const wallOfCell = (text: string) => {
  const m = /(\d{2})\.(\d{2})\.(\d{4}),? (\d{2}):(\d{2}):(\d{2})/.exec(text);
  return m ? `${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}` : '';
};

test('ZP6: an alert archive filter "before" a typed time cuts at that time on the plant clock', async ({
  page,
}) => {
  await signIn(page, 'operator', '/alerts/archive');
  await page.getByLabel('Zeitraum').selectOption('last12Months');
  const summary = page.locator('.alerts-summary');
  await expect(summary).toContainText(/\d{1,3}\.\d{3} Meldungen/, { timeout: 30_000 });
  // Newest first (the archive's own order; a click on the header turns it).
  const sorted = page.locator('.alert-head [aria-sort="descending"]');
  if (!(await sorted.filter({ hasText: 'Zeit' }).count()))
    await page.locator('.alert-head').getByRole('button', { name: 'Zeit' }).click();
  await expect(sorted).toContainText('Zeit');
  const times = page.locator('.alert-scroll .col-time');
  const newest = async () => (await times.allTextContents()).map(wallOfCell).sort().at(-1) ?? '';
  const last = await newest();
  // Three hours before the newest alert, as wall text (no clock change in between here).
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(last)!;
  const cutMs = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 3, +m[5]!);
  const cut = new Date(cutMs).toISOString().slice(0, 16);

  await page.getByRole('button', { name: /^Filter/ }).click();
  await page.getByRole('button', { name: 'Bedingung hinzufügen' }).click();
  await page.getByLabel('Spalte', { exact: true }).selectOption('timestamp');
  await page.getByLabel('Bedingung', { exact: true }).selectOption('before');
  await typeWall(dateField(page.locator('.filter-group'), 'Wert'), cut);
  await expect.poll(async () => (await newest()) < `${cut}:00`, { timeout: 30_000 }).toBe(true);
  // Not far below either: the browser's own zone would cut hours away from it.
  expect((await newest()) > new Date(cutMs - 3 * 3_600_000).toISOString().slice(0, 19)).toBe(true);
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.filter-group' })).toEqual([]);
});
