/**
 * Times in the files the app writes and in its tables, seen from a browser elsewhere (issue 57
 * item 5): the projects `new-york` and `kathmandu` export from America/New_York and
 * Asia/Kathmandu while the plant runs on Europe/Berlin. The lists' CSV files (alert archive,
 * alert list, events) and the tables write the plant's wall time as the table shows it; the
 * chart CSV an ISO instant with the plant's offset; reports their rows' plant hours and days;
 * the alarm figures their period, the overflow-basin log its events' start and end. All on
 * the day of the plant's last change of summer time, which the seeded history reaches
 * (PEGEL_HISTORY_DAYS), so a fixed offset fails on one side.
 */
import type { Download, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, testOnPlant } from '../fixtures.ts';
import { signIn } from '../auth.ts';
import { attr, plot, settled } from '../chartPlot.ts';
import { dateField, typeWall } from '../dateField.ts';
import { unzipText } from '../../support/unzip.ts';
import { plantWallText } from '../plantWall.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The plant's last change of summer time at least a day ago: 01:00 UTC on the last Sunday of
 * March or October (EU rule), and the plant's date of it.
 */
function lastChange(now = Date.now()): { at: number; day: string } {
  const year = new Date(now).getUTCFullYear();
  const changes: number[] = [];
  for (const y of [year - 1, year])
    for (const month of [2, 9]) {
      const last = new Date(Date.UTC(y, month + 1, 0));
      changes.push(Date.UTC(y, month, last.getUTCDate() - last.getUTCDay(), 1));
    }
  const at = Math.max(...changes.filter((c) => c < now - DAY));
  return { at, day: new Date(at).toISOString().slice(0, 10) };
}

const CHANGE = lastChange();
/** History back to the day before the change (the seed writes alerts and events for it). */
const test = testOnPlant({
  PEGEL_HISTORY_DAYS: String(Math.ceil((Date.now() - CHANGE.at) / DAY) + 2),
});

const fileOf = async (download: Download) => readFileSync((await download.path())!);

/** `2026-10-25T00:00` on the plant's clock → the instant (offset +1 or +2, tried both). */
function plantInstant(wall: string): number {
  for (const offset of [2, 1]) {
    const ms = Date.parse(`${wall}:00Z`) - offset * HOUR;
    const [d, tm] = plantWallText(ms).split(', ');
    const [dd, mm, yyyy] = d!.split('.');
    if (`${yyyy}-${mm}-${dd}T${tm!.slice(0, 5)}` === wall) return ms;
  }
  throw new Error(`no such plant time: ${wall}`);
}

/** The lines of a downloaded CSV as cells (no quoted semicolons in these files' times). */
async function csvOf(download: Download): Promise<string[][]> {
  const text = (await fileOf(download)).toString('utf8').replace(/^\ufeff/, '');
  return text
    .trim()
    .split('\r\n')
    .map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
}

async function download(page: Page, button: RegExp | string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: typeof button === 'string' }).click(),
  ]);
  return file;
}

/** The window of the change day, 00:00 to 12:00 on the plant's clock. */
const FROM = `${CHANGE.day}T00:00`;
const TO = `${CHANGE.day}T12:00`;

async function typeRange(page: Page, from = FROM, to = TO) {
  await page.getByRole('combobox', { name: 'Zeitraum' }).selectOption('custom');
  await typeWall(dateField(page, 'Von'), from);
  await typeWall(dateField(page, 'Bis'), to);
  await page.getByRole('button', { name: 'Anzeigen' }).click();
}

const query = (start: number, end: number) =>
  `start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}&limit=100000`;

/** Every time of the file and table is one of the server's instants, in plant time. */
function expectPlantTimes(cells: readonly string[], instants: readonly number[]) {
  const expected = new Set(instants.map(plantWallText));
  expect(cells.length).toBeGreaterThan(0);
  for (const c of cells) expect(expected, `${c} is no plant time of the rows`).toContain(c);
}

