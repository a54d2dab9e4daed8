/**
 * Commanded against actual (ISA-101) against the real server: a command the plant does not
 * follow is said, not hidden behind "value was set". This file's plant fails every pump
 * within seconds and keeps it failed for minutes, and the simulator keeps a failed pump's
 * command output off, so switching a pump on is accepted and the output stays "Aus" — rule
 * CF7. The followed command (the plant reports it) is in SO3 and AX2.
 */
import { expect, testOnPlant } from './fixtures.ts';
import { signIn } from './auth.ts';
import { openValveCommands } from './valveCommands.ts';

const test = testOnPlant({ PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '3600' });

test('CF7: a command the plant does not follow ends in a warning that stays, on the next page too', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'operator', '/process-images/abwasserpumpwerk-muehlgraben');
  // The valve switches pump 1. A pump fails within seconds here, but not always before the
  // page is up: switched on before, it follows the command and there is nothing to warn of.
  await expect(page.locator('.pi-pump').first().getByText('STÖRUNG')).toBeVisible({
    timeout: 30_000,
  });
  const { dialog, commands } = await openValveCommands(page);
  // The failed pump's output reads "Aus": "Ein" is the command offered.
  await expect(commands.getByText('Zustand: Aus')).toBeVisible();
  await commands.getByRole('button', { name: 'Ein' }).click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await step.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toBeHidden();

  await expect(
    page.getByRole('status').filter({ hasText: 'Ein gesendet – warte auf die Rückmeldung' }),
  ).toBeVisible();
  // The notice is the tab's, not the page's: the operator moves on and is still told.
  await page.getByRole('link', { name: 'Stationen', exact: true }).first().click();
  await expect(page).toHaveURL(/\/stations$/);
  const warning = page.getByRole('alert').filter({ hasText: 'Keine Rückmeldung.' });
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expect(warning).toContainText('Ein wurde gesendet, die Anlage meldet nach 15 s: Aus.');
  // It stays (an ordinary notice is gone after 5 s) until the operator closes it.
  await page.waitForTimeout(6_000);
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Schließen' }).click();
  await expect(warning).toBeHidden();
});
