/**
 * Issue 20, closing the coverage table, in the browser against the reference server: the
 * archive chart's jump to its first and last data and its range picker that knows where data
 * lies (SPEC §7 first-date/last-date, §9 archive default), the 403 that reloads the user's
 * rights so the view follows without a reload (SPEC §8), the route fallback for an unknown
 * error with a retry, a not-saved message (switching times), and the loading failures of
 * SPEC §8 "Operation" (reports, runtimes, PVs, the user).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './auth.ts';
import { attr, plot, settled } from './chartPlot.ts';
import { dateField, typeWall } from './dateField.ts';

/** The stored archive chart of station 1 in the reference plant's catalogue. */
const ARCHIVE_CHART = 22;
const FALLBACK = 'Seite oder Komponente kann nicht angezeigt werden';
const ACCESS_DENIED = 'Zugriff verweigert – Ihre Benutzerrechte wurden aktualisiert.';

/** The first or last archived time the server reports for what the page shows. */
async function edge(page: Page, path: string, init?: { pvs: unknown[] }): Promise<number> {
  const res = init
    ? await page.request.post(path, {
        data: init.pvs,
        headers: { 'X-CSRF-Token': await csrf(page) },
      })
    : await page.request.get(path);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { timestamp: number }).timestamp;
}

async function csrf(page: Page): Promise<string> {
  const res = await page.request.get('/api/UserManagement/info');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/**
 * A fresh account with the rights of `role`, cloned from the demo operator in the server's
 * database (same password and second factor), so a test may change its role while the page
 * is open without touching the demo accounts other tests use.
 */
function cloneOperator(dataDir: string, username: string): (role: string) => void {
  const db = new Database(join(dataDir, 'pegel.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare(
    `INSERT INTO users (username, display_name, role, password_hash, totp_secret, password_changed_at)
     SELECT ?, display_name, role, password_hash, totp_secret, password_changed_at
     FROM users WHERE username = 'operator'`,
  ).run(username);
  return (role) => {
    db.prepare('UPDATE users SET role = ? WHERE username = ?').run(role, username);
  };
}

test('CV-E1: the archive chart names where its data lies and jumps to its first and last data', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', `/charts/${ARCHIVE_CHART}`);
  await settled(page);
  const source = await plot(page).getAttribute('data-source');
  expect(source).toBeTruthy();
  const first = await edge(page, `/api/charts/data/${ARCHIVE_CHART}/first-date?source=${source}`);
  const last = await edge(page, `/api/charts/data/${ARCHIVE_CHART}/last-date?source=${source}`);
  expect(first).toBeGreaterThan(0);
  expect(last).toBeGreaterThan(first);
  await expect(page.locator('#chart-extent')).toContainText('Daten vorhanden:');
  const span =
    (await attr(plot(page), 'data-range-end')) - (await attr(plot(page), 'data-range-start'));

  await page.getByRole('button', { name: 'Zu den ersten Daten' }).click();
  await expect.poll(() => attr(plot(page), 'data-range-start')).toBeLessThan(first);
  let start = await attr(plot(page), 'data-range-start');
  expect(first - start).toBeLessThan(span * 0.05);
  expect((await attr(plot(page), 'data-range-end')) - start).toBe(span);
  await settled(page);
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);
  await expect(page.getByRole('combobox', { name: 'Zeitraum' })).toHaveValue('zoom');

  await page.getByRole('button', { name: 'Zu den letzten Daten' }).click();
  await expect.poll(() => attr(plot(page), 'data-range-end')).toBeGreaterThan(last);
  start = await attr(plot(page), 'data-range-start');
  expect(start).toBeLessThan(last);
  await settled(page);
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);

  // The custom range keeps its dates where data exists, and says when a range holds none.
  await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption('custom');
  // The fields name where data exists (the extent text describes them).
  const from = dateField(page, 'Von');
  await expect(from.getByRole('group').first()).toHaveAccessibleDescription(/Daten vorhanden/);
  await typeWall(from, '2001-01-01T00:00');
  await typeWall(dateField(page, 'Bis'), '2001-01-02T00:00');
  await expect(
    page.getByRole('status').filter({ hasText: 'Im gewählten Zeitraum liegen keine Daten.' }),
  ).toBeVisible();
});

test('CV-E2: the archive trend line opens on one day of day values and jumps by its PV list', async ({
  page,
}) => {
  const pv = { type: 'AnaIn', nr: 100001 };
  await signIn(page, 'operator', '/trend/archive?pv=AnaIn-100001');
  await settled(page);
  // SPEC §9: archive chart default 1 day from DayValues.
  await expect(plot(page)).toHaveAttribute('data-source', 'DayValues');
  await expect(page.getByRole('combobox', { name: 'Datenquelle' })).toHaveValue('DayValues');
  const span =
    (await attr(plot(page), 'data-range-end')) - (await attr(plot(page), 'data-range-start'));
  expect(span).toBeGreaterThanOrEqual(23 * 3_600_000);
  expect(span).toBeLessThanOrEqual(25 * 3_600_000);
  await expect(page.locator('#chart-extent')).toContainText('(Tageswerte)');

  const first = await edge(page, '/api/charts/data/first-date-pvs?source=DayValues', { pvs: [pv] });
  expect(first).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Zu den ersten Daten' }).click();
  await expect.poll(() => attr(plot(page), 'data-range-start')).toBeLessThan(first);
  expect(first - (await attr(plot(page), 'data-range-start'))).toBeLessThan(span * 0.05);
  await settled(page);
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);
});

