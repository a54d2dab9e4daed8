/** Stations overview and dial actions (SPEC §2 "Station dial", §4 "Dial actions", §8). */
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

test('ST1: connecting a dial-up station shows Connecting at once, then the real dial state', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations');
  // Dial-up stations also call in by themselves: take one that is idle now.
  const idle = page
    .locator('tr[data-station]')
    .filter({ has: page.locator('[data-dial-state="NotConnected"]') })
    .filter({ has: page.getByRole('button', { name: 'Verbinden' }) })
    .first();
  const nr = await idle.getAttribute('data-station');
  const row = page.locator(`tr[data-station="${nr}"]`);
  await row.getByRole('button', { name: 'Verbinden' }).click();
  await expect(row.locator('[data-dial-state]')).toHaveAttribute('data-dial-state', 'Connecting');
  // The modem answers within seconds; like a real one it is sometimes busy or times out.
  await expect(row.locator('[data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    /^(Connected|Busy|TimeOut)$/,
    { timeout: 20_000 },
  );
});

test('ST2: a viewer may not dial and is told which station was refused', async ({ page }) => {
  await signIn(page, 'viewer', '/stations');
  const row = page.locator('tr[data-station="6"]');
  await row.getByRole('button', { name: 'Verbinden' }).click();
  const dialog = page.getByRole('dialog', { name: 'Aktion konnte nicht durchgeführt werden' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Keine Berechtigung für')).toBeVisible();
  await expect(dialog.getByText('Druckerhöhungsstation Süd')).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-dial-state]')).toHaveAttribute('data-dial-state', 'NotConnected');
});

test('ST3: a station page lists its PVs with units, and every value kind reads as text', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations/1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rohwasserpumpwerk Talaue');
  const level = page.locator('[data-pv="AnaIn-100001"] .pv-value');
  await expect(level).toHaveText(/^\d+,\d+ m$/);
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.locator('[data-pv^="DigiIn-"] .pv-value').first()).toHaveText(/\S/);
  await expect(page.locator('[data-pv^="AnaIn-"]')).toHaveCount(0);
});

test('ST4: the start page shows every station with its live connection state', async ({ page }) => {
  await signIn(page, 'operator', '/');
  const board = page.getByRole('region', { name: 'Anlagenzustand' });
  await expect(board.locator('[data-station]')).toHaveCount(12);
  await expect(board.locator('[data-station="1"] [data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    'Connected',
  );
  // Dial-up stations move by themselves (and ST1 dials station 4): any real state will do.
  await expect(board.locator('[data-station="12"] [data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    /^(NotConnected|Connected|HangingUp|Busy|TimeOut|CommunicationError)$/,
  );
  await board.locator('[data-station="4"] a').click();
  await expect(page).toHaveURL(/\/stations\/4$/);
});
