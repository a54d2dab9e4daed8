/**
 * Reports in the browser (SPEC §2 reports area, archive browser, §3 "Report manual input
 * item", §5, §9): yesterday's daily report of the waterworks and the step to the day before,
 * a manual value typed in one tab and seen live in another (validated, confirmed, a failed
 * save keeps the input), CSV and XLSX exports parsed here, the A4 print layout, the
 * overflow-basin log and the archive browser's paging.
 */
import type { Download, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { axeViolations, WCAG22_AA } from './axe.ts';
import { signIn } from './auth.ts';
import { dateField, typeWall, wallOf } from './dateField.ts';
import { formatReportDate, parseReportDate, todayIn } from '../../src/domain/reportPeriod.ts';
import { unzipText } from '../support/unzip.ts';

const DAY = 86_400_000;
const yesterday = () =>
  formatReportDate(parseReportDate(todayIn(Date.now(), 'Europe/Berlin'))! - DAY);
const REPORT = () => `/reports/daily/201?date=${yesterday()}`;

async function openReport(page: Page) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', REPORT());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Betriebsbericht Wasserwerk Talaue',
  );
  await expect(page.locator('.report-table tbody tr')).toHaveCount(24);
}

const fileOf = async (download: Download) => readFileSync((await download.path())!);

test('RE1: the daily report opens for yesterday with units and footer; previous day steps back', async ({
  page,
}) => {
  await openReport(page);
  const head = page.locator('.report-table thead');
  await expect(head).toContainText('Trübung Labor');
  await expect(head).toContainText('m³/h');
  await expect(page.locator('.report-table tfoot th')).toHaveText([
    'Summe',
    'Mittelwert',
    'Minimum',
    'Maximum',
  ]);
  await expect(page.getByRole('img', { name: /Balkendiagramm/ })).toBeVisible();
  expect(await axeViolations(page, { tags: WCAG22_AA })).toEqual([]);
  await page.getByRole('button', { name: 'Vorheriger Zeitraum' }).click();
  const before = formatReportDate(parseReportDate(yesterday())! - DAY);
  await expect(page).toHaveURL(new RegExp(`date=${before}`));
  // The field follows the address after a render: wait for it, not for the next task.
  await expect.poll(() => wallOf(dateField(page, 'Datum'))).toBe(before);
  await expect(page.locator('.report-table tbody tr').first()).toContainText('00:00');
});

test('RE2: a manual value is checked, confirmed, kept on a failed save and seen live in a second tab', async ({
  page,
}) => {
  await openReport(page);
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1920, height: 1080 });
  await other.goto(REPORT());
  await expect(other.locator('.report-table tbody tr')).toHaveCount(24);

  await page.getByRole('button', { name: /Trübung Labor für 08:00.09:00 eingeben/ }).click();
  const dialog = page.getByRole('dialog', { name: /Trübung Labor für 08:00/ });
  const input = dialog.getByRole('textbox');
  await input.fill('11');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toContainText('zwischen 0,00 und 10,00');

  // The plant is unreachable once: the input stays and the reason is shown in the user's
  // language, never in the browser's words ("Failed to fetch").
  let refused = false;
  await page.route('**/manual-input?**', async (route) => {
    if (refused) return route.continue();
    refused = true;
    await route.abort('internetdisconnected');
  });
  await input.fill('0,25');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Handeingabe speichern?' });
  await expect(confirm).toContainText('0,25 FNU');
  await confirm.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Nicht gespeichert, Ihre Eingabe ist erhalten: Netzwerkfehler',
  );
  await expect(input).toHaveValue('0,25');

  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await page
    .getByRole('alertdialog', { name: 'Handeingabe speichern?' })
    .getByRole('button', { name: 'Speichern' })
    .click();
  await expect(page.getByText('Gespeichert: Trübung Labor für 08:00')).toBeVisible();
  const cell = (p: Page) =>
    p.getByRole('button', { name: /Trübung Labor für 08:00.09:00 eingeben/ });
  await expect(cell(page)).toHaveText('0,25');
  // The other tab got it over the report data hub, without a reload.
  await expect(cell(other)).toHaveText('0,25');
});

test('RE3: CSV and XLSX exports hold the table; the print layout is A4 with the plant name', async ({
  page,
}) => {
  await openReport(page);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  const csvText = (await fileOf(csv)).toString('utf8').replace(/^\ufeff/, '');
  const lines = csvText.trim().split('\r\n');
  expect(lines[0]).toContain('Trübung Labor [FNU]');
  expect(lines[0]).toContain('Durchfluss Menge [m³]');
  expect(lines).toHaveLength(1 + 24 + 4);
  expect(lines[1]!.split(';')[0]).toBe('00:00–01:00');
  expect(lines.at(-4)!.startsWith('Summe;')).toBe(true);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const files = unzipText(await fileOf(xlsx));
  expect([...files.keys()]).toContain('xl/workbook.xml');
  const sheet = files.get('xl/worksheets/sheet1.xml')!;
  const texts = [...files.values()].join('');
  expect(texts).toContain('Betriebsbericht Wasserwerk Talaue');
  expect(texts).toContain('Durchfluss Menge [m³]');
  // Numbers stay numbers: a flow volume of the first hour (row 4, under title and header).
  expect(sheet).toMatch(/<row r="4"[^>]*>.*?<c r="[B-Z]4"[^>]*><v>\d+(\.\d+)?<\/v>/);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.shell-sidenav')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Vorheriger Zeitraum' })).toBeHidden();
  await expect(page.locator('.report-print-head')).toContainText('Zweckverband');
  const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
  // A4 landscape (the report's @page), 842 × 595 pt.
  expect(pdf).toMatch(/\/MediaBox \[0 0 84[12]\.\d+ 59[45]\.\d+\]/);
  expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);
});

