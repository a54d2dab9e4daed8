/**
 * `/alerts/performance` in the browser against the reference plant with its seven days of
 * alert history (issue 46): figures consistent with the archive, the rate chart, the tables
 * or their empty reasons, the choice kept in the address, the CSV export, the navigation
 * entry by right, the phone layout and axe. The history's content is the simulator's; the
 * tests assert on what any history gives (counts that agree with the archive), not on a
 * particular flood or chattering switch.
 */
import type { Download, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, testOnPlant } from './fixtures.ts';
import { axeViolations, WCAG22_AA } from './axe.ts';
import { signIn } from './auth.ts';
import { ALERT_API, type AlertListResult } from '../../src/contract/alerts.ts';
import { formatNumber } from '../../src/domain/format.ts';

const test = testOnPlant({ PEGEL_HISTORY_DAYS: '7' });

const HOUR = 3_600_000;
const fileOf = async (download: Download) => readFileSync((await download.path())!);

/** A closed period of the seeded history: six days up to an hour ago, on whole hours. */
function pastPeriod(): { start: number; end: number; hours: number } {
  const end = Math.floor((Date.now() - HOUR) / HOUR) * HOUR;
  const hours = 6 * 24;
  return { start: end - hours * HOUR, end, hours };
}

const periodUrl = (p: { start: number; end: number }, extra = '') =>
  `/alerts/performance?period=custom&start=${new Date(p.start).toISOString()}&end=${new Date(p.end).toISOString()}${extra}`;

/** Alarms the archive holds in [start, end) (its end is inclusive: a row at `end` is left out). */
async function archiveCount(page: Page, p: { start: number; end: number }): Promise<number> {
  const res = await page.request.get(
    `${ALERT_API.list}?start=${new Date(p.start).toISOString()}&end=${new Date(p.end).toISOString()}&limit=100000`,
  );
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as AlertListResult;
  return body.alerts.filter((a) => a.timestamp < p.end).length;
}

const figure = (page: Page, id: string) => page.locator(`[data-figure="${id}"]`);

async function figuresShown(page: Page) {
  await expect(figure(page, 'perHour')).toBeVisible({ timeout: 60_000 });
  // The tables are added in steps after the figures; each test reads the whole page.
  await expect(page.locator('.perf-tables')).toHaveAttribute('aria-busy', 'false');
}

/**
 * The chart's box was as high before the chart was drawn as it is drawn: nothing under it (the
 * tables and their links) moved when the chart came.
 */
async function expectChartBoxKept(page: Page) {
  await expect(page.locator('.perf-chart-canvas canvas')).toBeVisible({ timeout: 30_000 });
  const box = await page.locator('.perf-chart-box').evaluate((el) => ({
    drawn: el.getBoundingClientRect().height,
    kept: parseFloat(getComputedStyle(el).minHeight),
  }));
  expect(box.kept).toBeGreaterThan(0);
  expect(Math.abs(box.drawn - box.kept)).toBeLessThanOrEqual(0.5);
}

/** Signs in on the figures of a past period (`query` added to the address) once they show. */
async function openFigures(page: Page, query = '') {
  const period = pastPeriod();
  await signIn(page, 'operator', periodUrl(period, query));
  await figuresShown(page);
  return period;
}

test('APG20: the figures agree with the archive; each says its verdict in words and explains itself', async ({
  page,
}) => {
  const period = await openFigures(page);
  const total = await archiveCount(page, period);
  expect(total).toBeGreaterThan(0);
  await expect(page.locator('.perf-computed')).toContainText(
    `${formatNumber(total, 0, 'de')} Alarm`,
  );
  await expect(figure(page, 'perHour').locator('.perf-figure-value')).toHaveText(
    formatNumber(total / period.hours, 1, 'de'),
  );
  await expect(figure(page, 'perDay').locator('.perf-figure-value')).toHaveText(
    formatNumber(total / (period.hours / 24), 1, 'de'),
  );
  // Ten figures, each within or outside in words (a shape beside the words when judged).
  await expect(page.locator('.perf-figure')).toHaveCount(10);
  for (const card of await page.locator('.perf-figure').all())
    await expect(card.locator('.perf-verdict')).toHaveText(
      /^(Im Richtwert|Außerhalb des Richtwerts|Keine Alarme)$/,
    );
  await expect(page.locator('.perf-figure.is-outside .perf-verdict-shape')).toHaveCount(
    await page.locator('.perf-figure.is-outside').count(),
  );
  // The help popup gives the definition and the source.
  await figure(page, 'peak10Min').getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Spitze in 10 Minuten' });
  await expect(dialog).toContainText('mehr als 10');
  await expect(dialog).toContainText('ISA-18.2');
  await dialog.getByRole('button', { name: 'OK' }).click();
});

