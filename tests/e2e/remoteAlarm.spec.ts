/**
 * Remote alarming in the browser (SPEC §2, §8 plan dialogs): the stations' alarm plans with
 * priorities, recipients and who is on call, the alarm lines live, a plan switched only after
 * the confirm step and seen in another tab, and read-only for a viewer — rules RA-E1, RA-E2.
 */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';

test('RA-E1: an operator switches the plan of a station through the confirm step; another tab follows', async ({
  context,
}) => {
  const a = await context.newPage();
  await signIn(a, 'operator', '/remote-alarm/plans');
  const b = await context.newPage();
  await b.goto('/remote-alarm/plans');
  const plan = (page: typeof a) => page.locator('[data-plan="2_2"]');
  await expect(plan(a)).toBeVisible();
  const before = (await plan(a).locator('.badge').textContent())!.trim();
  const after = before === 'Aktiv' ? 'Inaktiv' : 'Aktiv';
  await expect(plan(a).locator('.plan-recipients li').first()).toBeVisible();
  await expect(a.locator('[data-line^="2_"]').first()).toBeVisible();

  await plan(a)
    .getByRole('button', { name: before === 'Aktiv' ? 'Deaktivieren' : 'Aktivieren' })
    .click();
  const step = a.getByRole('alertdialog', { name: 'Alarmplan umschalten' });
  await expect(step.locator('.command-confirm-from')).toHaveText(before);
  await expect(step.locator('.command-confirm-to')).toHaveText(after);
  // Escape sends nothing.
  await a.keyboard.press('Escape');
  await expect(step).toBeHidden();
  await expect(plan(a).locator('.badge')).toHaveText(before);

  await plan(a)
    .getByRole('button', { name: before === 'Aktiv' ? 'Deaktivieren' : 'Aktivieren' })
    .click();
  await step.getByRole('button', { name: 'Umschalten' }).click();
  await expect(plan(a).locator('.badge')).toHaveText(after);
  await expect(plan(b).locator('.badge')).toHaveText(after);
});

test('RA-E2: a viewer sees the plans read-only, with the reason', async ({ page }) => {
  await signIn(page, 'viewer', '/remote-alarm/plans');
  const plan = page.locator('[data-plan="2_1"]');
  await expect(plan).toBeVisible();
  await expect(plan).toContainText('Sie dürfen diesen Plan nicht umschalten.');
  await expect(plan.getByRole('button')).toHaveCount(0);
});

test('RA-E3: a night alarm sent by a plan waits for confirmation; acknowledged after the confirm step', async ({
  page,
  plant,
}) => {
  const admin = await signInHttp(plant.url, 'admin');
  const raise = await admin.fetch('/api/admin/simulate/remote-alarm', {
    method: 'POST',
    body: JSON.stringify({
      stationNumber: 3,
      priority: 1,
      text: 'Hochbehälter Kirchberg: Füllstand zu tief',
      night: true,
    }),
  });
  expect(raise.status).toBe(200);
  await signIn(page, 'operator', '/remote-alarm/plans');
  await page.getByRole('link', { name: 'Zu bestätigen' }).click();
  const item = page.locator('[data-confirm^="3_"]').first();
  await expect(item).toContainText('Füllstand zu tief');
  await item.getByRole('checkbox').check();
  // Messages still on their way are acknowledged only when the user says so.
  await page.getByLabel('Auch noch nicht gesendete quittieren').check();
  await page.getByRole('button', { name: 'Ausgewählte quittieren' }).click();
  const step = page.getByRole('alertdialog', { name: 'Alarmpläne quittieren' });
  await expect(step).toContainText('Hochbehälter Kirchberg');
  await step.getByRole('button', { name: 'Quittieren' }).click();
  await expect(page.locator('[data-confirm^="3_"]')).toHaveCount(0);
});
