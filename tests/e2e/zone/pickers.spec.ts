/**
 * Dates typed from a browser in another zone (issue 57 items 2 and 5): the projects new-york
 * and kathmandu run these with the browser's clock far from the plant's (Europe/Berlin). Every
 * date field takes the plant's wall time: what is sent to the server, or shown back, is that
 * instant, on the day the clocks go forward too. A range whose end is before its start, and a
 * time the plant's clock skips, are named at the field and what was typed stays.
 */
import { expect, test } from '../fixtures.ts';
import { axeViolations, WCAG22_AA } from '../axe.ts';
import { signIn } from '../auth.ts';
import { attr, plot, settled } from '../chartPlot.ts';
import { dateField, typeWall, wallOf } from '../dateField.ts';

/** Berlin wall time → instant, written out (the plant's clock, not computed by the app). */
const CET = (y: number, mo: number, d: number, h: number, mi = 0) =>
  Date.UTC(y, mo - 1, d, h - 1, mi);
const CEST = (y: number, mo: number, d: number, h: number, mi = 0) =>
  Date.UTC(y, mo - 1, d, h - 2, mi);

const GAP_TEXT = 'Diese Uhrzeit gibt es an diesem Tag nicht';
const ORDER_TEXT = 'Das Ende muss nach dem Beginn liegen.';

test('ZP1: a range typed on the control events is asked for in plant time, across the spring change', async ({
  page,
}) => {
  await signIn(page, 'operator', '/events/control');
  await page.getByLabel('Zeitraum').selectOption('custom');
  const from = dateField(page, 'Von');
  const to = dateField(page, 'Bis');
  await typeWall(from, '2026-03-29T01:30');
  await typeWall(to, '2026-03-29T04:15');
  const asked = page.waitForRequest((r) => r.url().includes('/api/controlevent/events'));
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  const url = new URL((await asked).url());
  expect(Date.parse(url.searchParams.get('start')!)).toBe(CET(2026, 3, 29, 1, 30));
  expect(Date.parse(url.searchParams.get('end')!)).toBe(CEST(2026, 3, 29, 4, 15));

  // The hour the clocks skip: named at the field, kept as typed, nothing applied.
  await typeWall(to, '2026-03-29T02:30');
  await expect(to.locator('.field-error')).toContainText(GAP_TEXT);
  await expect(to.getByRole('group').first()).toHaveAccessibleDescription(new RegExp(GAP_TEXT));
  await expect.poll(() => wallOf(to)).toBe('2026-03-29T02:30');
  await expect(page.getByRole('button', { name: 'Anzeigen' })).toBeDisabled();

  // An end before the start: named at the end field, both kept.
  await typeWall(to, '2026-03-28T23:00');
  await expect(to.locator('.field-error')).toHaveText(ORDER_TEXT);
  await expect.poll(() => wallOf(from)).toBe('2026-03-29T01:30');
  await expect.poll(() => wallOf(to)).toBe('2026-03-28T23:00');
  await expect(page.getByRole('button', { name: 'Anzeigen' })).toBeDisabled();
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.range-picker' })).toEqual([]);
});

test('ZP2: a chart range typed in plant time is the range the chart draws', async ({ page }) => {
  await signIn(page, 'operator', '/charts/22');
  await settled(page);
  await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption('custom');
  await typeWall(dateField(page, 'Von'), '2026-10-24T22:00');
  await typeWall(dateField(page, 'Bis'), '2026-10-25T06:00');
  await page.getByRole('button', { name: 'Anzeigen' }).click();
  // The autumn change: 02:00-03:00 comes twice, so the span is 9 hours.
  await expect.poll(() => attr(plot(page), 'data-range-start')).toBe(CEST(2026, 10, 24, 22));
  expect(await attr(plot(page), 'data-range-end')).toBe(CET(2026, 10, 25, 6));
});

test('ZP3: an annotation time typed in plant time is the one saved', async ({ page }) => {
  await signIn(page, 'operator', '/charts/22');
  await settled(page);
  await page.getByRole('button', { name: 'Anmerkung hinzufügen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name="text"]').fill(`Schieber zu ${Date.now()}`);
  const time = dateField(dialog, 'Zeitpunkt');
  await typeWall(time, '2026-03-29T02:30:00');
  await expect(time.locator('.field-error')).toContainText(GAP_TEXT);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, { tags: WCAG22_AA, include: 'dialog' })).toEqual([]);
  await typeWall(time, '2026-03-29T03:30:00');
  await expect(time.locator('.field-error')).toHaveCount(0);
  const saved = page.waitForRequest(
    (r) => r.url().includes('/api/charts/annotations') && r.method() !== 'GET',
  );
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const body = (await saved).postDataJSON() as { timestamp: number };
  expect(body.timestamp).toBe(CEST(2026, 3, 29, 3, 30));
  await expect(dialog).toBeHidden();
});

test('ZP4: a webcam history range is asked for in plant time', async ({ page }) => {
  const asked: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('from=')) asked.push(new URL(r.url()));
  });
  await signIn(page, 'operator', '/webcams/1');
  await expect(page.getByRole('slider')).toBeVisible();
  await typeWall(dateField(page, 'Von'), '2026-03-28T22:00');
  await typeWall(dateField(page, 'Bis'), '2026-03-29T05:00');
  const range = (u: URL) => [
    Date.parse(u.searchParams.get('from')!),
    Date.parse(u.searchParams.get('to')!),
  ];
  await expect
    .poll(() => asked.map(range))
    .toContainEqual([CET(2026, 3, 28, 22), CEST(2026, 3, 29, 5)]);

  await typeWall(dateField(page, 'Bis'), '2026-03-28T21:00');
  await expect(dateField(page, 'Bis').locator('.field-error')).toHaveText(ORDER_TEXT);
  await expect.poll(() => wallOf(dateField(page, 'Bis'))).toBe('2026-03-28T21:00');
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.webcam-range' })).toEqual([]);
});

test('ZP5: a life-cycle entry typed in plant time is saved as that instant and shown back', async ({
  page,
}) => {
  await signIn(page, 'maintenance', '/machines/DigiIn-100001/lifecycle');
  await page.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
  const card = page.locator('li.lifecycle-card').first();
  await card.getByLabel('Beschreibung').fill('Lager gefettet');
  const when = dateField(card, 'Zeitpunkt');
  await typeWall(when, '2026-03-29T02:15');
  await expect(when.locator('.field-error')).toContainText(GAP_TEXT);
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(card).toContainText('Neu, nicht gespeichert');
  await expect.poll(() => wallOf(when)).toBe('2026-03-29T02:15');
  await typeWall(when, '2026-03-29T03:15');
  const saved = page.waitForRequest(
    (r) => r.url().includes('/api/maintenance/machine-lifecycle') && r.method() !== 'GET',
  );
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  const body = JSON.stringify((await saved).postDataJSON());
  expect(body).toContain(`"maintenanceTimestamp":${CEST(2026, 3, 29, 3, 15)}`);
  await expect(page.getByText('Der Lebenslauf wurde gespeichert.')).toBeVisible();
  await page.reload();
  expect(await wallOf(dateField(page.locator('li.lifecycle-card').first(), 'Zeitpunkt'))).toBe(
    '2026-03-29T03:15',
  );
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.lifecycle-list' })).toEqual([]);
});
