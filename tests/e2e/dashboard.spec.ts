/**
 * Dashboards in the browser (SPEC §2 "Dashboard", §3 "Weather", §7 "Dashboard", §8): every
 * tile type on the sample dashboard, notes live across tabs, webcam and weather tiles, tile
 * errors for unknown enumeration values, and the wall-monitor full screen.
 */
import { test, expect } from './fixtures.ts';
import { axeViolations, WCAG21_AA } from './axe.ts';
import { signIn } from './auth.ts';
import type { Page } from '@playwright/test';
import { TILE_TYPES } from '../../src/contract/dashboard.ts';

/** Every tile type the contract knows, but the unspecified one. */
const TYPES = TILE_TYPES.filter((type) => type !== 'Unspecified');

async function openOverview(page: Page, user = 'operator') {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, user, '/dashboard/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leitwarte Übersicht');
}

test('DB-E1: every tile type renders on the sample dashboard, without tile errors', async ({
  page,
}) => {
  await openOverview(page);
  for (const type of TYPES) {
    const tile = page.locator(`[data-tile-type="${type}"]`).first();
    await tile.scrollIntoViewIfNeeded();
    await expect(tile).toBeVisible();
  }
  const singles = page.locator('[data-tile-type="SingleValue"] .single-value');
  await expect(singles).toHaveCount(7);
  for (const style of [
    'gauge-circular',
    'gauge-vertical',
    'gauge-horizontal',
    'gauge-digital',
    'gauge-state',
    'gauge-state-only',
    'gauge-textview',
  ])
    await expect(page.locator(`.single-value .${style}`)).toHaveCount(1);
  await expect(page.locator('.gauge-circular .gauge-number')).toHaveText(/^\d+,\d+$/);
  await expect(page.locator('[data-tile-type="Chart"] canvas').first()).toBeVisible();
  await expect(page.locator('[data-tile-type="HeatMap"] .heat-cell')).toHaveCount(9);
  await expect(page.locator('[data-tile-type="GoogleMaps"] .map-marker')).toHaveCount(12);
  // No tile server is reachable here: the stations show on the plain map.
  await expect(page.getByText('Kartenkacheln nicht erreichbar')).toBeVisible();
  // The Betriebshandbuch tile shows the plant's manual, not Pegel (DB9).
  const manual = page.locator('[data-tile-type="Browser"] iframe');
  await expect(manual).toHaveAttribute('src', /\/Views\/Manual\/betriebshandbuch\.html$/);
  await expect(
    page.frameLocator('[data-tile-type="Browser"] iframe').getByRole('heading', { level: 1 }),
  ).toHaveText('Zweckverband Wasserversorgung Talaue');
  await expect(page.locator('[data-tile-type="Note"] .note-text')).toBeVisible();
  await expect(page.locator('[data-tile-type="Placeholder"] .tile-placeholder')).toHaveCount(1);
  await expect(page.locator('.tile-error')).toHaveCount(0);
});

test('DB-E2: the weather tiles show the simulated weather with the condition as an icon', async ({
  page,
}) => {
  await openOverview(page);
  const now = page.locator('.weather-now');
  await now.scrollIntoViewIfNeeded();
  await expect(now).toContainText(/-?\d+,\d °C/);
  await expect(now).toContainText('Talaue');
  await expect(now).toContainText(/Luftfeuchte\s*\d+ %/);
  await expect(now).toContainText(/Luftdruck\s*[\d.]+ hPa/);
  const condition = await now.getAttribute('data-condition');
  expect([
    'ClearSky',
    'FewClouds',
    'ScatteredClouds',
    'BrokenClouds',
    'ShowerRain',
    'Rain',
    'Thunderstorm',
    'Snow',
    'Mist',
  ]).toContain(condition);
  await expect(now.locator(`svg.wx-icon[data-condition="${condition}"]`)).toBeVisible();
  await expect(page.locator('.weather-forecast li')).toHaveCount(8);
});

test('DB-E3: the webcam tile shows the current image, mounted only once on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, 'operator', '/dashboard/1');
  const tile = page.locator('[data-tile-type="Webcam"]');
  // Far below on a phone: not on screen, so nothing is loaded or leased for it yet.
  await expect(tile).toHaveCount(1);
  await expect(tile.locator('img')).toHaveCount(0);
  await tile.scrollIntoViewIfNeeded();
  const img = tile.locator('img');
  await expect(img).toHaveAttribute('src', /^\/api\/webcam\/1\/images\/cam1_\d{8}_\d{6}\.svg$/);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBeGreaterThan(0);
});

test('DB-E4: a note edited in one tab changes in the other tabs, of this and another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await openOverview(page);
  const sameBrowser = await page.context().newPage();
  await sameBrowser.setViewportSize({ width: 1920, height: 1080 });
  await sameBrowser.goto('/dashboard/1');
  const otherContext = await browser.newContext({
    baseURL,
    viewport: { width: 1920, height: 1080 },
  });
  const other = await otherContext.newPage();
  await signIn(other, 'viewer', '/dashboard/1');
  const noteIn = (p: Page) => p.locator('[data-tile-type="Note"]');
  for (const p of [sameBrowser, other]) {
    await noteIn(p).scrollIntoViewIfNeeded();
    await expect(noteIn(p).locator('.note-text')).toBeVisible();
  }
  // A viewer has no right to edit.
  await expect(noteIn(other).getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  const text = `Pumpe 2 Mühlgraben: Lager prüfen (${Date.now()})`;
  await noteIn(page).scrollIntoViewIfNeeded();
  await noteIn(page).getByRole('button', { name: 'Bearbeiten' }).click();
  await noteIn(page).getByRole('textbox', { name: 'Notiz' }).fill(text);
  await noteIn(page).getByRole('button', { name: 'Speichern' }).click();
  await expect(noteIn(page).locator('.note-text')).toHaveText(text);
  await expect(noteIn(sameBrowser).locator('.note-text')).toHaveText(text);
  await expect(noteIn(other).locator('.note-text')).toHaveText(text);
  // Saved for good: a fresh load shows it.
  await other.reload();
  await noteIn(other).scrollIntoViewIfNeeded();
  await expect(noteIn(other).locator('.note-text')).toHaveText(text);
  await otherContext.close();
});

