/**
 * Opens the first valve of the process image on screen by keyboard and returns its dialog
 * with the command group (a digital output's own commands, DigiOutCommands) and the valve.
 */
import { expect, type Page } from '@playwright/test';

export async function openValveCommands(page: Page) {
  const valve = page.locator('.pi-host .pi-valve').first();
  await expect(valve).toBeVisible();
  await valve.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Ein\/Aus$/ });
  return { valve, dialog, commands: dialog.getByRole('group', { name: 'Befehle' }) };
}
