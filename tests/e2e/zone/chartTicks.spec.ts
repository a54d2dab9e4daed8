/**
 * One plant clock on charts (issue 57 item 3), from a browser in New York and one in Kathmandu
 * while the plant runs on Europe/Berlin: a chart's day ticks fall on the plant's midnights and
 * its hour ticks on the plant's whole hours, on both DST days too; the tick labels, the
 * cursor's legend time and the dashboard chart tile's ticks read plant time. The drawn ticks'
 * instants are read from the plot's `data-x-times`, their labels from `data-x-ticks`.
 * With PEGEL_ZONE_SHOTS=<dir> the chart is also saved as a screenshot from each browser zone.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../auth.ts';
import { attr, plot, settled } from '../chartPlot.ts';
import { plantWall } from '../plantWall.ts';

/** The reference plant's archive chart of station 1. */
const ARCHIVE_CHART = 22;

/** The drawn time ticks of a plot host: their instants and labels. */
async function ticksOf(host: Locator): Promise<{ times: number[]; labels: string[] }> {
  await expect.poll(async () => (await host.getAttribute('data-x-times')) ?? '').not.toBe('');
  const times = ((await host.getAttribute('data-x-times')) ?? '').split('|').map(Number);
  const labels = ((await host.getAttribute('data-x-ticks')) ?? '').split('|');
  expect(labels).toHaveLength(times.length);
  return { times, labels };
}

/** The x axis of the chart page's plot once it shows `start`–`end`. */
async function chartTicks(page: Page, start: string, end: string) {
  const from = Date.parse(start);
  const to = Date.parse(end);
  await page.goto(`/charts/${ARCHIVE_CHART}?start=${from}&end=${to}`);
  await expect.poll(() => attr(plot(page), 'data-range-start')).toBe(from);
  const host = plot(page).locator('.uplot-host');
  // The ticks of this range (the plot may have drawn the default range first).
  await expect
    .poll(async () => {
      const times = ((await host.getAttribute('data-x-times')) ?? '').split('|').map(Number);
      return times.length > 1 && times.every((t) => t >= from && t <= to);
    })
    .toBe(true);
  return ticksOf(host);
}

const two = (n: number | undefined) => String(n).padStart(2, '0');

/** Every tick falls on a plant midnight (`days`) or on a whole plant hour (`hours`). */
function expectWholePlant(times: number[], unit: 'days' | 'hours') {
  for (const t of times) {
    const [, , , hour, minute, second] = plantWall(t);
    const rest = unit === 'days' ? [hour, minute, second] : [minute, second];
    expect(rest, `tick ${new Date(t).toISOString()}`).toEqual(rest.map(() => 0));
  }
}

/** A label names the plant's hour and minute of its tick (HH:mm in German). */
function expectPlantLabel(ms: number, label: string) {
  const [, , , hour, minute] = plantWall(ms);
  expect(label, `label of ${new Date(ms).toISOString()}`).toBe(`${two(hour)}:${two(minute)}`);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('pegel.language', 'de'));
  await signIn(page, 'operator', null);
});

test('ZT1: day ticks of a two-week chart over the autumn change fall on the plant midnights', async ({
  page,
}) => {
  const { times, labels } = await chartTicks(
    page,
    '2026-10-18T00:00:00+02:00',
    '2026-11-01T00:00:00+01:00',
  );
  expect(times.length).toBeGreaterThan(2);
  expectWholePlant(times, 'days');
  // Every plant day of the range that a tick falls on is a different one, the 25-hour day too.
  expect(new Set(times.map((t) => plantWall(t).slice(0, 3).join('-'))).size).toBe(times.length);
  const shots = process.env.PEGEL_ZONE_SHOTS;
  if (shots)
    await plot(page).screenshot({
      path: `${shots}/chart-days-${test.info().project.name}.png`,
    });
  // Two weeks are labelled by the day (dd.MM.yyyy).
  for (const [i, t] of times.entries()) {
    const [year, month, day] = plantWall(t);
    expect(labels[i]).toBe(`${two(day)}.${two(month)}.${year}`);
  }
});