test('APG21: the alarm rate is drawn per 10 minutes and per hour with its benchmark lines', async ({
  page,
}) => {
  const period = await openFigures(page);
  const canvas = page.locator('.perf-chart-canvas');
  await expect(canvas.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(canvas).toHaveAttribute('data-points', String(period.hours * 6));
  await expectChartBoxKept(page);
  await expect(page.locator('.perf-legend')).toContainText('Richtwert 1 je 10 min');
  await expect(page.locator('.perf-legend')).toContainText('Alarmschwall über 10 je 10 min');
  await page.locator('.perf-rate').getByText('Je Stunde', { exact: true }).click();
  await expect(canvas).toHaveAttribute('data-points', String(period.hours));
  await expect(page.locator('.perf-legend')).toContainText('Richtwert 6 je Stunde');
});

test("APG22: every table is there or says why it is empty; a top alarm links to its PV's history", async ({
  page,
}) => {
  await openFigures(page);
  const ids = [
    'floods',
    'top10',
    'chattering',
    'fleeting',
    'standing',
    'bands',
    'levels',
    'ackTimes',
    'neverAcknowledged',
  ];
  for (const id of ids) {
    const block = page.locator(`[data-table="${id}"]`);
    await expect(block.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(block.locator('table tbody tr, .perf-empty').first()).toBeVisible();
  }
  await expect(page.locator('[data-table="levels"] tbody tr')).toHaveCount(10);
  const floods = page.locator('[data-table="floods"]');
  if ((await floods.locator('table').count()) === 0)
    await expect(floods).toContainText('Kein Alarmschwall im Zeitraum');
  // The whole page is drawn (the chart too) before the click; the chart keeps its place from
  // the start, so the link does not move under the pointer (the cause of a lost click).
  await expectChartBoxKept(page);
  const top = page.locator('[data-table="top10"] tbody tr');
  expect(await top.count()).toBeGreaterThan(0);
  const link = top.first().getByRole('link');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/alerts\/history\?(pv=[A-Za-z]+-\d+|station=\d+)$/);
  await link.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Meldungshistorie');
  // From the keyboard too: Enter on a table's link follows it in the app.
  await page.goBack();
  await figuresShown(page);
  const again = page.locator('[data-table="top10"] tbody tr').first().getByRole('link');
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Meldungshistorie');
});

test('APG23: the period and station live in the address: reloaded and shared, the same figures open', async ({
  page,
}) => {
  await signIn(page, 'operator', '/alerts/performance');
  await figuresShown(page);
  await page.locator('.perf-choice').getByText('24 Stunden', { exact: true }).click();
  await expect(page).toHaveURL(/period=24h/);
  const station = page.locator('select[name="station"]');
  await expect(station.locator('option')).not.toHaveCount(1);
  const second = await station.locator('option').nth(1).getAttribute('value');
  await station.selectOption(second!);
  await expect(page).toHaveURL(new RegExp(`station=${second}`));
  await figuresShown(page);
  await page.reload();
  await expect(page.locator('.perf-choice input[value="24h"]')).toBeChecked();
  await expect(station).toHaveValue(second!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alarmkennzahlen');
  // Back goes to the whole plant again.
  await page.goBack();
  await expect(station).toHaveValue('');
});

test('APG24: the navigation lists the page for a user who may acknowledge alerts, not for a viewer', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, 'operator', '/');
  const navOf = (p: Page) => p.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navOf(page).getByRole('link', { name: 'Alarmkennzahlen' })).toBeVisible();
  await navOf(page).getByRole('link', { name: 'Alarmkennzahlen' }).click();
  await expect(page).toHaveURL(/\/alerts\/performance$/);
  // A viewer in a browser of its own (its own engine and session).
  const context = await browser.newContext({ baseURL });
  const viewer = await context.newPage();
  await signIn(viewer, 'viewer', '/');
  await expect(navOf(viewer).getByRole('link', { name: 'Störmeldungen' })).toBeVisible();
  await expect(navOf(viewer).getByRole('link', { name: 'Alarmkennzahlen' })).toHaveCount(0);
  await context.close();
});

test('APG25: the CSV export holds the period, every figure with its verdict and the tables', async ({
  page,
}) => {
  const period = await openFigures(page);
  const total = await archiveCount(page, period);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^alarm-performance-plant-.*\.csv$/);
  const lines = (await fileOf(csv))
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(lines[0]).toBe('Alarmkennzahlen');
  expect(lines).toContain('Station;Ganze Anlage');
  expect(lines).toContain(`Alarme;${total}`);
  expect(lines.find((l) => l.startsWith('Alarme je Stunde;'))).toMatch(
    /^Alarme je Stunde;[\d.]+;≤ 6;(Im Richtwert|Außerhalb des Richtwerts)$/,
  );
  for (const title of ['Alarmschwälle', 'Die 10 häufigsten Alarme', 'Nie quittierte Alarme'])
    expect(lines).toContain(title);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel (XLSX)' }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await fileOf(xlsx)).subarray(0, 2).toString('latin1')).toBe('PK');
});

