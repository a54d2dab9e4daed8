/**
 * AV11 in the browser: the current list's virtualizer is given the list's count only near the
 * view (src/features/alerts/AlertTable.tsx `virtualCount`). A list that grew by a flood while
 * the operator watched its top still scrolls to its very end: a jump to the bottom (the
 * scrollbar dragged down) paints the last rows in its first frame, never an empty box, and
 * End focuses the oldest alert.
 */
import type { Page } from '@playwright/test';
import { expect, testOnPlant } from './fixtures.ts';
import { openAlertList } from './alertList.ts';

const FLOOD = 1_500;

const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '100',
  PEGEL_ALERT_FLOOD_COUNT: String(FLOOD),
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
});

/** The list's alerts (aria-rowcount counts the head row too). */
const total = (page: Page) =>
  page.evaluate(
    () => Number(document.querySelector('.alert-table')!.getAttribute('aria-rowcount')) - 1,
  );

/**
 * The list's alerts and the indexes of the rows (alerts or their placeholders) inside its
 * visible box, read together: an alert of the plant may still come meanwhile.
 */
const IN_VIEW = `(() => {
  const box = document.querySelector('.alert-scroll').getBoundingClientRect();
  const indexes = [...document.querySelectorAll('.alert-rows > .alert-row')]
    .filter((r) => {
      const b = r.getBoundingClientRect();
      return b.bottom > box.top + 1 && b.top < box.bottom - 1;
    })
    .map((r) => Number(r.getAttribute('aria-rowindex')) - 2);
  const total = Number(document.querySelector('.alert-table').getAttribute('aria-rowcount')) - 1;
  const last = document.querySelector('.alert-row[data-index="' + (total - 1) + '"]');
  return { total, indexes, lastIsAlert: !!last && last.hasAttribute('data-alert-id') };
})()`;

interface InView {
  total: number;
  indexes: number[];
  lastIsAlert: boolean;
}

test('AF-E4 (AV11): a list grown by a flood while its top was watched scrolls to its end at once, and End reaches the oldest alert', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openAlertList(page);
  const time = page.locator('.alert-head [role="columnheader"].col-time');
  await time.locator('button').click();
  await expect(time).toHaveAttribute('aria-sort', 'descending');
  // The flood goes on while the top is in view, then ends.
  await expect.poll(() => total(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(FLOOD);
  const rows = await total(page);

  // Every painted frame from the jump on: how many rows stood in the box.
  await page.evaluate(`(() => {
    const frames = [];
    window.__inView = frames;
    const box = document.querySelector('.alert-scroll');
    box.scrollTop = box.scrollHeight;
    const step = () => {
      frames.push(${IN_VIEW}.indexes.length);
      if (frames.length < 30) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })()`);
  await expect
    .poll(() => page.evaluate(() => (window as Window & { __inView?: number[] }).__inView!.length))
    .toBe(30);
  const frames = await page.evaluate(() => (window as Window & { __inView?: number[] }).__inView!);
  expect(Math.min(...frames), `rows in the box per frame: ${frames.join(', ')}`).toBeGreaterThan(5);
  // The last rows in the box, the oldest alert itself (not a placeholder) once the engine
  // sent the window.
  await expect
    .poll(async () => {
      const seen = (await page.evaluate(IN_VIEW)) as InView;
      return seen.lastIsAlert && Math.max(...seen.indexes) === seen.total - 1;
    })
    .toBe(true);

  // Back to the top, then End from the keyboard.
  await page.evaluate(() => {
    document.querySelector('.alert-scroll')!.scrollTop = 0;
  });
  await expect(page.locator('.alert-row[data-index="0"][data-alert-id]')).toBeVisible();
  const grid = page.getByRole('grid');
  await grid.focus();
  await page.keyboard.press('End');
  // The last row when End was pressed (an alert of the plant may have come since).
  const focused = page.locator('.alert-row.is-focused[data-alert-id]');
  await expect(focused).toBeVisible();
  expect(Number(await focused.getAttribute('data-index'))).toBeGreaterThanOrEqual(rows - 1);
  expect(await grid.getAttribute('aria-activedescendant')).toBe(await focused.getAttribute('id'));
});