test('RE4: the overflow-basin log of the year and the archive browser pages through values', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/reports');
  await page.getByRole('link', { name: 'Überlaufbecken (RÜB)' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protokoll der Überlaufbecken');
  await expect(
    page.locator('.report-table tbody tr').first().or(page.getByText('Keine Einstau-Ereignisse')),
  ).toBeVisible();

  // Each basin names its SEBAM measuring points, each opening its archived values.
  const sebam = page.getByRole('region', { name: 'SEBAM-Messstellen' });
  await expect(sebam.getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/archive\?pv=\w+-\d+&source=QuarterHour$/,
  );
  await expect(sebam.getByRole('link', { name: /Füllstand Becken/ }).first()).toBeVisible();

  // A failed call says so with the call failure text of SPEC §8.
  await page.route('**/api/RuebProtocol/ruebevents/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByLabel('Monat').selectOption({ index: 1 });
  await expect(page.getByRole('alert')).toContainText('Error during get rueb events.');
  await page.unroute('**/api/RuebProtocol/ruebevents/**');
  // The basins are read once per visit: leave the page and come back in the app.
  await page.route('**/api/RuebProtocol/ruebconfigs', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('navigation', { name: 'Berichte', exact: true }).getByRole('link').click();
  await page.getByRole('link', { name: 'Überlaufbecken (RÜB)' }).click();
  await expect(page.getByRole('alert')).toContainText('Error during get rueb configs.');
  await page.unroute('**/api/RuebProtocol/ruebconfigs');

  await page.goto('/archive?pv=AnaIn-200001&source=Day&rows=25');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messwertarchiv');
  await expect(page.locator('.report-table tbody tr')).toHaveCount(25);
  await expect(page.getByText(/Seite 1 von 3/)).toBeVisible();
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page.getByText(/Seite 2 von 3/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Als Trend anzeigen' })).toHaveAttribute(
    'href',
    /\/trend\/archive\?pv=AnaIn-200001&start=\d+&end=\d+/,
  );
});

test("RE6: while a report loads its header names the date in the user's format, not the raw yyyy-MM-dd of the address", async ({
  page,
}) => {
  await signIn(page, 'operator', '/reports');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Report/data/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/reports/daily/201?date=2026-11-20');
  const description = page.locator('.page-description');
  await expect(description).toHaveText('Tagesbericht · 20.11.2026');
  await expect(page).toHaveTitle(/20\.11\.2026/);
  release();
  // Loaded: the day with its weekday.
  await expect(description).toHaveText(/Tagesbericht · Freitag, 20\.11\.2026/);
});

test("RE7: arrow keys inside the report's date field change the day; on the toolbar's buttons they move focus", async ({
  page,
}) => {
  await openReport(page);
  const field = dateField(page, 'Datum');
  const day = field.locator('[data-type="day"]');
  const month = field.locator('[data-type="month"]');
  const date = yesterday();
  const next = formatReportDate(parseReportDate(date)! + DAY);
  // Inside the field: up on the day is the next day, right is the month segment, not the
  // toolbar's next button.
  await day.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(new RegExp(`date=${next}`));
  await expect.poll(() => wallOf(field)).toBe(next);
  await expect(page.locator('.report-table tbody tr').first()).toContainText('00:00');
  await page.keyboard.press('ArrowRight');
  await expect(month).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(day).toBeFocused();
  // On the toolbar's buttons: the field is one stop between previous and next.
  const previous = page.getByRole('button', { name: 'Vorheriger Zeitraum' });
  const following = page.getByRole('button', { name: 'Nächster Zeitraum' });
  await previous.focus();
  await page.keyboard.press('ArrowRight');
  await expect(day).toBeFocused();
  await following.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'CSV' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(following).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(day).toBeFocused();
  await previous.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('button', { name: 'Drucken' })).toBeFocused();

  // A typed day is the report's day and the address's.
  await typeWall(field, '2026-11-02');
  await expect(page).toHaveURL(/date=2026-11-02/);
  await expect(page.locator('.page-description')).toHaveText('Tagesbericht · Montag, 02.11.2026');
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.report-toolbar' })).toEqual([]);
});

test("RE8: the archive browser's days are typed; an end before the start is named at the field and kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(
    page,
    'operator',
    '/archive?pv=AnaIn-200001&source=Day&from=2026-11-01&to=2026-11-20',
  );
  await expect(page.locator('.report-table tbody tr').first()).toBeVisible();
  const from = dateField(page, 'Von');
  const to = dateField(page, 'Bis');
  await expect.poll(() => wallOf(from)).toBe('2026-11-01');
  await typeWall(to, '2026-10-25');
  await expect(to.locator('.field-error')).toHaveText(/Der Beginn muss vor dem Ende liegen\./);
  await expect(to.getByRole('group').first()).toHaveAccessibleDescription(
    /Der Beginn muss vor dem Ende liegen/,
  );
  await expect.poll(() => wallOf(to)).toBe('2026-10-25');
  await expect(page).toHaveURL(/to=2026-11-20/);
  await typeWall(from, '2026-10-20');
  await expect(page).toHaveURL(/from=2026-10-20&to=2026-10-25/);
  await expect(to.locator('.field-error')).toHaveCount(0);
  await expect(page.locator('.report-table tbody tr')).toHaveCount(6);
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.archive-page' })).toEqual([]);
});
