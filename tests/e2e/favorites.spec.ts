/**
 * Favorites and recently visited (SPEC §2): a page pinned in one browser is a favorite in
 * another after sign-in, in the navigation and on the start page, where it can be reordered
 * and removed; visited pages are listed — rules FV-E1, FV-E2.
 */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

test('FV-E1: a page pinned in one browser shows in another after sign-in; reorder and remove on the start page', async ({
  browser,
  baseURL,
}) => {
  const first = await browser.newContext({ baseURL });
  const a = await first.newPage();
  await a.setViewportSize({ width: 1920, height: 1080 });
  await signIn(a, 'maintenance', '/stations/2');
  await expect(a.getByRole('heading', { level: 1 })).toBeVisible();
  const pin = a.getByRole('button', { name: 'Seite zu den Favoriten' });
  await pin.click();
  await expect(
    a.getByRole('button', { name: 'Seite aus den Favoriten entfernen' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await a.goto('/energy');
  await expect(a.getByRole('heading', { level: 1 })).toHaveText('Energieoptimierung');
  await a.getByRole('button', { name: 'Seite zu den Favoriten' }).click();
  await expect(a.locator('.nav-favorites a')).toHaveCount(2);
  await first.close();

  // Another browser: the same user finds them in the navigation and on the start page.
  const second = await browser.newContext({ baseURL });
  const b = await second.newPage();
  await b.setViewportSize({ width: 1920, height: 1080 });
  await signIn(b, 'maintenance', '/');
  const nav = b.locator('.nav-favorites a');
  await expect(nav).toHaveText([/Wasserwerk Talaue/, 'Energieoptimierung']);
  const list = b.locator('.favorites-list li');
  await expect(list).toHaveCount(2);
  await b.getByRole('button', { name: '„Energieoptimierung“ nach oben' }).click();
  await expect(nav).toHaveText(['Energieoptimierung', /Wasserwerk Talaue/]);
  await b.getByRole('button', { name: /^„.*Wasserwerk Talaue“ entfernen$/ }).click();
  await expect(list).toHaveCount(1);
  await nav.first().click();
  await expect(b).toHaveURL(/\/energy$/);
  await second.close();
});

test('FV-E2: visited pages are listed on the start page, the last first', async ({ page }) => {
  await signIn(page, 'operator', '/stations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.goto('/leakage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rohrnetzleckage');
  await page.waitForTimeout(1500);
  await page.goto('/');
  // The list is the user's, kept at the server: other tests signed in as the same user on the
  // same plant may add their pages meanwhile, so the order of these two is what is checked.
  const recent = page.locator('.recent-list a');
  await expect(recent.first()).toBeVisible();
  await expect
    .poll(async () => {
      const texts = await recent.allTextContents();
      const leakage = texts.indexOf('Rohrnetzleckage');
      return leakage >= 0 && leakage < texts.indexOf('Stationen');
    })
    .toBe(true);
});