test('DB-E5: a failed note save says so and keeps what was typed', async ({ page }) => {
  await openOverview(page);
  await page.route('**/api/dashboard/note/*', (route) =>
    route.fulfill({
      status: 500,
      body: '{"error":{"code":"internal","message":"Internal server error"}}',
      contentType: 'application/json',
    }),
  );
  const note = page.locator('[data-tile-type="Note"]');
  await note.scrollIntoViewIfNeeded();
  await note.getByRole('button', { name: 'Bearbeiten' }).click();
  await note.getByRole('textbox', { name: 'Notiz' }).fill('nicht verlieren');
  await note.getByRole('button', { name: 'Speichern' }).click();
  await expect(note.getByRole('alert')).toContainText('Notiz wurde nicht gespeichert');
  await expect(note.getByRole('textbox', { name: 'Notiz' })).toHaveValue('nicht verlieren');
});

test('DB-E6: unknown enumeration values give a clear tile error; the rest still renders', async ({
  page,
}) => {
  await page.route('**/api/dashboard/config', async (route) => {
    const res = await route.fetch();
    const config = await res.json();
    const board = config.dashboards[0];
    board.layout = 'GridLayout3000';
    board.tiles.push(
      { id: 901, type: 'Hologram', title: 'Neu', size: 'Small' },
      {
        id: 902,
        type: 'SingleValue',
        title: 'Stil',
        size: 'Small',
        pv: { type: 'AnaIn', nr: 100001 },
        displayStyle: 'Sparkline',
      },
      {
        id: 903,
        type: 'Weather',
        title: 'Wetter Groß',
        size: 'Enormous',
        weatherMode: 'ActualWeather',
        zip: '01723',
        country: 'de',
      },
      { id: 904, type: 'GoogleMaps', title: 'Karte', size: 'Small', mapType: 'Unspecified' },
      { id: 905, type: 'Browser', title: 'Böse', size: 'Small', url: 'javascript:alert(1)' },
    );
    await route.fulfill({ response: res, json: config });
  });
  await openOverview(page);
  await expect(page.getByText('Unbekanntes Layout „GridLayout3000“')).toBeVisible();
  const errorOf = async (id: string, text: string | RegExp) => {
    const tile = page.getByRole('article', { name: id, exact: true });
    await tile.scrollIntoViewIfNeeded();
    await expect(tile.locator('.tile-error')).toContainText(text);
  };
  await errorOf('Neu', 'Unbekannter Kacheltyp „Hologram“');
  await errorOf('Stil', 'Unbekannte Darstellungsart „Sparkline“');
  await errorOf('Wetter Groß', 'Unbekannte Kachelgröße „Enormous“');
  await errorOf('Karte', 'Unbekannter Kartentyp „Unspecified“');
  await errorOf('Böse', 'Fehlerhafter Pfad');
  await expect(page.locator('.single-value')).toHaveCount(7);
});

test('DB-E7: full screen for the wall monitor; a refusal says fullscreen is not possible', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('refused'));
  });
  await openOverview(page);
  await page.getByRole('button', { name: 'Vollbild' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Vollbild nicht möglich.' }),
  ).toBeVisible();
  await page.goto('/dashboard/1?kiosk=1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leitwarte Übersicht');
  await expect(page.getByRole('navigation', { name: 'Weitere Dashboards' })).toBeHidden();
});

test('DB-E8: the webcam page shows each camera and its history with a slider', async ({ page }) => {
  await signIn(page, 'operator', '/webcams');
  const images = page.locator('.webcam-card img');
  await expect(images).toHaveCount(3);
  await page.getByRole('link', { name: 'Kläranlage Talaue – Nachklärbecken' }).click();
  await expect(page).toHaveURL(/\/webcams\/1$/);
  const slider = page.getByRole('slider');
  await expect(slider).toBeVisible();
  const img = page.locator('.webcam-history img');
  const last = await img.getAttribute('src');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(img).not.toHaveAttribute('src', last!);
  await expect(page.getByText(/^Bild 1 von \d+/)).toBeVisible();
});

test('DB-E9: the overview dashboard, a process image and the webcams pass axe', async ({
  page,
}) => {
  // Several axe scans: on two cores shared by three test workers they alone can take a minute.
  test.setTimeout(150_000);
  await openOverview(page);
  await expect(page.locator('.weather-now')).toBeVisible();
  const violations = () => axeViolations(page, { tags: WCAG21_AA, exclude: ['.tile-browser'] });
  expect(await violations()).toEqual([]);
  await page.goto('/process-images/wasserwerk-talaue');
  await expect(page.locator('.pi-host svg')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/webcams');
  await expect(page.locator('.webcam-card img')).toHaveCount(3);
  expect(await violations()).toEqual([]);
});
