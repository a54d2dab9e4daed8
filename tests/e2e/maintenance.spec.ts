/**
 * Maintenance in the browser against the real server (issue 15): a maintainer on a 360 px
 * phone reads a pump's data sheet, uploads a PDF and a nameplate photo (one upload is
 * cancelled), records and edits life-cycle entries in one save, keeps the input when the
 * save fails while the server is down, and sees a notification appear live when a runtime
 * crosses its interval; in Russian the data sheet and the cycles read in Russian. Rule IDs ME1-ME6.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { wcag21Violations } from './axe.ts';
import { signIn } from './auth.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { signInHttp } from '../support/login.ts';
import { PDF_BYTES, PNG_BYTES } from '../support/multipart.ts';
import { PV_ACTION_API, type RuntimesResponse } from '../../src/contract/actions.ts';

const PUMP = 'DigiIn-100001';

async function onPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
}

test('ME1: on a phone the data sheet shows the machine; a PDF and a photo upload with progress, one upload is cancelled', async ({
  page,
}) => {
  await onPhone(page);
  await signIn(page, 'maintenance', `/machines/${PUMP}/datasheet`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Brunnenpumpe 1', exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Hersteller')).toBeVisible();
  // Nothing sticks out of the phone's width.
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);

  const form = page.locator('form.doc-form');
  // A PDF through the file picker.
  await form.locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'Betriebsanleitung.pdf',
    mimeType: 'application/pdf',
    buffer: PDF_BYTES,
  });
  await form.getByLabel('Beschreibung').fill('Betriebsanleitung');
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByText('Das Dokument wurde gespeichert.')).toBeVisible();
  const list = page.getByRole('list', { name: 'Dokumente' });
  await expect(list.getByText('Betriebsanleitung', { exact: true })).toBeVisible();

  // The camera for a photo: an image input that asks for the camera. This upload reaches the
  // server, which stores it, but its answer is held on the way back (a slow link), so it shows
  // its progress bar and is cancelled then: the cancelled photo must not stay (MA13).
  const camera = form.locator('input[capture]');
  await expect(camera).toHaveAttribute('accept', 'image/*');
  // NOTE: Playwright continues a request still held by a handler when that handler is removed;
  // the held route is failed below before the unroute, so nothing is sent twice.
  const held = '**/api/maintenance/datasheets/docs?*';
  const holding: Route[] = [];
  const storedIds: number[] = [];
  await page.route(held, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    holding.push(route);
    const answer = (await (await route.fetch()).json()) as { entries: { id: number }[] };
    storedIds.push(answer.entries[0]!.id);
  });
  await camera.setInputFiles({ name: 'typenschild.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await expect(form.getByLabel('Beschreibung')).toHaveValue('typenschild');
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByRole('progressbar', { name: 'Fortschritt des Hochladens' })).toBeVisible();
  await expect.poll(() => storedIds.length).toBe(1);
  await form.getByRole('button', { name: 'Hochladen abbrechen' }).click();
  await expect(form.getByText('Hochladen abgebrochen.')).toBeVisible();
  await expect(form.getByRole('progressbar')).toHaveCount(0);
  // The server had stored it; the cancel removed it again, and the list says so.
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(
    (await page.request.get(`/api/maintenance/datasheets/docs/${storedIds[0]}`)).status(),
  ).toBe(404);
  // The browser has dropped it already, or it fails here: never does it reach the server.
  await holding[0]!.abort().catch(() => undefined);
  await page.unroute(held);
  // The input stays for another try, which goes through.
  await expect(form.getByLabel('Beschreibung')).toHaveValue('typenschild');
  await camera.setInputFiles({ name: 'typenschild.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await form.getByLabel('Beschreibung').fill('Typenschild');
  await form.getByRole('button', { name: 'Hochladen' }).click();
  await expect(form.getByText('Das Dokument wurde gespeichert.')).toBeVisible();
  const photo = list.getByRole('listitem').filter({ hasText: 'Typenschild' });
  await expect(photo).toBeVisible();
  const href = await photo.getByRole('link', { name: 'Öffnen' }).getAttribute('href');
  const served = await page.request.get(href!);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['content-disposition']).toMatch(/^inline; filename="typenschild.png"/);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  expect(await wcag21Violations(page)).toEqual([]);
});

test('ME2: two life-cycle rows are edited, marked save-pending and saved in one go', async ({
  page,
}) => {
  await onPhone(page);
  await signIn(page, 'maintenance', `/machines/${PUMP}/lifecycle`);
  const save = page.getByRole('button', { name: /Änderung(en)? speichern$/ });
  const cards = page.locator('li.lifecycle-card');
  for (const text of ['Lager getauscht', 'Sichtprüfung ohne Befund']) {
    await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    await cards.first().getByLabel('Beschreibung').fill(text);
  }
  await expect(cards.filter({ hasText: 'Neu, nicht gespeichert' })).toHaveCount(2);
  await expect(save).toHaveText('2 Änderungen speichern');
  await save.click();
  await expect(page.getByText('Der Lebenslauf wurde gespeichert.')).toBeVisible();
  await expect(page.locator('[data-pending]')).toHaveCount(0);

  // Edit both rows: each is marked, one save sends both.
  await cards.nth(0).getByLabel('Beschreibung').fill('Sichtprüfung: Lager laut');
  await cards.nth(1).getByLabel('Beschreibung').fill('Lager Antriebsseite getauscht');
  await expect(cards.filter({ hasText: 'Geändert, nicht gespeichert' })).toHaveCount(2);
  expect(await wcag21Violations(page)).toEqual([]);
  await save.click();
  await expect(page.getByText('Der Lebenslauf wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(cards).toHaveCount(2);
  const saved = await cards
    .getByLabel('Beschreibung')
    .evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value).sort());
  expect(saved).toEqual(['Lager Antriebsseite getauscht', 'Sichtprüfung: Lager laut']);
});

