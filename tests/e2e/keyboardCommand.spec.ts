/**
 * Keyboard only (WCAG 2.1.1): a set value through its confirm step without a pointer — rule
 * KB2. It runs on the default plant: a failed pump refuses "Ein" (its command output stays
 * off), and the plant of keyboard.spec.ts fails its pumps every half minute.
 */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { tabTo } from './tabTo.ts';

test('KB2: a digital output set by keyboard goes through the confirm step', async ({ page }) => {
  await signIn(page, 'operator', '/stations/1');
  await page.getByRole('button', { name: 'DA', exact: true }).focus();
  await page.keyboard.press('Enter');
  const row = page.locator('[data-pv^="DigiOut-"]').filter({ hasText: 'Ein/Aus' }).first();
  await expect(row.locator('.pv-value')).toHaveText(/^(Ein|Aus)$/);
  const before = (await row.locator('.pv-value').textContent())!;
  const after = before === 'Ein' ? 'Aus' : 'Ein';

  await page.locator('body').focus();
  await tabTo(page, row.getByRole('button', { name: /^Aktionen für / }), 120);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Wert setzen: / });
  await expect(dialog).toBeVisible();
  // The radio group: Tab reaches the checked choice, arrows move within it.
  await tabTo(page, 'input[type="radio"]', 10);
  for (let i = 0; i < 3 && !(await dialog.getByLabel(after, { exact: true }).isChecked()); i++)
    await page.keyboard.press('ArrowDown');
  await expect(dialog.getByLabel(after, { exact: true })).toBeChecked();
  await tabTo(page, 'button.btn-primary, button[type="submit"]', 10);
  await page.keyboard.press('Enter');
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step.getByRole('button', { name: 'Senden' })).toBeFocused();
  await expect(step.locator('.command-confirm-to')).toHaveText(after);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // The command goes to the plant and its new state comes back as a live value: on the loaded
  // CI machine that round trip once took more than 10 s.
  await expect(row.locator('.pv-value')).toHaveText(after, { timeout: 30_000 });
});
