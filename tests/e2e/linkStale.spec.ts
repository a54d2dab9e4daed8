/**
 * One staleness rule, the link included (workers/SPEC.md LD1; issue 55): with the web server
 * down, or the server's status not Connected, every value and station state in every tab
 * (station page, dashboard, process image) reads stale: not bold, with the stale note, the
 * station "Unbekannt", never "Verbunden"; the alarm banner and the alert list's count say
 * the alert state is unknown (marked as abnormal: a triangle in a dashed frame); the energy,
 * leakage and report pages name the link as the reason, not the station; at 360 px the
 * connection strip moves the page down instead of covering its title; the values are kept,
 * and both come back when the link does — rules LD-E1, LD-E2.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { json } from './limits.ts';
import { ENERGY_API, type EnergyStation } from '../../src/contract/energy.ts';
import { API } from '../../src/contract/paths.ts';
import type { Station } from '../../src/contract/station.ts';

const conn = (page: Page) => page.locator('.shell-header .conn');
const banner = (page: Page) => page.locator('.shell-header .alarm-banner');
/** The station page's rows with a value, and those of them not shown stale. */
const valued = (page: Page) =>
  page.locator('.pv-row[data-pv] .pv-value:has(.pv-value-text:not(:empty))');
const freshValues = (page: Page) =>
  page.locator('.pv-row[data-pv] .pv-value:not(.value-stale):has(.pv-value-text:not(:empty))');
const stationState = (page: Page) => page.locator('.station-facts .dial-state');
/** Dashboard single-value tiles, and those not shown stale. */
const tiles = (page: Page) => page.locator('.single-value');
const freshTiles = (page: Page) => page.locator('.single-value:not([data-stale])');

/** Signed in on station 2 (fixed line, "Verbunden") and the first dashboard, both live. */
async function openLive(page: Page, dashboard: Page) {
  await signIn(page, 'operator', '/stations/2');
  await expect(valued(page).first()).toBeVisible();
  await expect(stationState(page)).toHaveAttribute('data-dial-state', 'Connected');
  await expect(page.locator('.pv-row .stale-note[data-stale="linkDown"]')).toHaveCount(0);
  await dashboard.goto('/dashboard/1');
  await expect(tiles(dashboard).first()).toBeVisible();
  await expect(dashboard.locator('.single-value[data-stale="linkDown"]')).toHaveCount(0);
}

/**
 * Every value shown stale, the station's state unknown. A value says why in its stale note:
 * the link, or Bad where the plant marked it so (a lost control unit does), which says more
 * (valueStanding: Bad wins).
 */
async function expectAllStale(page: Page, dashboard: Page, timeout: number) {
  await expect(freshValues(page)).toHaveCount(0, { timeout });
  expect(await valued(page).count()).toBeGreaterThan(0);
  await expect(stationState(page)).toHaveAttribute('data-dial-state', 'unknown');
  await expect(stationState(page)).not.toContainText('Verbunden');
  await expect(freshTiles(dashboard)).toHaveCount(0, { timeout });
  expect(await tiles(dashboard).count()).toBeGreaterThan(0);
  // The map's stations say the same: not known, never in order.
  const markers = dashboard.locator('.map-marker-link');
  // The map draws its markers after the tiles: wait for the first before counting.
  await expect(markers.first()).toBeAttached({ timeout });
  expect(await markers.count()).toBeGreaterThan(0);
  await expect
    .poll(async () =>
      (await markers.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).every(
        (label) => label?.endsWith('Unbekannt'),
      ),
    )
    .toBe(true);
}

async function expectLiveAgain(page: Page, dashboard: Page, timeout: number) {
  await expect(page.locator('.pv-row .stale-note[data-stale="linkDown"]')).toHaveCount(0, {
    timeout,
  });
  await expect(stationState(page)).toHaveAttribute('data-dial-state', 'Connected', { timeout });
  await expect(dashboard.locator('.single-value[data-stale="linkDown"]')).toHaveCount(0, {
    timeout,
  });
  await expect(page.locator('.pv-row[data-pv] .pv-value.value-stale')).toHaveCount(0);
}