test('ME3: a save while the server is down says it was not saved and keeps the input', async ({
  page,
  plant,
}) => {
  await signIn(page, 'maintenance', `/machines/${PUMP}/lifecycle`);
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  const card = page.locator('li.lifecycle-card').first();
  await card.getByLabel('Beschreibung').fill('Dichtung erneuert');
  await plant.stop();
  try {
    await page.getByRole('button', { name: '1 Änderung speichern' }).click();
    await expect(page.getByRole('alert')).toContainText('Der Lebenslauf wurde nicht gespeichert');
    await expect(card.getByLabel('Beschreibung')).toHaveValue('Dichtung erneuert');
    await expect(card).toContainText('Neu, nicht gespeichert');
  } finally {
    await plant.restart();
  }
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(page.getByText('Der Lebenslauf wurde gespeichert.')).toBeVisible();
});

test('ME4: a notification appears live when a runtime crosses its interval', async ({
  page,
  plant,
}) => {
  await signIn(page, 'maintenance', '/maintenance/notifications');
  const cards = page.getByTestId('maintenance-notification');
  await expect(page.getByText(/von \d+ Meldungen/)).toBeVisible();
  const before = await cards.count();
  // The operator sets the pump's operating hours past its overhaul at 50 000 h.
  const operator = await signInHttp(plant.url, 'operator');
  const ref = { type: 'DigiIn', nr: 100003 };
  const loaded = (await (
    await operator.fetch(PV_ACTION_API.runtimes, { method: 'POST', body: JSON.stringify([ref]) })
  ).json()) as RuntimesResponse;
  const oldValues = loaded.runtimeValues;
  const newValues = oldValues.map((r) =>
    r.runtimeValue.runtimeType === 'Betriebszeit'
      ? { ...r, runtimeValue: { ...r.runtimeValue, value: 50_001 } }
      : r,
  );
  const set = await operator.fetch(PV_ACTION_API.setRuntimes, {
    method: 'POST',
    body: JSON.stringify({ oldValues, newValues }),
  });
  expect(set.status).toBe(200);
  expect(((await set.json()) as { status: string }).status).toBe('Success');
  // The server raises it from the simulated runtime ...
  await expect
    .poll(async () => {
      const res = await operator.fetch('/api/maintenance/notifications?pvType=DigiIn&pvNr=100003');
      const body = (await res.json()) as { notifications: { serviceMessageType: string }[] };
      return body.notifications.map((n) => n.serviceMessageType);
    })
    .toContain('Top');
  // ... and the open page shows it without a reload.
  const raised = cards.filter({ hasText: 'Brunnenpumpe 2' }).filter({
    hasText: 'owm – Überholung',
  });
  await expect(raised).toBeVisible();
  await expect(cards).not.toHaveCount(before);
  await raised.getByRole('link', { name: 'Brunnenpumpe 2', exact: true }).click();
  await expect(page).toHaveURL(/\/machines\/DigiIn-100003\/runtime$/);
  await expect(page.getByText('Überfällig seit')).toBeVisible();
  expect(await wcag21Violations(page)).toEqual([]);
  // Service done: after the confirm step one call records it, restarts the interval and
  // closes its notification; the protocol names when it was done.
  await page.getByRole('button', { name: 'Wartung erledigt' }).click();
  const step = page.getByRole('alertdialog', { name: 'Wartung als erledigt festhalten' });
  await expect(step.locator('.command-confirm-from')).toContainText('Überfällig seit');
  const service = (await step.locator('.command-confirm-pv').textContent())!.trim();
  const row = page.locator('.service-table tbody tr', { hasText: service });
  await expect(row).toHaveAttribute('data-state', 'overdue');
  await step.getByRole('button', { name: 'Festhalten' }).click();
  await expect(page.getByRole('status').filter({ hasText: service })).toContainText(
    'im Lebenslauf festgehalten',
  );
  await expect(row).not.toHaveAttribute('data-state', 'overdue');
  await expect(row.locator('[data-last-service]')).toHaveText(/\d{2}\.\d{2}\.\d{4}/);
  await page.goto('/maintenance');
  await expect(page.getByRole('table')).toBeVisible();
  // Worn storage cards stand out (SPEC §9: below 20 %).
  await expect(page.getByTestId('storage-warning').first()).toContainText('Austauschen');
  expect(await wcag21Violations(page)).toEqual([]);
});

