/**
 * Keyboard only (WCAG 2.1.1, issue "Reliability and security" item 4): the alarm path — reach
 * the alarm banner, open the alerts, select the most urgent, acknowledge it, mute the horn —
 * without a pointer — rule KB1. The set value by keyboard (KB2) is in keyboardCommand.spec.ts:
 * it needs a plant whose pumps obey a command, and this file's pumps fail every half minute.
 */
import { expect, testOnPlant } from './fixtures.ts';
import { signIn } from './auth.ts';
import { tabTo } from './tabTo.ts';

// Pumps fail often, so alarms stand when the test begins.
const test = testOnPlant({ PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '120' });

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
