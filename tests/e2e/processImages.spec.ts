/**
 * Process images in the browser (SPEC §2, §7 "Visualization"; DESIGN.md "Process images"):
 * live values, actions on click, links between images, and a hostile image rendered inert.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';

const IMAGE = '/process-images/abwasserpumpwerk-muehlgraben';

test('PI-E1: a process image shows live values with units that change', async ({ page }) => {
  await signIn(page, 'operator', IMAGE);
  const host = page.locator('.pi-host svg');
  await expect(host).toBeVisible();
  const level = host.locator('.pi-field [data-bind="value"]').first();
  await expect(level).toHaveText(/^\d+,\d+ m$/);
  const values = host.locator('[data-bind="value"]');
  const first = (await values.allTextContents()).join('|');
  expect(first).toMatch(/m³\/h/);
  await expect
    .poll(async () => (await values.allTextContents()).join('|'), { timeout: 20_000 })
    .not.toBe(first);
  // The fill level follows the level within the domain.
  await expect(host.locator('.pi-fill')).toHaveAttribute('style', /scaleY\(0\.\d+\)/);
  // Pumps show their state; failure marks are hidden while there is no failure.
  await expect(host.locator('.pi-pump-casing').first()).toHaveAttribute('data-state', /^(on|off)$/);
});

test('PI-E2: clicking a pump opens its actions: trend, station and dialling', async ({ page }) => {
  await signIn(page, 'operator', IMAGE);
  const pump = page.locator('.pi-host .pi-pump').first();
  await expect(pump).toBeVisible();
  await pump.click();
  // Named by its machine; its running feedback is the state shown (PIC2 tests its commands).
  const dialog = page.getByRole('dialog', { name: 'Abwasserpumpe 1', exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.pi-actions-number')).toHaveText(/^(Ein|Aus)$/);
  const trend = dialog.getByRole('link', { name: 'Trend anzeigen' });
  await expect(trend).toHaveAttribute('href', /^\/trend\/realtime\?pv=DigiIn-7\d{5}$/);
  await expect(dialog.getByRole('link', { name: 'Zur Station' })).toHaveAttribute(
    'href',
    '/stations/7',
  );
  await dialog.getByRole('button', { name: 'Station anwählen' }).click();
  const dial = page.getByRole('dialog', { name: /Wählaktion/ });
  await expect(dial).toBeVisible();
  await dial.getByRole('button', { name: 'Generalabfrage' }).click();
  // Mühlgraben is permanently connected: the answer names the result either way.
  await expect(dial.locator('p[role="status"], p[role="alert"]')).toHaveText(/\S/);
  await page.keyboard.press('Escape');
  // By keyboard: the pump takes focus and Enter opens the same actions.
  await pump.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Abwasserpumpe 1', exact: true })).toBeVisible();
  // The operator actions of the station page open from the image too: a pump's running
  // signal has one, its runtimes: maintenance, chosen by its name (issue 12).
  await page.getByRole('dialog').getByRole('button', { name: 'Bedienen …' }).click();
  await page
    .getByRole('dialog', { name: 'Aktionen: Abwasserpumpe 1 Betrieb' })
    .getByRole('button', { name: 'Wartung: Laufzeiten bearbeiten …' })
    .click();
  const runtimes = page.getByRole('dialog', { name: 'Laufzeiten: Abwasserpumpe 1 Betrieb' });
  await expect(runtimes.getByLabel('Betriebszeit (h)')).toHaveValue(/\d/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await pump.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('link', { name: 'Zur Station' }).click();
  await expect(page).toHaveURL(/\/stations\/7$/);
});

test('PI-E3: links lead to other images; the list names every station', async ({ page }) => {
  await signIn(page, 'operator', '/process-images');
  await expect(page.locator('.pi-card')).toHaveCount(13);
  // The alarm banner may name the station too: the card is the link meant.
  await page.locator('.pi-card', { hasText: 'Abwasserpumpwerk Mühlgraben' }).click();
  await expect(page).toHaveURL(new RegExp(`${IMAGE}$`));
  await page.locator('.pi-host a[href="/process-images/klaeranlage-talaue"]').click();
  await expect(page).toHaveURL(/\/process-images\/klaeranlage-talaue$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kläranlage Talaue');
  await page.goto('/process-images/unbekanntes-bild');
  await expect(page.getByText('Dieses Prozessbild gibt es nicht.')).toBeVisible();
});

test('PI-E4: a hostile process image renders inert', async ({ page, plant }) => {
  const file = join(plant.dataDir, 'process-images', 'hostile.svg');
  // The server is shared by the tests of this file: the image goes again at the end.
  writeFileSync(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 100" onload="window.__pwned=1">
      <script>window.__pwned = 2</script>
      <rect id="r" width="50" height="50" onclick="window.__pwned=3" onmouseover="window.__pwned=4"/>
      <a id="js" href="javascript:window.__pwned=5"><text x="10" y="80">click</text></a>
      <image id="ext" href="http://127.0.0.1:9/track.png" width="5" height="5"/>
      <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:parent.__pwned=6"></iframe></foreignObject>
      <set attributeName="onclick" to="window.__pwned=7"/>
      <text id="v" x="60" y="20" data-pv="AnaIn-700001" data-bind="value">—</text>
    </svg>`,
  );
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await signIn(page, 'operator', '/process-images/hostile');
  const svg = page.locator('.pi-host svg');
  await expect(svg).toBeVisible();
  await expect(svg.locator('#v')).toHaveText(/^\d+,\d+ m$/);
  await svg.locator('#r').click();
  await svg.locator('#r').hover();
  await svg.locator('#js').click();
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
  const leftovers = await svg.evaluate((root) =>
    [root, ...root.querySelectorAll('*')].flatMap((el) =>
      [
        ['script', 'foreignObject', 'iframe', 'set'].includes(el.localName) ? el.localName : null,
        ...el.getAttributeNames().filter((a) => a.startsWith('on')),
        ...el
          .getAttributeNames()
          .filter((a) => /javascript:|127\.0\.0\.1:9/.test(el.getAttribute(a) ?? '')),
      ].filter((x): x is string => x !== null),
    ),
  );
  expect(leftovers).toEqual([]);
  expect(requests.filter((u) => u.includes(':9/'))).toEqual([]);
  expect(dialogs).toBe(0);
  rmSync(file);
});

test('PI-E5: every bound element of every image finds its PV and shows a value', async ({
  page,
}) => {
  await signIn(page, 'operator', '/process-images');
  await expect(page.locator('.pi-card').first()).toBeVisible();
  const names = await page
    .locator('.pi-card')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  expect(names.filter((n) => n !== '/process-images/hostile')).toHaveLength(13);
  for (const href of names.filter((n) => n !== '/process-images/hostile')) {
    // In-app navigation: the engine and its subscriptions carry over from image to image, as
    // when an operator goes through the images, and the app is not loaded thirteen times.
    await page.locator(`.pi-card[href="${href}"]`).click();
    await expect(page).toHaveURL(href);
    const values = page.locator('.pi-host [data-bind="value"]');
    await expect(values.first()).toBeVisible();
    // Nothing offers itself as a button that does nothing when pressed (the valve of a
    // station without a command was one).
    await expect(page.locator('.pi-host [role="button"]:not([data-action])')).toHaveCount(0);
    // No value text stays at the placeholder once the engine delivered the image's PVs.
    await expect
      .poll(async () => (await values.allTextContents()).filter((t) => t === '—').length, {
        message: href,
      })
      .toBe(0);
    await page.goBack();
    await expect(page.locator('.pi-card').first()).toBeVisible();
  }
});

test('PI-E6: a set value is changed from the process image, through the confirm step', async ({
  page,
}) => {
  await signIn(page, 'operator', IMAGE);
  const point = page.locator('.pi-host .pi-setpoint[aria-label="Sollwert Drehzahl"]');
  const shown = point.locator('[data-bind="value"]');
  await expect(shown).toHaveText(/^\d+ %$/);
  const next = (await shown.textContent()) === '80 %' ? '75' : '80';
  await point.click();
  const dialog = page.getByRole('dialog', { name: 'Sollwert Drehzahl', exact: true });
  await dialog.getByRole('button', { name: 'Bedienen …' }).click();
  const set = page.getByRole('dialog', { name: 'Wert setzen: Sollwert Drehzahl' });
  await set.getByLabel('Neuer Wert').fill(next);
  await set.getByRole('button', { name: 'Wert setzen' }).click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step.locator('.command-confirm-to')).toHaveText(`${next} %`);
  await step.getByRole('button', { name: 'Senden' }).click();
  await expect(shown).toHaveText(`${next} %`);
});
