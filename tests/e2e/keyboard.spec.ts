/**
 * Keyboard only (WCAG 2.1.1, issue "Reliability and security" item 4): the alarm path — reach
 * the alarm banner, open the alerts, select the most urgent, acknowledge it, mute the horn —
 * and a set value through its confirm step, without a pointer — rules KB1, KB2.
 */
import type { Locator, Page } from '@playwright/test';
import { test as base, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { startPlantServer } from '../support/plantServer.ts';

const test = base.extend({
  plant: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // Pumps fail often, so alarms stand when the test begins.
      const server = await startPlantServer({
        env: { PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '120' },
      });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Presses Tab until the focus is on `target` (a selector or a locator); fails after `max`. */
async function tabTo(page: Page, target: string | Locator, max = 60, back = false) {
  const element = typeof target === 'string' ? null : await target.elementHandle();
  for (let i = 0; i < max; i++) {
    const there = element
      ? await element.evaluate((e) => e === document.activeElement)
      : await page.evaluate((s) => document.activeElement?.matches(s) ?? false, target as string);
    if (there) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} not reached with ${max} presses of Tab`);
}

test('KB1: the alarm path by keyboard: banner, alerts, select the most urgent, acknowledge, mute the horn', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'operator', '/stations');
  await expect(page.locator('.alarm-banner')).toContainText(/unquittierte Meldung/, {
    timeout: 30_000,
  });
  await page.locator('body').focus();
  await tabTo(page, '.alarm-banner-link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/alerts$/);

  await tabTo(page, '.alert-table[role=grid]');
  await page.keyboard.press('Home');
  const focused = page.locator('.alert-scroll .alert-row.is-focused');
  await expect(focused).toHaveClass(/is-pending/);
  const id = (await focused.getAttribute('data-alert-id'))!;
  await page.keyboard.press(' ');
  const row = page.locator(`[data-alert-id="${id}"]`);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('q');
  await expect(row).not.toHaveClass(/is-pending/, { timeout: 15_000 });

  // The horn: the browser blocks sound until a gesture; a key press is one.
  await tabTo(page, '.alarm-banner-horn', 80, true);
  const horn = page.locator('.alarm-banner-horn');
  if ((await horn.getAttribute('data-horn')) === 'blocked') {
    await page.keyboard.press('Enter');
    await expect(horn).not.toHaveAttribute('data-horn', 'blocked');
  }
  await page.keyboard.press('Enter');
  await expect(horn).toHaveAttribute('data-horn', 'muted');
  await expect(horn).toContainText('Wieder einschalten');
});

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
