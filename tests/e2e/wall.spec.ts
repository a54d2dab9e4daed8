/**
 * Issue 55 item 9, the wall monitor: every sample dashboard fits a 1920 × 1080 kiosk screen
 * without scrolling; on the map the alarm badges of several stations in alarm do not overlap
 * and such stations keep their names.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { signInHttp } from '../support/login.ts';
import { crossLimits, json, restoreLimits } from './limits.ts';
import { DASHBOARD_API, type DashboardConfigResult } from '../../src/contract/dashboard.ts';
import type { PvLimitConfig, PvRef } from '../../src/contract/pv.ts';

test('WL1: each sample dashboard fits a 1920 × 1080 wall monitor in kiosk mode without scrolling', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  const { dashboards } = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  expect(dashboards.length).toBeGreaterThan(3);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', null);
  for (const d of dashboards) {
    await page.goto(`/dashboard/${d.id}?kiosk=1`);
    const tiles = page.locator('.dash .tile');
    await expect(tiles).toHaveCount(d.tiles.length);
    await expect(page.locator('.dash-kiosk h1')).toHaveText(d.name);
    // No tile cuts its content: its body holds all of it (weather and forecast clipped their
    // last lines). Waits for the tiles' data (the weather loads on its own).
    // ... and for the live values, whose stale notes take room too.
    await expect(page.locator('.shell-header .conn')).toHaveAttribute(
      'data-connection',
      'connected',
      { timeout: 30_000 },
    );
    if ((await page.locator('.dash .gauge-number').count()) > 0)
      await expect(page.locator('.dash .gauge-number', { hasText: /\d/ }).first()).toBeVisible({
        timeout: 30_000,
      });
    await expect(page.locator('.dash .tile :is(.weather-now, .weather-forecast)')).toHaveCount(
      d.tiles.filter((tile) => tile.weatherMode).length,
      { timeout: 30_000 },
    );
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll('.dash .tile')]
              .map((t) => {
                const body = t.querySelector<HTMLElement>('.tile-body');
                if (!body) return null;
                const cut =
                  body.scrollHeight > body.clientHeight + 1 ||
                  body.scrollWidth > body.clientWidth + 1;
                return cut
                  ? `${t.querySelector('.tile-title')?.textContent ?? '?'}: ${body.scrollWidth}×${body.scrollHeight} in ${body.clientWidth}×${body.clientHeight}`
                  : null;
              })
              .filter((x) => x !== null),
          ),
        { message: `${d.name}: tiles whose content overflows`, timeout: 10_000 },
      )
      .toEqual([]);
    // Measured with the tiles' data in: before it comes a tile may stand at its loading
    // height, which says nothing of the screen the wall shows.
    const fit = await page.evaluate(() => ({
      scrollHeight: document.scrollingElement!.scrollHeight,
      bottoms: [...document.querySelectorAll('.dash .tile')].map((t) => {
        const r = t.getBoundingClientRect();
        return { bottom: Math.round(r.bottom), height: Math.round(r.height) };
      }),
    }));
    expect(fit.scrollHeight, `${d.name}: scrollHeight`).toBeLessThanOrEqual(1080);
    for (const tile of fit.bottoms) {
      // Every tile is on the screen, and none is squeezed to its title.
      expect(tile.bottom, d.name).toBeLessThanOrEqual(1080);
      expect(tile.height, d.name).toBeGreaterThanOrEqual(60);
    }
    await page.screenshot({ path: test.info().outputPath(`kiosk-${d.id}-1920.png`) });
  }
});

test('WL2: on the map, several stations in alarm keep their names and their badges do not overlap', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  // The levels of the first stations; those that are live go into alarm.
  const pvs: PvRef[] = [1, 2, 3, 4, 5, 6].map((s) => ({ type: 'AnaIn', nr: s * 100_000 + 1 }));
  const originals: [PvRef, PvLimitConfig[]][] = [];
  try {
    for (const pv of pvs) originals.push([pv, await crossLimits(api, pv)]);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, 'operator', '/dashboard/1?kiosk=1');
    const map = page.locator('.map').first();
    const badges = map.locator('.map-marker [data-station-alarm]');
    await expect.poll(() => badges.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    const boxes = await map.evaluate((m) => {
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { l: r.left, t: r.top, r: r.right, b: r.bottom };
      };
      return [...m.querySelectorAll('.map-marker')].map((marker) => {
        const label = marker.querySelector('.map-marker-label');
        const badge = marker.querySelector('[data-station-alarm]');
        return {
          station: marker.getAttribute('data-station'),
          dot: box(marker.querySelector('.map-marker-dot')!),
          badge: badge ? box(badge) : null,
          label:
            label &&
            getComputedStyle(label).display !== 'none' &&
            getComputedStyle(label).visibility !== 'hidden'
              ? box(label)
              : null,
          name: label?.textContent ?? '',
        };
      });
    });
    const map0 = await map.boundingBox();
    type Box = { l: number; t: number; r: number; b: number };
    const meet = (a: Box, b: Box) =>
      a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
    const shown = boxes.flatMap((m) =>
      [
        ['badge', m.badge],
        ['label', m.label],
        ['dot', m.dot],
      ]
        .filter((e): e is [string, Box] => e[1] !== null)
        .map(([what, b]) => ({ what: `${m.station} ${what}`, b })),
    );
    const clashes: string[] = [];
    for (const m of boxes.filter((x) => x.badge)) {
      // A station in alarm shows its name, and its badge meets nothing of another marker.
      expect(m.label, `station ${m.station} in alarm shows its name`).not.toBeNull();
      for (const o of shown)
        if (!o.what.startsWith(`${m.station} `) && meet(m.badge!, o.b))
          clashes.push(`${m.station} badge × ${o.what}`);
      // Inside the map.
      expect(m.badge!.l).toBeGreaterThanOrEqual(map0!.x - 0.5);
      expect(m.badge!.r).toBeLessThanOrEqual(map0!.x + map0!.width + 0.5);
    }
    expect(clashes).toEqual([]);
    await map.screenshot({ path: test.info().outputPath('map-alarms.png') });
    await page.screenshot({ path: test.info().outputPath('map-alarms-page.png') });
  } finally {
    for (const [pv, original] of originals) await restoreLimits(api, pv, original);
  }
});

test('WL3: the age beside a trend legend entry keeps ticking', async ({ page, context }) => {
  // Hochbehälter Sonnenhang is a dial-up station, not connected: its level is stale.
  const path = '/trend/realtime?pv=AnaIn-400001';
  const ageOf = (p: typeof page) => p.locator('.u-legend .u-series .legend-stale .stale-age');
  await signIn(page, 'operator', path);
  await expect(ageOf(page)).not.toBeEmpty({ timeout: 30_000 });
  const since = Date.parse((await ageOf(page).getAttribute('datetime'))!);
  // A tab whose clock stands a few seconds after the value: the age is in seconds and must
  // move on with every second, not wait for the next minute.
  const tab = await context.newPage();
  await tab.clock.install({ time: since + 5_000 });
  await tab.goto(path);
  const age = ageOf(tab);
  await expect(age).toHaveText(/Sekunden/, { timeout: 30_000 });
  const first = await age.textContent();
  await tab.clock.runFor(10_000);
  await expect(age).not.toHaveText(first!);
  await expect(age).toHaveText(/Sekunden/);
  await tab.clock.runFor(60_000);
  await expect(age).toHaveText(/Minute/);
});

test('WL4: a wall monitor whose browser blocks sound says how to allow it; with the autoplay flag the horn is ready without a click', async ({
  playwright,
  plant,
}) => {
  test.setTimeout(120_000);
  const own = test.info().project.use.launchOptions ?? {};
  const wallWith = async (policy: 'blocks' | 'allows') => {
    const browser = await playwright.chromium.launch({
      ...own,
      args: [...(own.args ?? []), '--autoplay-policy=no-user-gesture-required'],
    });
    const context = await browser.newContext({ baseURL: plant.url });
    // The headless browser plays sound anyway; one that waits for a click never starts an
    // AudioContext before it, which a resume that never settles stands in for.
    if (policy === 'blocks')
      await context.addInitScript(() => {
        AudioContext.prototype.resume = () => new Promise<void>(() => undefined);
        Object.defineProperty(AudioContext.prototype, 'state', { get: () => 'suspended' });
      });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, 'operator', '/dashboard/1?kiosk=1');
    return { browser, page };
  };
  const horn = (p: Page) => p.locator('.alarm-banner-horn');

  // A browser that wants a click first: the header says so, and a notice on the screen
  // says how to let the wall monitor sound the horn without one.
  const strict = await wallWith('blocks');
  try {
    const { page } = strict;
    await expect(horn(page)).toHaveAttribute('data-horn', 'blocked');
    const notice = page.locator('[data-kiosk-horn-notice]');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('--autoplay-policy=no-user-gesture-required');
    await expect(notice).toContainText('Website-Einstellungen');
    await page.screenshot({ path: test.info().outputPath('kiosk-horn-blocked.png') });
    // The help says the same.
    await page.goto('/help?kiosk=0');
    await expect(page.locator('#kiosk-horn')).toContainText(
      '--autoplay-policy=no-user-gesture-required',
    );
  } finally {
    await strict.browser.close();
  }

  // Started with the flag, the wall monitor's horn is ready without anybody clicking.
  const open = await wallWith('allows');
  try {
    await expect(horn(open.page)).not.toHaveAttribute('data-horn', 'blocked', {
      timeout: 30_000,
    });
    await expect(open.page.locator('[data-kiosk-horn-notice]')).toHaveCount(0);
  } finally {
    await open.browser.close();
  }
});

test('WL5: the header alarm banner uses the room the header has: a message that fits is not cut', async ({
  page,
  plant,
}) => {
  const api = await signInHttp(plant.url, 'operator');
  const pv: PvRef = { type: 'AnaIn', nr: 600_001 };
  const original = await crossLimits(api, pv);
  try {
    for (const [width, kiosk] of [
      [1920, false],
      [1920, true],
    ] as const) {
      await page.setViewportSize({ width, height: 1080 });
      await signIn(page, 'operator', `/dashboard/1?kiosk=${kiosk ? 1 : 0}`);
      const text = page.locator('.alarm-banner-text');
      await expect(text).not.toBeEmpty({ timeout: 60_000 });
      // Read once the banner stands: in one gate the banner found by the wait was gone from
      // the page when it was read (its header mounted again after the sign-in).
      let room = { cut: 0, free: 0 };
      await expect(async () => {
        const read = await page.evaluate(() => {
          const t = document.querySelector<HTMLElement>('.alarm-banner-text');
          const shell = document.querySelector('.shell-header');
          if (!t || !shell || !t.textContent) return null;
          const header = shell.getBoundingClientRect();
          const used = [...shell.children]
            .filter(
              (c) => !c.classList.contains('plant-name') && !c.classList.contains('skip-link'),
            )
            .reduce((w, c) => w + c.getBoundingClientRect().width, 0);
          return { cut: t.scrollWidth - t.clientWidth, free: header.width - used };
        });
        expect(read).not.toBeNull();
        room = read!;
      }).toPass({ timeout: 30_000 });
      // Cut only when the header has no room left: the plant's name gives way first.
      if (room.cut > 1) expect(room.free, `kiosk ${kiosk}`).toBeLessThan(room.cut);
      await page.screenshot({
        path: test.info().outputPath(`banner-${kiosk ? 'kiosk' : 'page'}.png`),
        clip: { x: 0, y: 0, width, height: 60 },
      });
    }
  } finally {
    await restoreLimits(api, pv, original);
  }
});
