/**
 * Charts in the browser (issue 4; SPEC §2 charts and navigation targets, §4 chart data,
 * auto-refresh and annotations, §7 "Charts"): a live chart advances by itself, panning an
 * archive chart fetches only ranges not seen before (counted at the server), annotations
 * survive a reload, a trend link draws its series, and export downloads files.
 */
import { expect, test } from './fixtures.ts';
import { axeViolations, WCAG21_AA } from './axe.ts';
import { signIn } from './auth.ts';
import { attr, plot, settled } from './chartPlot.ts';
import { metricValues } from '../support/metrics.ts';

/** Chart ids of the reference plant's catalogue: station 1 live and archive. */
const LIVE_CHART = 21;
const ARCHIVE_CHART = 22;
const DATA_ROUTE = 'route=/api/charts/data/:id';

async function dataRequests(url: string): Promise<number> {
  const values = metricValues(
    await (await fetch(`${url}/metrics`)).text(),
    'pegel_http_requests_total',
  );
  let n = 0;
  for (const [labels, value] of values) if (labels.includes(DATA_ROUTE)) n += value;
  return n;
}

test('CH1: a live chart advances by itself', async ({ page }) => {
  await signIn(page, 'operator', `/charts/${LIVE_CHART}`);
  await expect(page.getByRole('checkbox', { name: 'Automatisch aktualisieren' })).toBeChecked();
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);
  const end = await attr(plot(page), 'data-range-end');
  const drawn = await attr(plot(page), 'data-series-drawn');
  expect(drawn).toBeGreaterThan(0);
  await expect
    .poll(() => attr(plot(page), 'data-range-end'), { timeout: 20_000 })
    .toBeGreaterThan(end);
});

test('CH2: panning an archive chart back and forth requests only ranges not seen before', async ({
  page,
  plant,
}) => {
  await signIn(page, 'operator', `/charts/${ARCHIVE_CHART}`);
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);
  await settled(page);
  const start = await attr(plot(page), 'data-range-start');
  const before = await dataRequests(plant.url);
  await plot(page).focus();
  const pan = async (key: 'ArrowLeft' | 'ArrowRight') => {
    for (let i = 0; i < 4; i++) await page.keyboard.press(key);
    await settled(page);
  };
  await pan('ArrowLeft');
  expect(await attr(plot(page), 'data-range-start')).toBeLessThan(start);
  const afterBack = await dataRequests(plant.url);
  expect(afterBack).toBeGreaterThan(before);
  await pan('ArrowRight');
  expect(await attr(plot(page), 'data-range-start')).toBe(start);
  await pan('ArrowLeft');
  await pan('ArrowRight');
  expect(await dataRequests(plant.url)).toBe(afterBack);
});

test('CH3: an annotation created, edited and deleted survives a reload', async ({ page }) => {
  await signIn(page, 'operator', `/charts/${ARCHIVE_CHART}`);
  await settled(page);
  const text = `Pumpe 2 gewartet ${Date.now()}`;
  await page.getByRole('button', { name: 'Anmerkung hinzufügen' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('textarea[name="text"]').fill(text);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const item = (t: string) => page.locator('.annotation-item', { hasText: t });
  await expect(item(text)).toBeVisible();

  await page.reload();
  await expect(item(text)).toBeVisible();
  // The annotations overview lists it too.
  await page.goto('/charts/annotations');
  await expect(page.locator('tr', { hasText: text })).toBeVisible();
  await page.goBack();
  await item(text).getByRole('button', { name: 'Bearbeiten' }).click();
  const edited = `${text} (Lager getauscht)`;
  await page.getByRole('dialog').locator('textarea[name="text"]').fill(edited);
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(item(edited)).toBeVisible();

  await page.reload();
  await expect(item(edited)).toBeVisible();
  await item(edited).getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(item(text)).toHaveCount(0);

  await page.reload();
  await settled(page);
  await expect(page.locator('.chart-annotations')).toContainText('Keine Anmerkungen');
  await expect(item(text)).toHaveCount(0);
});

test('CH8: a viewer reads the annotations of a chart, cannot add one and is told why', async ({
  page,
}) => {
  await signIn(page, 'viewer', `/charts/${ARCHIVE_CHART}`);
  await settled(page);
  await expect(page.locator('[data-read-only]')).toContainText('Diagramme bearbeiten');
  await expect(page.getByRole('button', { name: 'Anmerkung hinzufügen' })).toHaveCount(0);
});

test('CH4: a trend link with three PVs draws three series; station PVs link to their trend', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations/1');
  const link = page.locator('.pv-trend-link').first();
  await expect(link).toBeVisible();
  // A plain link followed in the app by the list's handler: the page is not loaded again.
  type Marked = Window & { __samePage?: boolean };
  await page.evaluate(() => ((window as Marked).__samePage = true));
  await link.click();
  await expect(page).toHaveURL(/\/trend\/realtime\?pv=[A-Za-z]+-\d+$/);
  expect(await page.evaluate(() => (window as Marked).__samePage)).toBe(true);
  await expect.poll(() => attr(plot(page), 'data-series-drawn')).toBe(1);

  await page.goto('/trend/realtime?pv=AnaIn-100001&pv=AnaIn-100002&pv=AnaIn-100003');
  await expect.poll(() => attr(plot(page), 'data-series-drawn')).toBe(3);
  // uPlot's legend: the time column and one row per series, named after the PV.
  await expect(page.locator('.u-legend .u-series')).toHaveCount(4);
  await expect(page.locator('.u-legend')).not.toContainText('AnaIn-100001');
});

test('CH5: export downloads the visible data as CSV and the chart as PNG', async ({ page }) => {
  await signIn(page, 'operator', `/charts/${ARCHIVE_CHART}`);
  await settled(page);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV-Export' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/Hauptwerte.*\.csv$/);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG-Bild' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
});

test('CH6: the archive trend line spans its duration; the archive chart target opens the station chart', async ({
  page,
}) => {
  await signIn(page, 'operator', '/trend/archive?pv=AnaIn-100001&amount=7&unit=Days');
  await expect.poll(() => attr(plot(page), 'data-series-drawn')).toBe(1);
  const span =
    (await attr(plot(page), 'data-range-end')) - (await attr(plot(page), 'data-range-start'));
  expect(Math.round(span / 86_400_000)).toBe(7);
  await expect(page.getByRole('checkbox', { name: 'Automatisch aktualisieren' })).not.toBeChecked();

  await page.goto('/charts/archive?station=1');
  await expect(page).toHaveURL(new RegExp(`/charts/${ARCHIVE_CHART}$`));
  await expect.poll(() => attr(plot(page), 'data-series-drawn')).toBeGreaterThan(0);
});

test('CH7: chart pages and the annotation dialog pass axe checks (WCAG 2.1 AA)', async ({
  page,
}) => {
  // Several axe scans: on two cores shared by three test workers they alone can take a minute.
  test.setTimeout(150_000);
  const violations = () => axeViolations(page, { tags: WCAG21_AA });
  await signIn(page, 'operator', '/charts');
  await expect(page.locator('a[data-chart-id]').first()).toBeVisible();
  expect(await violations(), '/charts').toEqual([]);
  await page.goto('/charts/annotations');
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await violations(), '/charts/annotations').toEqual([]);
  await page.goto(`/charts/${ARCHIVE_CHART}`);
  await settled(page);
  expect(await violations(), 'chart').toEqual([]);
  await page.getByRole('button', { name: 'Anmerkung hinzufügen' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(), 'annotation dialog').toEqual([]);
});