test('LD-E1: with the web server down the station page, the dashboard and a process image show every value and the station state stale within seconds, in German and Russian; they are live again once it is back', async ({
  context,
  plant,
}) => {
  // A server stop and restart with three pages open: 1 min seen on the two-core machine.
  test.setTimeout(150_000);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1920, height: 1080 });
  const dashboard = await context.newPage();
  await openLive(page, dashboard);
  // The same station page in Russian (the language is the origin's, read as a page loads).
  const ru = await context.newPage();
  await ru.setViewportSize({ width: 1920, height: 1080 });
  await ru.addInitScript(
    ([key, lang]) => localStorage.setItem(key!, lang!),
    [LANGUAGE_STORAGE_KEY, 'ru'],
  );
  await ru.goto('/stations/2');
  await expect(valued(ru).first()).toBeVisible();
  const image = await context.newPage();
  await image.goto('/process-images/wasserwerk-talaue');
  const imageValues = image.locator('text.pi-value[data-pv]');
  await expect(imageValues.first()).toHaveText(/\d/);
  await expect(image.locator('text.pi-value[data-stale="linkDown"]')).toHaveCount(0);
  // The current alert list, whose count is a state too (in Russian: the origin's language).
  const alerts = await context.newPage();
  await alerts.goto('/alerts');
  const summary = alerts.locator('.alerts-summary');
  await expect(summary).toHaveText(/^\d+ сообщ/);
  await expect(banner(page)).not.toHaveAttribute('data-state', 'unknown');
  await expect(banner(page).locator('[data-mark="unknown"]')).toHaveCount(0);
  // The energy, leakage and report pages, of a station on a fixed line (fresh now).
  const api = await signInHttp(plant.url, 'operator');
  const dialUp = new Set(
    (await json<Station[]>(api, API.station.all)).filter((s) => s.dialUp).map((s) => s.id),
  );
  const fixed = (await json<EnergyStation[]>(api, ENERGY_API.stations)).find(
    (e) => !dialUp.has(e.stationNumber),
  )!;
  const energy = await context.newPage();
  await energy.goto('/energy');
  const card = energy.locator(`[data-energy-station="${fixed.stationNumber}"]`);
  await expect(card.locator('.energy-state')).toBeVisible();
  await expect(card).not.toHaveAttribute('data-stale');
  const leakage = await context.newPage();
  await leakage.goto('/leakage');
  const leakRows = leakage.locator('tr[data-leak-section]');
  await expect(leakRows.first()).toBeVisible();
  const report = await context.newPage();
  await report.goto(`/reports/monthly/${fixed.stationNumber * 100 + 1}`);
  await expect(report.locator('.report-table tbody tr').first()).toBeVisible({ timeout: 30_000 });
  await expect(report.locator('.report-table tbody tr[data-stale]')).toHaveCount(0);

  await plant.stop();
  // The header says the web server is gone; the values and the station say the same.
  await expect(conn(page)).toHaveAttribute('data-connection', 'webServer', { timeout: 30_000 });
  await expectAllStale(page, dashboard, 10_000);
  await expect(page.locator('.pv-row .stale-note[data-stale="linkDown"]').first()).toContainText(
    'Verbindung unterbrochen',
  );
  await expect(stationState(page)).toContainText('Unbekannt');
  await expect(ru.locator('.pv-row .stale-note[data-stale="linkDown"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(ru.locator('.pv-row .stale-note').first()).toContainText('Связь прервана');
  await expect(stationState(ru)).toContainText('Неизвестно');
  // The process image reads its values stale with the same reason, '?' before each.
  await expect(image.locator('text.pi-value[data-stale="linkDown"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(image.locator('text.pi-value[data-stale="linkDown"]').first()).toHaveText(/^\? /);
  // The alarm banner says the alert state is unknown, never "no pending alerts" nor a count.
  for (const [p, words] of [
    [page, 'Meldungsstand unbekannt'],
    [ru, 'Состояние сообщений неизвестно'],
  ] as const) {
    await expect(banner(p)).toHaveAttribute('data-state', 'unknown');
    await expect(banner(p).locator('.alarm-banner-count')).toHaveText(words);
    await expect(banner(p)).not.toHaveClass(/has-alerts|has-active/);
    // ISA-101: an unknown state is abnormal: its own mark beside the words, not muted text.
    await expect(banner(p).locator('[data-mark="unknown"]')).toBeVisible();
  }
  // Energy, leakage and report: the reason is the link, as on the station page, not the station
  // (in Russian: the origin's language since the Russian page set it).
  await expect(card).toHaveAttribute('data-stale', 'linkDown', { timeout: 30_000 });
  await expect(card.locator('.stale-note')).toContainText('Связь прервана');
  await expect(energy.locator('[data-stale="stationOffline"]')).toHaveCount(0);
  await expect(leakage.locator('tr[data-leak-section][data-stale="linkDown"]').first()).toBeVisible(
    { timeout: 30_000 },
  );
  await expect(leakage.locator('[data-stale="stationOffline"]')).toHaveCount(0);
  await expect(leakage.locator('.stale-note').first()).toContainText('Связь прервана');
  const staleRows = report.locator('.report-table tbody tr[data-stale="linkDown"]');
  await expect(staleRows.first()).toBeVisible({ timeout: 30_000 });
  await expect(staleRows.first().locator('.stale-mark')).toHaveAttribute(
    'aria-label',
    'Связь прервана',
  );
  await expect(report.locator('[data-stale="stationOffline"]')).toHaveCount(0);
  // The alert list's count the same, and why.
  await expect(summary).toContainText('Состояние сообщений неизвестно · Связь прервана', {
    timeout: 30_000,
  });
  await expect(summary).not.toContainText(/\d+ сообщ/);
  // The last values are kept, not blanked.
  await expect(valued(page).first()).toHaveText(/\d/);
  await page.screenshot({ path: 'test-results/webserver-down-station-de-1920.png' });
  await ru.screenshot({ path: 'test-results/webserver-down-station-ru-1920.png' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: 'test-results/webserver-down-station-de-360.png' });
  await ru.setViewportSize({ width: 360, height: 780 });
  // The connection strip under the header (up to three lines in Russian) moves the page down:
  // it never covers the page's title.
  const strip = ru.locator('.conn-strip');
  await expect(strip).toBeVisible();
  await expect(banner(ru).locator('[data-mark="unknown"]')).toBeVisible();
  await expect(async () => {
    const a = (await strip.boundingBox())!;
    const b = (await ru.locator('main h1').boundingBox())!;
    expect(a.height).toBeGreaterThan(0);
    expect(b.y, 'the title starts below the strip').toBeGreaterThanOrEqual(a.y + a.height);
  }).toPass({ timeout: 10_000 });
  await ru.screenshot({ path: 'test-results/webserver-down-station-ru-360.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });

  await plant.restart();
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 45_000 });
  await expectLiveAgain(page, dashboard, 20_000);
  await expect(image.locator('text.pi-value[data-stale="linkDown"]')).toHaveCount(0);
  await expect(banner(page)).not.toHaveAttribute('data-state', 'unknown');
  await expect(banner(page).locator('.alarm-banner-count')).not.toHaveText(/unbekannt/);
  await expect(banner(page).locator('[data-mark="unknown"]')).toHaveCount(0);
  await expect(card).not.toHaveAttribute('data-stale', { timeout: 20_000 });
  await expect(summary).toHaveText(/^\d+ сообщ/, { timeout: 20_000 });
});

test('LD-E2: a server status that is not Connected (control unit lost) shows every value and the station state stale like a lost station; Connected brings them back', async ({
  context,
  plant,
}) => {
  test.setTimeout(120_000);
  const admin = await signInHttp(plant.url, 'admin');
  const simulate = async (status: string) => {
    const res = await admin.fetch('/api/admin/simulate/server-status', {
      method: 'POST',
      body: JSON.stringify({ status }),
    });
    expect(res.status).toBe(200);
  };
  const page = await context.newPage();
  const dashboard = await context.newPage();
  await openLive(page, dashboard);

  await simulate('ControlUnitDisconnected');
  await expect(conn(page)).toHaveAttribute('data-connection', 'controlUnit');
  await expectAllStale(page, dashboard, 10_000);

  await simulate('Connected');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected');
  await expectLiveAgain(page, dashboard, 10_000);
});
