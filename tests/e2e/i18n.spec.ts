/**
 * DESIGN.md "Languages": the language is chosen in the settings, remembered, and texts,
 * plural forms, numbers and dates follow it.
 */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { NAV_ITEMS } from '../../src/app/navigation.ts';

/** Every feature adds its area; the help page counts them all. */
const AREAS = NAV_ITEMS.length;

test.beforeEach(async ({ page }) => {
  await signIn(page, 'operator', null);
});

test('I18N7: switching to Russian in the settings pluralises and formats in Russian', async ({
  page,
}) => {
  await page.goto('/settings');
  // The language's texts may still be loading: the choice shows once they are there.
  await page.getByRole('radio', { name: 'Русский' }).click();
  await expect(page.getByRole('radio', { name: 'Русский' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Настройки', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // Numbers follow the language: a space groups thousands, a comma separates decimals.
  await expect(page.getByText(/^12\s345,68$/)).toBeVisible();

  // 25 and 500 take the Russian "many" form; German has no such form.
  await page.getByRole('navigation').getByRole('link', { name: 'Об этой установке' }).click();
  await expect(page.getByText('25 одновременных пользователей')).toBeVisible();
  await expect(page.getByText('500 групп переменных')).toBeVisible();

  // Remembered across a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Об этой установке', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByText('25 одновременных пользователей')).toBeVisible();
});

test('I18N7: the header language switch changes every text of the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/help');
  await expect(page.getByText(`Die Navigation führt zu ${AREAS} Bereichen:`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Help and support', level: 1 })).toBeVisible();
  await expect(page.getByText(`The navigation leads to ${AREAS} areas:`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('cs');
  await expect(page.getByText(`Navigace vede do ${AREAS} oblastí:`)).toBeVisible();
});

test("I18N8: server-written event texts follow the reader's language", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/events/system');
  const ownSignIn = page.locator('.alert-row', { hasText: 'operator' }).first();
  await expect(ownSignIn).toContainText('Anmeldung');
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(ownSignIn).toContainText('Sign-in');
  await expect(page.locator('.alert-row', { hasText: 'Anmeldung' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await expect(ownSignIn).toContainText('Вход в систему');
});