test('ZX1: the alert archive CSV and table write the plant’s time of each alert, on the day the clocks change', async ({
  page,
}) => {
  await signIn(page, 'operator', '/alerts/archive');
  await typeRange(page);
  const start = plantInstant(FROM);
  const end = plantInstant(TO);
  const res = await page.request.get(`/api/alerts?${query(start, end)}`);
  expect(res.ok()).toBe(true);
  const alerts = (
    (await res.json()) as { alerts: { timestamp: number; acknowledgedAt: number | null }[] }
  ).alerts;
  // Alerts on both sides of the change: a fixed offset is wrong on one of them.
  expect(alerts.some((a) => a.timestamp < CHANGE.at)).toBe(true);
  expect(alerts.some((a) => a.timestamp > CHANGE.at)).toBe(true);
  await expect(page.locator('.alerts-summary')).toContainText(`${alerts.length} Meldung`);
  const shown = await page.locator('.alert-scroll .col-time').allTextContents();
  expectPlantTimes(
    shown,
    alerts.map((a) => a.timestamp),
  );

  const [head, ...rows] = await csvOf(await download(page, /CSV/));
  expect(rows).toHaveLength(alerts.length);
  const at = head!.indexOf('Zeit');
  const ackAt = head!.indexOf('Quittiert am');
  const times = rows.map((r) => r[at]!);
  expectPlantTimes(
    times,
    alerts.map((a) => a.timestamp),
  );
  expect(new Set(times)).toEqual(new Set(alerts.map((a) => plantWallText(a.timestamp))));
  expectPlantTimes(
    rows.map((r) => r[ackAt]!).filter((c) => c !== ''),
    alerts.flatMap((a) => (a.acknowledgedAt === null ? [] : [a.acknowledgedAt])),
  );
});

test('ZX2: the alert list CSV writes the plant’s time of each alert', async ({ page }) => {
  await signIn(page, 'operator', '/alerts');
  await expect(page.locator('.alert-scroll .col-time').first()).toBeVisible();
  const [head, ...rows] = await csvOf(await download(page, /CSV/));
  const now = Date.now();
  const res = await page.request.get(`/api/alerts?${query(now - 8 * DAY, now + HOUR)}`);
  const alerts = (
    (await res.json()) as { alerts: { timestamp: number; acknowledgedAt: number | null }[] }
  ).alerts;
  expectPlantTimes(
    rows.map((r) => r[head!.indexOf('Zeit')]!),
    alerts.map((a) => a.timestamp),
  );
  const shown = await page.locator('.alert-scroll .col-time').allTextContents();
  expectPlantTimes(
    shown,
    alerts.map((a) => a.timestamp),
  );
});

for (const [kind, path, api] of [
  ['control', '/events/control', '/api/controlevent/events'],
  ['system', '/events/system', '/api/systemevents'],
] as const)
  test(`ZX3 ${kind}: the ${kind} events' CSV and table write the plant’s time, on the day the clocks change`, async ({
    page,
  }) => {
    await signIn(page, 'operator', path);
    await typeRange(page);
    const res = await page.request.get(`${api}?${query(plantInstant(FROM), plantInstant(TO))}`);
    expect(res.ok()).toBe(true);
    const events = ((await res.json()) as { events: { timestamp: number }[] }).events;
    expect(events.some((e) => e.timestamp < CHANGE.at)).toBe(true);
    expect(events.some((e) => e.timestamp > CHANGE.at)).toBe(true);
    const cells = page.locator('.alert-scroll .col-time');
    await expect(cells).not.toHaveCount(0);
    expectPlantTimes(
      await cells.allTextContents(),
      events.map((e) => e.timestamp),
    );
    const [head, ...rows] = await csvOf(await download(page, /CSV/));
    expect(head![0]).toBe('Zeit');
    expect(rows).toHaveLength(events.length);
    expect(rows.map((r) => r[0])).toEqual(events.map((e) => plantWallText(e.timestamp)));
  });

