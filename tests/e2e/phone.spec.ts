/**
 * The phone in every language (issue 43): at 360 px every top-level page, in Czech and in
 * Russian (the longest texts), shows no two texts over each other; at 1920 px station
 * names are not cut on the start page nor in heat-map tiles; the alarm words stay at 360 px.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signInHttp } from '../support/login.ts';
import { crossLimits, restoreLimits } from './limits.ts';
import { pvUrlId } from '../../src/contract/keys.ts';
import { signIn } from './auth.ts';
import { NAV_ITEMS } from '../../src/app/navigation.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { openInApp, settled, textOverlaps } from './textOverlap.ts';

for (const lang of ['cs', 'ru']) {
  test(`PH1: at 360 px in ${lang} no two texts overlap on any top-level page`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.addInitScript(
      ([key, l]) => localStorage.setItem(key!, l!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    await signIn(page, 'operator', '/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The check itself finds two texts laid over each other.
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'overlap-probe';
      probe.innerHTML =
        '<span style="position:fixed;left:20px;top:200px">Prvni text</span>' +
        '<span style="position:fixed;left:30px;top:203px">Druhy text</span>';
      document.body.append(probe);
    });
    expect(await textOverlaps(page)).toContainEqual({ a: 'Prvni text', b: 'Druhy text' });
    await page.evaluate(() => document.getElementById('overlap-probe')?.remove());

    const found: Record<string, unknown> = {};
    // Every area of the navigation, and a station's page with its PV rows (the row's age).
    for (const path of [...NAV_ITEMS.map((i) => i.path), '/stations/1']) {
      await openInApp(page, path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page.locator('.loading-state[aria-busy="true"]')).toHaveCount(0);
      await settled(page);
      // Live values keep coming: the page must be free of overlaps once it has settled.
      try {
        await expect.poll(() => textOverlaps(page), { timeout: 8_000 }).toEqual([]);
      } catch {
        found[path] = await textOverlaps(page);
      }
    }
    expect(found).toEqual({});
  });
}

/** Names that show less than their text: cut by an ellipsis or their box. */
const cutNames = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((el) =>
          [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
        )
        .map((el) => el.textContent ?? ''),
    );

test('PH2: at 1920 px station names are not cut on the start page nor in heat-map tiles', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/');
  const names = page.locator('.status-tile-name');
  await expect(names).toHaveCount(12);
  expect(await cutNames(page, '.status-tile-name .mid-text')).toEqual([]);
  await openInApp(page, '/dashboard/1');
  const cells = page.locator('.heat-cell .heat-name');
  await expect(cells.first()).toBeVisible();
  expect(await cells.count()).toBeGreaterThan(5);
  expect(await cutNames(page, '.heat-cell .heat-name')).toEqual([]);
});

test('PH3: at 360 px a PV in alarm keeps its alarm words in its row', async ({ page, plant }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const api = await signInHttp(plant.url, 'operator');
  const pv = { type: 'AnaIn', nr: 300001 } as const;
  await signIn(page, 'operator', '/stations/3');
  const row = page.locator(`.pv-row[data-pv="${pvUrlId(pv)}"]`);
  await expect(row).toBeVisible();
  const original = await crossLimits(api, pv);
  try {
    await expect(row).toHaveAttribute('data-alarm', 'unacknowledged', { timeout: 20_000 });
    const words = row.locator('.pv-alarm-text');
    await expect(words).toBeVisible();
    await expect(words).toHaveText(/^Alarm: \S/);
    // The words are readable, not cut to an ellipsis.
    expect(await words.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    expect(await textOverlaps(page)).toEqual([]);
  } finally {
    await restoreLimits(api, pv, original);
  }
});