test('ME5: from a station page a viewer reaches the machine pages, reads everything and finds no control that would fail', async ({
  page,
}) => {
  await signIn(page, 'viewer', '/stations/1');
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await page
    .locator(`[data-pv="${PUMP}"]`)
    .getByRole('button', { name: /^Aktionen für / })
    .click();
  // A PV's actions open the machine pages in a new tab (SPEC §2 navigation targets).
  const [machine] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Lebenslauf' }).click(),
  ]);
  await expect(machine).toHaveURL(new RegExp(`/machines/${PUMP}/lifecycle$`));
  // Entries are read, with no inputs and no save.
  await expect(
    machine
      .getByRole('heading', { level: 2, name: 'Lebenslauf' })
      .or(machine.getByText('Keine Einträge')),
  ).toBeVisible();
  await expect(machine.getByRole('button', { name: 'Eintrag hinzufügen' })).toHaveCount(0);
  await expect(machine.locator('main textarea, main input')).toHaveCount(0);
  await machine.getByRole('link', { name: 'Maschinendatenblatt' }).click();
  await expect(machine.getByRole('region', { name: 'Dokumente' })).toBeVisible();
  await expect(machine.getByRole('region', { name: 'Maschinendaten' })).toContainText('Hersteller');
  await expect(machine.getByRole('button', { name: 'Hochladen' })).toHaveCount(0);
  await expect(machine.getByRole('button', { name: 'Löschen' })).toHaveCount(0);
  // Runtimes: no "service done", the reason instead.
  await machine
    .getByRole('navigation', { name: 'Ansichten der Maschine' })
    .getByRole('link', { name: 'Laufzeiten', exact: true })
    .click();
  await expect(machine.getByText('Nächste Wartung')).toBeVisible();
  await expect(machine.getByRole('button', { name: 'Wartung erledigt' })).toHaveCount(0);
  await expect(machine.getByText('Nur lesen: Ihnen fehlt das Recht').first()).toBeVisible();
  // The QR label opens this machine's data sheet.
  await machine.getByRole('button', { name: 'QR-Etikett' }).click();
  const label = machine.getByRole('dialog', { name: 'QR-Etikett der Maschine' });
  await expect(label.getByRole('img', { name: /QR-Code zum Datenblatt/ })).toBeVisible();
  await expect(label).toContainText(PUMP);
});

test('ME6: in Russian the data sheet names its fields in Russian, and switching cycles agree with their count', async ({
  page,
}) => {
  await page.addInitScript(([key]) => localStorage.setItem(key!, 'ru'), [LANGUAGE_STORAGE_KEY]);
  await signIn(page, 'viewer', `/machines/${PUMP}/datasheet`);
  const data = page.getByRole('region', { name: 'Данные машины' });
  await expect(data).toContainText('Изготовитель');
  await expect(data).toContainText('Год выпуска');
  await expect(data).not.toContainText(/Hersteller|Baujahr|Bezeichnung/);
  await expect(data).toContainText('Значения приведены так, как они записаны в данных установки');

  await page.goto(`/machines/${PUMP}/runtime`);
  const cycles = page.locator('.machine-data-row dd').filter({ hasText: /цикл/ }).first();
  await expect(cycles).toBeVisible();
  const text = (await cycles.textContent())!.trim();
  const count = Number(text.replace(/[^\d]/g, ''));
  const word = { one: 'цикл', few: 'цикла', many: 'циклов', other: 'цикла' }[
    new Intl.PluralRules('ru').select(count) as 'one' | 'few' | 'many' | 'other'
  ];
  expect(text).toMatch(new RegExp(`^[\\d\\s\\u00a0\\u202f]+ ${word}$`));
});

test('ME7: the overview names each machine by its name and estimates its due date beside what remains', async ({
  page,
}) => {
  await signIn(page, 'maintenance', '/maintenance');
  await page.getByRole('radio', { name: 'Alle Wartungen' }).check();
  const rows = page.locator('.protocol-table tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.locator('.protocol-table thead')).toContainText('Fällig etwa');
  // Machines, not their running inputs.
  await expect(
    rows.getByRole('link', { name: 'Brunnenpumpe 1', exact: true }).first(),
  ).toBeVisible();
  await expect(page.locator('.protocol-table')).not.toContainText('Betrieb ');
  // While the archive prepares the runtimes' history the estimate follows; the page asks again.
  await expect(page.locator('[data-estimate]', { hasText: 'Schätzung folgt' })).toHaveCount(0, {
    timeout: 60_000,
  });
  // A date (from the last 30 days' rate) or "now" for those due; the rate is named.
  const estimates = await page.locator('[data-estimate]').allTextContents();
  expect(estimates.length).toBeGreaterThan(0);
  for (const e of estimates)
    expect(e).toMatch(/^(jetzt|\d{2}\.\d{2}\.\d{4}.*pro Tag \(30 Tage\)|keine Schätzung.*)$/);
  expect(estimates.some((e) => /\d{2}\.\d{2}\.\d{4}/.test(e))).toBe(true);
});