/** The hours of the plant's day as the report labels them, `00:00–01:00` … `23:00–00:00`. */
function plantHours(day: string): string[] {
  const hm = (ms: number) => plantWallText(ms).slice(12, 17);
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  const out: string[] = [];
  for (let t = plantInstant(`${day}T00:00`); t < plantInstant(`${next}T00:00`); t += HOUR)
    out.push(`${hm(t)}–${hm(t + HOUR)}`);
  return out;
}

/** Every text of a workbook: its shared strings and inline strings. */
function xlsxTexts(bytes: Buffer): string[] {
  const files = unzipText(bytes);
  const xml = [...files.entries()]
    .filter(([name]) => name.startsWith('xl/'))
    .map(([, text]) => text)
    .join('');
  return [...xml.matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) =>
    m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
  );
}

test('ZX4: the daily report of the change day exports the plant’s hours as CSV and XLSX', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', `/reports/daily/201?date=${CHANGE.day}`);
  const hours = plantHours(CHANGE.day);
  expect(hours.length).not.toBe(24);
  const rows = page.locator('.report-table tbody tr');
  await expect(rows).toHaveCount(hours.length);
  expect(
    (
      await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('th, td')!.textContent!))
    ).map((t) => t.replace(/\s/g, '')),
  ).toEqual(hours);

  const [, ...lines] = await csvOf(await download(page, 'CSV'));
  expect(lines.slice(0, hours.length).map((l) => l[0])).toEqual(hours);
  const texts = xlsxTexts(await fileOf(await download(page, 'Excel')));
  for (const h of hours) expect(texts).toContain(h);
  const weekday = new Intl.DateTimeFormat('de', {
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(`${CHANGE.day}T12:00:00Z`));
  expect(texts.some((t) => t.endsWith(`– ${weekday}`))).toBe(true);
});

test('ZX5: the monthly report of the change month exports the plant’s days', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', `/reports/monthly/201?date=${CHANGE.day}`);
  const [y, m] = CHANGE.day.split('-').map(Number) as [number, number];
  const label = new Intl.DateTimeFormat('de', {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const days: string[] = [];
  for (let d = 1; d <= new Date(Date.UTC(y, m, 0)).getUTCDate(); d++)
    days.push(label.format(Date.UTC(y, m - 1, d, 12)));
  const rows = page.locator('.report-table tbody tr');
  await expect(rows).toHaveCount(days.length);
  expect(
    await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('th, td')!.textContent!)),
  ).toEqual(days);
  const [, ...lines] = await csvOf(await download(page, 'CSV'));
  expect(lines.slice(0, days.length).map((l) => l[0])).toEqual(days);
  const texts = xlsxTexts(await fileOf(await download(page, 'Excel')));
  for (const d of days) expect(texts).toContain(d);
});