test('APG26: on a phone the figures come first and nothing is wider than the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openFigures(page);
  await expect(page.locator('.perf-chart-canvas canvas')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  const y = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
  expect(await y('.perf-figures')).toBeLessThan(await y('.perf-rate'));
  expect(await y('.perf-rate')).toBeLessThan(await y('.perf-tables'));
  // Tables are blocks of label and value: no header row to scroll along.
  await expect(page.locator('[data-table="levels"] thead')).not.toBeInViewport();
  const cell = page.locator('[data-table="levels"] tbody tr').first().locator('td').first();
  expect(await cell.evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"Priorität"');
});

test('APG27: the page passes axe (WCAG 2.2 AA) with figures, chart and tables shown', async ({
  page,
}) => {
  await openFigures(page);
  await expect(page.locator('.perf-chart-canvas canvas')).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page, { tags: WCAG22_AA })).toEqual([]);
});

test('APG28: printed, the choosers, navigation and export buttons are gone and the period is named', async ({
  page,
}) => {
  await openFigures(page, '&station=2');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.perf-choice')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  await expect(page.getByRole('toolbar', { name: 'Export' })).toBeHidden();
  const head = page.locator('.perf-print-head');
  await expect(head).toBeVisible();
  await expect(head).toContainText(
    (await page.locator('select[name="station"] option:checked').textContent())!,
  );
  await expect(page.locator('.perf-figure').first()).toBeVisible();
  await expect(page.locator('[data-table="levels"] table')).toBeVisible();
});

/**
 * A plant whose archive holds 40,000 alerts over its last 6 days (server/alerts/alertSeed.ts):
 * half of those of the last hour are not acknowledged, more than a table lists.
 */
const seeded = testOnPlant({ PEGEL_ALERT_ARCHIVE_SEED: '40000' });

seeded(
  'APG29: a table drawn in part says how many it has, and the export holds every one of them',
  async ({ page }) => {
    // The last day: the seed's last hour holds some 140 alarms never acknowledged.
    await signIn(page, 'operator', '/alerts/performance?period=24h');
    await figuresShown(page);
    // Tables of more than 100 rows: the page draws 100 and says how many there are.
    const partial = page
      .locator('section.perf-table-block')
      .filter({ has: page.locator('.perf-table-note') });
    await expect.poll(() => partial.count()).toBeGreaterThan(0);
    const expected = new Map<string, number>();
    for (const block of await partial.all()) {
      await expect(block.locator('tbody tr')).toHaveCount(100);
      const heading = (await block.locator('h3').textContent())!;
      const match = /^(.*) \(([\d.]+)\)$/.exec(heading.trim())!;
      const total = Number(match[2]!.replaceAll('.', ''));
      expect(total).toBeGreaterThan(100);
      await expect(block.locator('.perf-table-note')).toContainText(
        `100 von ${formatNumber(total, 0, 'de')} angezeigt`,
      );
      expected.set(match[1]!, total);
    }
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV' }).click(),
    ]);
    const lines = (await fileOf(csv))
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .split('\r\n');
    for (const [title, total] of expected) {
      // The title, the column heads, then one line per row up to the next blank line.
      const at = lines.indexOf(title);
      expect(at, title).toBeGreaterThan(0);
      const end = lines.indexOf('', at);
      expect((end < 0 ? lines.length : end) - at - 2, title).toBe(total);
    }
  },
);

test('APG30: at 360 px the alarm-rate chart and its axes are whole, not cut off by its frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openFigures(page);
  const canvas = page.locator('.perf-chart-canvas canvas').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  await expectChartBoxKept(page);
  const fit = await page.locator('.perf-chart').evaluate((frame) => {
    const inner = frame.getBoundingClientRect();
    const style = getComputedStyle(frame);
    const right = inner.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    const left = inner.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
    return [...frame.querySelectorAll('.u-wrap, canvas, .u-legend')].map((e) => {
      const r = e.getBoundingClientRect();
      return { what: e.className || e.tagName, left: r.left - left, right: right - r.right };
    });
  });
  for (const f of fit) {
    expect(f.left, f.what).toBeGreaterThanOrEqual(-0.5);
    expect(f.right, f.what).toBeGreaterThanOrEqual(-0.5);
  }
  await page.locator('.perf-rate').screenshot({ path: test.info().outputPath('rate-360.png') });
});