test('ZT2: hour ticks over the spring change fall on whole plant hours and on its midnights', async ({
  page,
}) => {
  const { times, labels } = await chartTicks(
    page,
    '2026-03-28T18:00:00+01:00',
    '2026-03-30T06:00:00+02:00',
  );
  expect(times.length).toBeGreaterThan(4);
  expectWholePlant(times, 'hours');
  // Both plant midnights in view are ticks, the one before the 23-hour day and the one after.
  expect(times).toContain(Date.parse('2026-03-29T00:00:00+01:00'));
  expect(times).toContain(Date.parse('2026-03-30T00:00:00+02:00'));
  for (const [i, t] of times.entries()) expectPlantLabel(t, labels[i]!);
});

test('ZT3: the cursor over a tick reads the plant time of that tick in the legend', async ({
  page,
}) => {
  await page.goto(`/charts/${ARCHIVE_CHART}`);
  await expect.poll(() => attr(plot(page), 'data-points')).toBeGreaterThan(0);
  await settled(page);
  const host = plot(page).locator('.uplot-host');
  const { times } = await ticksOf(host);
  const start = await attr(plot(page), 'data-range-start');
  const end = await attr(plot(page), 'data-range-end');
  const over = await host.locator('.u-over').boundingBox();
  expect(over).not.toBeNull();
  const legendTime = host.locator('.u-legend .u-series').first().locator('.u-value');
  // The ticks in the middle of the range, where the data lies on both sides.
  const inner = times.filter((t) => t > start + (end - start) / 4 && t < end - (end - start) / 4);
  expect(inner.length).toBeGreaterThan(0);
  for (const tick of inner.slice(0, 2)) {
    const x = over!.x + ((tick - start) / (end - start)) * over!.width;
    await page.mouse.move(x, over!.y + over!.height / 2);
    // The legend names the time of the point nearest the cursor: the tick's plant time within
    // a few pixels' worth of the range (a browser-zone read-out would be hours off).
    const tolerance = ((end - start) / over!.width) * 8;
    await expect
      .poll(async () => {
        const text = (await legendTime.textContent()) ?? '';
        const m = /(\d{2})\.(\d{2})\.(\d{4}),? (\d{2}):(\d{2}):(\d{2})/.exec(text);
        if (!m) return `no time in "${text}"`;
        const [, day, month, year, hour, minute, second] = m.map(Number);
        const read = Date.UTC(year!, month! - 1, day, hour, minute, second);
        const [ty, tmo, td, th, tmi, ts] = plantWall(tick);
        const expected = Date.UTC(ty!, tmo! - 1, td, th, tmi, ts);
        return Math.abs(read - expected) <= tolerance ? 'plant time' : `"${text}" for ${tick}`;
      })
      .toBe('plant time');
  }
  const shots = process.env.PEGEL_ZONE_SHOTS;
  if (shots)
    await plot(page).screenshot({
      path: `${shots}/chart-cursor-${test.info().project.name}.png`,
    });
});

test('ZT4: the dashboard chart tile ticks on plant hours and labels them in plant time', async ({
  page,
}) => {
  await page.goto('/dashboard/1');
  const tile = page.locator('[data-tile-type="Chart"] .chart-tile-plot').first();
  await tile.scrollIntoViewIfNeeded();
  const { times, labels } = await ticksOf(tile);
  expect(times.length).toBeGreaterThan(1);
  const step = Math.min(...times.slice(1).map((t, i) => t - times[i]!));
  const stepMinutes = Math.round(step / 60_000);
  for (const [i, t] of times.entries()) {
    const [, , , hour = NaN, minute = NaN] = plantWall(t);
    // Each tick on a multiple of the step within the plant's hour (or on its whole hours).
    if (stepMinutes < 60) expect(minute % stepMinutes, `tick at :${minute}`).toBe(0);
    else expect(minute).toBe(0);
    expect(labels[i]).toBe(`${two(hour)}:${two(minute)}`);
  }
});
