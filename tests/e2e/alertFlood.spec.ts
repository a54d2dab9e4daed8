/**
 * An alarm flood against the real server (PEGEL_ALERT_FLOOD_PER_SEC): new alarms keep
 * arriving at the top of the current list, and the rows below them keep their elements and
 * only move (keyed by alert on desktop), so a flood does not redraw every visible cell on
 * every frame (bench/scenarios/alertFlood.ts measures the cost); a cell clips its text only
 * where it does not fit (AV10).
 */
import type { Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { expect, testOnPlant } from './fixtures.ts';
import { openAlertList } from './alertList.ts';

const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '3',
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
});

test('AF-E1: during a flood new alarms come in at the top and the rows below keep their elements', async ({
  page,
}) => {
  await openAlertList(page);
  const top = page.locator('.alert-row[data-index="0"]');
  await expect(top).toBeVisible();
  // Read the top row's alert and mark its element in one step: in two, a new alarm could come
  // in between and the mark land on another row.
  const id = await top.evaluate((el) => {
    el.setAttribute('data-probe', 'kept');
    return el.getAttribute('data-alert-id');
  });
  expect(id).toBeTruthy();
  // Newer alarms arrive above it.
  await expect(top).not.toHaveAttribute('data-alert-id', id!, { timeout: 10_000 });
  const row = page.locator(`#alert-row-${id}`);
  await expect(row).toHaveAttribute('data-probe', 'kept');
  expect(Number(await row.getAttribute('data-index'))).toBeGreaterThan(0);
  // The unacknowledged count in the banner follows the flood.
  await expect(page.getByText(/\d+ unquittierte Meldungen/).first()).toBeVisible();
});

/**
 * The cells of the rows in view: how many stand whole, are cut at the end (is-cut) or hold a
 * name cut in the middle; and those that run out of their cell, clip a whole text or lack
 * their full text as title.
 */
async function rowCells(page: Page) {
  // The rows are found inside the page's one call: a locator's evaluateAll finds them in one
  // call and reads them in another, and a row the flood pushed out in between reads as
  // detached (no computed style: every cell "clipped").
  return page.locator('.alert-rows').evaluate((list) => {
    const rows = list.querySelectorAll(':scope > .alert-row[data-alert-id]');
    const out = {
      whole: 0,
      cut: 0,
      names: 0,
      overflowing: [] as string[],
      clipped: [] as string[],
      untitled: [] as string[],
    };
    for (const row of rows)
      for (const cell of row.querySelectorAll<HTMLElement>(':scope > span')) {
        const text = cell.textContent ?? '';
        const what = `${cell.className}: ${text}`;
        const name = cell.querySelector<HTMLElement>('.mid-text');
        const clips = getComputedStyle(cell).overflowX !== 'visible';
        if (name) {
          out.names++;
          if (name.title !== text) out.untitled.push(what);
          if (name.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5)
            out.overflowing.push(what);
          if (clips) out.clipped.push(what);
        } else if (cell.classList.contains('is-cut')) {
          out.cut++;
          if (cell.title !== text) out.untitled.push(what);
          if (!clips) out.overflowing.push(what);
        } else {
          out.whole++;
          if (cell.scrollWidth > cell.clientWidth) out.overflowing.push(what);
          if (clips) out.clipped.push(what);
        }
      }
    return out;
  });
}

for (const lang of ['de', 'ru'] as const)
  test(`AF-E2 (AV10): ${lang}, 1280 and 1920 px: a text that fits its cell stands whole without a clip, one that does not is cut with its full text as title`, async ({
    page,
  }) => {
    await page.addInitScript(
      ([key, language]) => localStorage.setItem(key!, language!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    await openAlertList(page);
    await page.setViewportSize({ width: 1280, height: 1080 });
    await expect(page.locator('.alert-row[data-index="12"]')).toBeVisible({ timeout: 30_000 });
    // Narrow columns cut the longer names in the middle; short ones stand whole.
    await expect
      .poll(async () => {
        const cells = await rowCells(page);
        return cells.names > 0 && cells.whole > 0;
      })
      .toBe(true);
    let cells = await rowCells(page);
    expect(cells.overflowing).toEqual([]);
    expect(cells.clipped).toEqual([]);
    expect(cells.untitled).toEqual([]);
    const namesNarrow = cells.names;
    // Wider columns: the rows are fitted again, fewer names are cut.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await rowCells(page)).names).toBeLessThan(namesNarrow);
    cells = await rowCells(page);
    expect(cells.overflowing).toEqual([]);
    expect(cells.clipped).toEqual([]);
    expect(cells.untitled).toEqual([]);
  });
