/**
 * Control from the picture (issue 43): a pump in a process image, and its dashboard tile,
 * show the pump's running feedback and offer the commands of its output, through the confirm
 * step of Bedienen; a viewer sees them read-only with the reason.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

const IMAGE = '/process-images/abwasserpumpwerk-muehlgraben';

async function openPump(page: Page) {
  const pump = page.locator('.pi-host .pi-pump').first();
  await expect(pump.locator('.pi-pump-casing')).toHaveAttribute('data-state', /^(on|off)$/);
  await pump.click();
  const dialog = page.getByRole('dialog', { name: 'Abwasserpumpe 1' });
  await expect(dialog).toBeVisible();
  return { pump, dialog };
}

test('PIC2: one click on a pump shows its running state and its start/stop commands; a confirmed command reaches the plant and the feedback follows', async ({
  page,
}) => {
  await signIn(page, 'operator', IMAGE);
  const { pump, dialog } = await openPump(page);
  // The state: the feedback in words beside its signal's name.
  await expect(dialog.locator('.pi-actions-value')).toHaveText(/^Betrieb:\s*(Ein|Aus)/);
  const running = (await dialog.locator('.pi-actions-number').textContent())!.trim();
  // The command: the pump's output with its two states, the one to send enabled.
  const output = dialog.getByRole('region', { name: 'Abwasserpumpe 1 Ein/Aus' });
  const commands = output.getByRole('group', { name: 'Befehle' });
  await expect(commands.getByRole('button')).toHaveCount(2);
  await expect(commands.getByText(/^Zustand: (Ein|Aus)/)).toBeVisible();
  const target = running === 'Ein' ? 'Aus' : 'Ein';
  const send = commands.getByRole('button', { name: target, exact: true });
  await expect(send).toBeEnabled();
  await send.click();
  // The confirm step of Bedienen: what changes, from → to; nothing is sent before it.
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step.locator('.command-confirm-to')).toHaveText(target);
  await expect(step).toContainText('Abwasserpumpe 1 Ein/Aus');
  await step.getByRole('button', { name: 'Senden' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Die Anlage meldet ${target}.` }),
  ).toBeVisible();
  // The plant follows: the pump's running feedback changes in the picture and in its dialog.
  await expect(pump.locator('.pi-pump-casing')).toHaveAttribute(
    'data-state',
    target === 'Ein' ? 'on' : 'off',
    { timeout: 30_000 },
  );
  const again = await openPump(page);
  await expect(again.dialog.locator('.pi-actions-number')).toHaveText(target);
});

test('PIC3: a viewer sees the pump state and its commands read-only, with the reason', async ({
  page,
}) => {
  await signIn(page, 'viewer', IMAGE);
  const { dialog } = await openPump(page);
  await expect(dialog.locator('.pi-actions-value')).toHaveText(/^Betrieb:\s*(Ein|Aus)/);
  const output = dialog.getByRole('region', { name: 'Abwasserpumpe 1 Ein/Aus' });
  await expect(output.locator('[data-read-only]')).toContainText('Nur lesen.');
  await expect(output.locator('[data-read-only]')).toContainText('Ihnen fehlt das Recht');
  await expect(output.getByRole('button', { name: /^(Ein|Aus)$/ })).toHaveCount(2);
  for (const button of await output.getByRole('button', { name: /^(Ein|Aus)$/ }).all())
    await expect(button).toBeDisabled();
});

test("PIC4: a pump's dashboard tile opens the same state and commands, through the confirm step", async ({
  page,
}) => {
  await signIn(page, 'operator', '/dashboard/1');
  const tile = page.getByRole('article', { name: 'Brunnenpumpe 1' });
  await tile.getByRole('button', { name: 'Brunnenpumpe 1 bedienen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Brunnenpumpe 1' });
  await expect(dialog.locator('.machine-state')).toHaveText(/^Betrieb:\s*(Ein|Aus)/);
  const commands = dialog
    .getByRole('region', { name: 'Brunnenpumpe 1 Ein/Aus' })
    .getByRole('group', { name: 'Befehle' });
  await expect(commands.getByText(/^Zustand: (Ein|Aus)/)).toBeVisible();
  const next = commands.getByRole('button', { disabled: false });
  await expect(next).toHaveCount(1);
  const target = (await next.textContent())!.trim();
  await next.click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step.locator('.command-confirm-to')).toHaveText(target);
  // Escape: nothing is sent, the machine stays open.
  await page.keyboard.press('Escape');
  await expect(step).toBeHidden();
  await expect(dialog).toBeVisible();
});