test('CV-E3: a 403 says access was denied, reloads the rights and the view follows without a reload', async ({
  page,
  plant,
}) => {
  const username = `cv-rights-${Date.now()}`;
  const setRole = cloneOperator(plant.dataDir, username);
  await signIn(page, username, `/charts/${ARCHIVE_CHART}`);
  await settled(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const create = page.getByRole('button', { name: 'Anmerkung hinzufügen' });
  await expect(create).toBeVisible();

  // Meanwhile an administrator takes the right to edit charts away.
  setRole('viewer');
  const rights = page.waitForResponse((r) => r.url().endsWith('/api/UserManagement/rights'));
  await create.click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name="text"]').fill('Schieber 3 geschlossen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toContainText(ACCESS_DENIED);
  // The failure keeps what was typed.
  await expect(dialog.locator('textarea[name="text"]')).toHaveValue('Schieber 3 geschlossen');
  expect((await rights).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  // The view follows the reloaded rights: no more creating annotations, and no page reload.
  await expect(create).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('CV-E4: an unexpected failure shows the fallback with "Unbekannter Fehler" and a retry that needs no reload', async ({
  page,
}) => {
  await signIn(page, 'operator', '/diagnostics/error-boundary?part=until-fixed');
  const fallback = page.getByRole('alert');
  await expect(fallback.getByRole('heading', { name: FALLBACK })).toBeVisible();
  await expect(fallback.getByText('Unbekannter Fehler', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  // The cause goes away; the retry renders the page again.
  await page.evaluate(() => sessionStorage.setItem('pegel.diagnostics.fixed', '1'));
  await fallback.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Diagnose: Fehleranzeige' })).toBeVisible();
  await expect(page.getByText(FALLBACK)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('CV-E5: switching times refused for missing rights say they were not saved, keep the input, and the page turns read-only', async ({
  page,
  plant,
}) => {
  const username = `cv-schedule-${Date.now()}`;
  const setRole = cloneOperator(plant.dataDir, username);
  await signIn(page, username, '/actions/set-values?station=3');
  const time = page.getByLabel('Schaltzeit Nachtbetrieb: Neuer Wert');
  await expect(time).toBeEnabled();
  await time.fill('22:40');
  await page.getByRole('button', { name: 'Werte setzen' }).click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step).toBeVisible();
  // The right goes while the confirm step is open: any earlier call that reloads the rights
  // would turn the page read-only before the command could be sent.
  setRole('viewer');
  await step.getByRole('button', { name: 'Senden', exact: true }).click();
  const refused = page.getByRole('alertdialog', { name: 'Schaltzeiten wurden nicht gespeichert' });
  await expect(refused).toBeVisible();
  await expect(
    refused.getByText('Keine Berechtigung für folgende Prozessvariablen:'),
  ).toBeVisible();
  await expect(refused.getByText(/Schaltzeit Nachtbetrieb/)).toBeVisible();
  await refused.getByRole('button').first().click();
  await expect(time).toHaveValue('22:40');
  // The refusal reloaded the rights: the page now says why it is read-only.
  await expect(page.getByText('Ihnen fehlt das Recht „Prozessvariablen schreiben“.')).toBeVisible();
});

test('CV-E6: loading failures name what could not be loaded: report, runtimes, PV, the user', async ({
  page,
}) => {
  await signIn(page, 'operator', '/reports/daily/999999?date=2026-11-20');
  await expect(page.getByText(/Der Bericht konnte nicht geladen werden:/)).toBeVisible();

  await page.goto('/alerts/history?pv=AnaIn-999999');
  await expect(page.getByText('AnaIn 999999 konnte nicht geladen werden')).toBeVisible();

  // The network drops the runtimes call: the panel says so and offers a retry.
  await page.route('**/api/Pv/runtimes', (route) => route.abort('internetdisconnected'));
  await page.goto('/machines/AnaIn-100001/runtime');
  await expect(page.getByText('Die Laufzeiten konnten nicht geladen werden.')).toBeVisible();
  await page.unroute('**/api/Pv/runtimes');

  // The user's data cannot be loaded: said so, with a retry that works once it can.
  await page.route('**/api/UserManagement/info', (route) => route.abort('internetdisconnected'));
  await page.goto('/settings');
  await expect(page.getByText('Die Benutzerdaten konnten nicht geladen werden.')).toBeVisible();
  await page.unroute('**/api/UserManagement/info');
  // Another reader of the user's data (the shell's) may load it first, and the page follows:
  // then there is no retry left to press.
  const retry = page.getByRole('button', { name: 'Erneut versuchen' });
  const settings = page.getByRole('heading', { name: 'Einstellungen', level: 1 });
  await expect(async () => {
    if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
    await expect(settings).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('CV-E7: the station list opens a station’s alert history; the picker covers the whole plant', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations');
  await page.getByRole('link', { name: 'Meldungen von Rohwasserpumpwerk Talaue' }).click();
  await expect(page).toHaveURL(/\/alerts\/history\?station=1$/);
  await expect(
    page.getByRole('heading', { name: 'Meldungshistorie: Rohwasserpumpwerk Talaue' }),
  ).toBeVisible();

  await page.goto('/alerts/history');
  await page.getByRole('button', { name: 'Meldungen anzeigen' }).click();
  await expect(page.getByText('Bitte eine Prozessvariable auswählen.')).toBeVisible();
  const stations = page.getByLabel('Station', { exact: true }).locator('option');
  await expect.poll(() => stations.count()).toBeGreaterThan(10);
  await page.getByLabel('Station', { exact: true }).selectOption({ label: 'Wasserwerk Talaue' });
  await page.getByLabel('Prozesswert').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Meldungen anzeigen' }).click();
  await expect(page).toHaveURL(/\/alerts\/history\?pv=[A-Za-z]+-\d+$/);
  await expect(
    page.getByRole('heading', { name: /^Meldungshistorie: Wasserwerk Talaue: / }),
  ).toBeVisible();
});
