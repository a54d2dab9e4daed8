/**
 * The phone in every language (issue 43): at 360 px every top-level page, in Czech and in
 * Russian (the longest texts), shows no two texts over each other; at 1920 px station
 * names are not cut on the start page nor in heat-map tiles; the alarm words stay at 360 px.
 */
import { test, expect } from './fixtures.ts';
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