test('ZX6: the chart CSV writes each time with the plant’s offset, on the day the clocks change', async ({
  page,
}) => {
  // The archive keeps quarter hours for 35 days (minutes for 3). When the last change is older
  // (December to March), yesterday's quarter hours are checked, without a change in them.
  const onChange = Date.now() - CHANGE.at < 33 * DAY;
  const day = onChange
    ? CHANGE.day
    : plantWallText(Date.now() - DAY)
        .slice(0, 10)
        .split('.')
        .reverse()
        .join('-');
  const [from, to] = [`${day}T00:00`, `${day}T12:00`];
  await signIn(page, 'operator', '/charts/22');
  await settled(page);
  await page.getByRole('combobox', { name: 'Datenquelle' }).selectOption('QuarterHourValues');
  await typeRange(page, from, to);
  const start = plantInstant(from);
  const end = plantInstant(to);
  await expect.poll(() => attr(plot(page), 'data-range-start')).toBe(start);
  await settled(page);
  // The seeded history of the station is written when first asked for.
  await expect.poll(() => attr(plot(page), 'data-points'), { timeout: 30_000 }).toBeGreaterThan(0);
  const file = await download(page, 'CSV-Export');
  expect(file.suggestedFilename()).toContain(day);
  const [head, ...lines] = await csvOf(file);
  expect(head![0]).toBe('Zeitstempel');
  const stamps = lines.map((l) => l[0]!);
  expect(stamps.length).toBeGreaterThan(0);
  for (const s of stamps) {
    const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})([+-]\d{2}:\d{2})$/.exec(s);
    expect(m, s).not.toBeNull();
    const at = Date.parse(s);
    expect(at).toBeGreaterThanOrEqual(start);
    expect(at).toBeLessThanOrEqual(end);
    // The wall part is the plant's clock at that instant (so the offset is the plant's).
    expect(`${m![3]}.${m![2]}.${m![1]}, ${m![4]}:${m![5]}:${m![6]}`).toBe(plantWallText(at));
  }
  if (onChange) {
    expect(stamps.some((s) => s.endsWith('+02:00'))).toBe(true);
    expect(stamps.some((s) => s.endsWith('+01:00'))).toBe(true);
  }
});

test('ZX7: the alarm figures’ CSV and XLSX name the period in plant time', async ({ page }) => {
  const next = new Date(Date.parse(`${CHANGE.day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
  const start = plantInstant(`${CHANGE.day}T00:00`);
  const end = plantInstant(`${next}T00:00`);
  await signIn(
    page,
    'operator',
    `/alerts/performance?period=custom&start=${new Date(start).toISOString()}&end=${new Date(end).toISOString()}`,
  );
  await expect(page.locator('[data-figure="perHour"]')).toBeVisible({ timeout: 60_000 });
  const period = [plantWallText(start).slice(0, 17), plantWallText(end).slice(0, 17)];
  const csv = await download(page, 'CSV');
  expect(csv.suggestedFilename()).toBe(`alarm-performance-plant-${CHANGE.day}-${CHANGE.day}.csv`);
  const lines = await csvOf(csv);
  expect(lines.some((l) => l[1] === period[0] && l[2] === period[1])).toBe(true);
  const xlsx = await download(page, 'Excel (XLSX)');
  expect(xlsx.suggestedFilename()).toBe(`alarm-performance-plant-${CHANGE.day}-${CHANGE.day}.xlsx`);
  const texts = xlsxTexts(await fileOf(xlsx));
  expect(texts).toContain(period[0]);
  expect(texts).toContain(period[1]);
});

test('ZX8: the overflow-basin log writes an event across the change in plant time, on screen and in its CSV', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  // One event from half an hour before the change to half an hour after, as the server
  // would answer it (the simulated basins may have none that month).
  const start = CHANGE.at - 30 * 60_000;
  const end = CHANGE.at + 30 * 60_000;
  await page.route('**/api/RuebProtocol/ruebevents/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        ruebEvents: [
          {
            stationNumber: 0,
            start,
            end,
            durationMs: end - start,
            volume: 12.5,
            overflow: true,
            maxLevel: 3.2,
          },
        ],
      }),
    }),
  );
  const [y, m] = CHANGE.day.split('-').map(Number) as [number, number];
  await signIn(page, 'operator', `/reports/overflow?year=${y}&month=${m}`);
  const shown = [plantWallText(start).slice(0, 17), plantWallText(end).slice(0, 17)];
  const row = page.locator('.report-table tbody tr').first();
  await expect(row).toContainText(shown[0]!);
  await expect(row).toContainText(shown[1]!);
  const [head, ...rows] = await csvOf(await download(page, 'CSV'));
  expect(rows).toHaveLength(1);
  expect([rows[0]![head!.indexOf('Beginn')], rows[0]![head!.indexOf('Ende')]]).toEqual(shown);
});
