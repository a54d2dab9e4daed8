/**
 * The installed app and its service worker (issue 45; README "Offline start and updates"):
 * a deep link opens from the cache while the server is down and recovers by itself (PWA3),
 * a new version is offered and taken without losing an unsent input (PWA4), nothing but the
 * built client is ever cached (PWA5), Chromium finds the app installable (PWA6), a tab
 * offers the newer version another tab announces (PWA7), a wall monitor takes it by itself
 * once no alarm of priority 0 or 1 waits (PWA8), and a tab whose engine a newer version
 * replaced reloads by itself (PWA9).
 *
 * Service workers are blocked in every other spec (playwright.config.ts); these allow them.
 * Each test runs its own server on a copy of dist/, so a test can put a new version there.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, test as base, expect, type Page } from '@playwright/test';
import { startPlantServer, type PlantServerHandle } from '../support/plantServer.ts';
import { signIn } from './auth.ts';
import { crossLimits, json } from './limits.ts';
import { signInHttp } from '../support/login.ts';
import { ALERT_API } from '../../src/contract/alerts.ts';
import { DASHBOARD_API, type DashboardConfigResult } from '../../src/contract/dashboard.ts';

/** The built client (PEGEL_DIST_DIR: another build, as for the server). */
const DIST = resolve(process.env.PEGEL_DIST_DIR ?? resolve(import.meta.dirname, '../../dist'));

const test = base.extend<{ dist: string; plant: PlantServerHandle; baseURL: string }>({
  // eslint-disable-next-line no-empty-pattern
  dist: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'pegel-dist-'));
    cpSync(DIST, dir, { recursive: true });
    await use(dir);
    rmSync(dir, { recursive: true, force: true });
  },
  plant: async ({ dist }, use) => {
    // A quiet plant: no pump failure raises an alarm the tests did not.
    const server = await startPlantServer({
      env: { PEGEL_DIST_DIR: dist, PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0' },
    });
    await use(server);
    await server.dispose();
  },
  baseURL: async ({ plant }, use) => {
    await use(plant.url);
  },
});
test.use({ serviceWorkers: 'allow' });

const conn = (page: Page) => page.locator('.shell-header .conn');

/** The worker has installed the client and serves this page. */
async function workerServes(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return (
            registration?.active?.state === 'activated' && !!navigator.serviceWorker.controller
          );
        }),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** Every request in Cache Storage, as path and query. */
function cachedRequests(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        out.push(url.pathname + url.search);
      }
    }
    return out;
  });
}

test('PWA3: a deep link opens from the cache while the server is down, shows the diagnosis with its countdown, and recovers by itself', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'operator', '/stations');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  await workerServes(page);

  await plant.stop();
  // A wall monitor reloaded during the outage, at a page other than the one it had open.
  await page.goto('/alerts?kiosk=1');
  await expect(page.locator('.shell-header .brand')).toBeVisible();
  await expect(conn(page)).toHaveAttribute('data-connection', 'webServer', { timeout: 30_000 });
  await expect(conn(page)).toContainText('Keine Verbindung zum Webserver');
  await expect(conn(page).locator('.conn-retry')).toContainText(/nächster Versuch in \d+ s/, {
    timeout: 20_000,
  });

  await plant.restart();
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 60_000 });
  // The page opened at the deep link, with its data from the server.
  await expect(page.getByRole('heading', { name: 'Störmeldungen', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ Meldungen/)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/alerts/);
});

test('PWA4: a new version is offered; chosen during an unsent input, it waits for the input to be sent and then loads', async ({
  page,
  dist,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/dashboard/1');
  await workerServes(page);
  const note = page.locator('[data-tile-type="Note"]');
  await note.scrollIntoViewIfNeeded();
  await note.getByRole('button', { name: 'Bearbeiten' }).click();
  const typed = `Übergabe: Schieber 4 prüfen ${Date.now()}`;
  await note.getByRole('textbox', { name: 'Notiz' }).fill(typed);
  // Marks this document: a reload ends it.
  await page.evaluate(() => Object.assign(window, { pegelSameDocument: true }));
  const sameDocument = () =>
    page.evaluate(() => 'pegelSameDocument' in window).catch(() => 'navigating');

  // The next version on the server: a worker that differs from the installed one.
  const sw = join(dist, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version\n`);
  // The browser's own check (the app runs it every 30 min and when the network returns).
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const prompt = page.locator('.update-prompt');
  await expect(prompt).toContainText('Neue Version verfügbar', { timeout: 60_000 });
  await prompt.getByRole('button', { name: 'Neu laden' }).click();
  await expect(prompt).toContainText('sobald kein Dialog mehr offen und keine Eingabe');
  await expect(note.getByRole('textbox', { name: 'Notiz' })).toHaveValue(typed);
  expect(await sameDocument()).toBe(true);

  await note.getByRole('button', { name: 'Speichern' }).click();
  // Sent: the new version loads by itself, and what was typed is on the server.
  await expect.poll(sameDocument, { timeout: 30_000 }).toBe(false);
  await expect(page.locator('[data-tile-type="Note"]')).toContainText(typed, { timeout: 30_000 });
  await expect(page.locator('.update-prompt')).toHaveCount(0);
  const script = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: !!registration?.waiting, active: registration?.active?.scriptURL };
  });
  expect(script.waiting).toBe(false);
  const served = await page.request.get('/sw.js');
  expect(await served.text()).toContain('// next version');
});

test('PWA5: Cache Storage holds only the built client: no API call, hub, upload or server page', async ({
  page,
  dist,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'operator', '/alerts');
  await workerServes(page);
  // Pages that fetch live data, histories, files and the hubs.
  for (const path of ['/stations', '/charts/22', '/dashboard/1', '/alerts']) {
    await page.goto(path);
    await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  }
  const cached = await cachedRequests(page);
  expect(cached.length).toBeGreaterThan(20);
  const notStatic = cached.filter((path) => {
    const file = path.split('?')[0]!.replace(/^\//, '');
    return /^\/(api|hubs|Views|Account|metrics)(\/|$)/.test(path) || !fileExists(dist, file);
  });
  expect(notStatic).toEqual([]);
});

test('PWA7: a tab that hears of a newer version (same engine) announced by another tab offers it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'operator', '/stations');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  // A newer build of the same engine, as a tab loaded after a deployment announces it.
  const other = await announceNewer(page);
  await expect(page.locator('.update-prompt')).toContainText('Neue Version verfügbar');
  await expect(
    page.locator('.update-prompt').getByRole('button', { name: 'Neu laden' }),
  ).toBeVisible();
  await other.close();
});

/** Marks the page's document; `sameDocument` is false once a reload replaced it. */
async function markDocument(page: Page): Promise<() => Promise<boolean | 'navigating'>> {
  await page.evaluate(() => Object.assign(window, { pegelSameDocument: true }));
  return () =>
    page.evaluate(() => 'pegelSameDocument' in window).catch(() => 'navigating' as const);
}

/** Another tab of the browser announces a newer build (as a tab loaded after a deployment). */
async function announceNewer(page: Page, engine?: string): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto('/stations');
  await expect(conn(other)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  const announced = () =>
    other.evaluate(() => JSON.parse(localStorage.getItem('pegel.version') ?? 'null') as unknown);
  await expect.poll(announced).toMatchObject({ build: expect.any(String) });
  const mine = (await announced()) as { build: string; engine: string };
  await other.evaluate((v) => localStorage.setItem('pegel.version', JSON.stringify(v)), {
    build: '9999-12-31T00:00:00.000Z',
    engine: engine ?? mine.engine,
  });
  return other;
}

test('PWA8: a wall monitor takes a newer version by itself, but not while an alarm of priority 0 or 1 waits for acknowledgement', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  // Nothing waits for acknowledgement; then a limit crossed at priority 1 raises one alarm.
  const acked = await api.fetch(ALERT_API.ackAll, { method: 'POST', body: '{}' });
  expect(acked.status).toBe(200);
  const dashboards = await json<DashboardConfigResult>(api, DASHBOARD_API.config);
  const pv = dashboards.dashboards[0]!.tiles.find((t) => t.displayStyle === 'CircularGauge')!.pv!;
  await signIn(page, 'operator', '/?kiosk=1');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  await expect(page.locator('.alarm-banner')).not.toHaveClass(/has-alerts/, { timeout: 30_000 });
  await crossLimits(api, pv);
  await expect(page.locator('.alarm-banner')).toHaveClass(/has-alerts/, { timeout: 30_000 });

  const sameDocument = await markDocument(page);
  const other = await announceNewer(page);
  const prompt = page.locator('.update-prompt');
  await expect(prompt).toContainText('Neue Version verfügbar');
  await expect(prompt).toContainText('im nächsten ruhigen Moment');
  await expect(prompt).toContainText('kein unquittierter Alarm der Priorität 0 oder 1');
  // The tab tries its moment once a second: two tries, and the wall still shows the alarm.
  await page.waitForTimeout(2_500);
  expect(await sameDocument()).toBe(true);

  // Acknowledged in the control room: the next try reloads the wall monitor.
  const ack = await api.fetch(ALERT_API.ackAll, { method: 'POST', body: '{}' });
  expect(ack.status).toBe(200);
  await expect.poll(sameDocument, { timeout: 30_000 }).toBe(false);
  // It comes back as the wall monitor it was, and does not reload again for a build the
  // server does not have.
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('kiosk')).toBe('1');
  const again = await markDocument(page);
  await expect(prompt).toHaveCount(0);
  await page.waitForTimeout(2_500);
  expect(await again()).toBe(true);
  await other.close();
});

test('PWA9: a tab whose engine a newer version replaced reloads by itself at a quiet moment, never during an unsent input', async ({
  page,
  plant,
}) => {
  test.setTimeout(180_000);
  const api = await signInHttp(plant.url, 'operator');
  expect((await api.fetch(ALERT_API.ackAll, { method: 'POST', body: '{}' })).status).toBe(200);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/dashboard/1');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  const note = page.locator('[data-tile-type="Note"]');
  await note.scrollIntoViewIfNeeded();
  await note.getByRole('button', { name: 'Bearbeiten' }).click();
  const typed = `Schicht: Engine-Wechsel ${Date.now()}`;
  await note.getByRole('textbox', { name: 'Notiz' }).fill(typed);
  const sameDocument = await markDocument(page);

  // A newer build with another engine: this tab may not go on talking to the old one.
  const other = await announceNewer(page, '/assets/engine.worker-another.js');
  const prompt = page.locator('.update-prompt');
  await expect(prompt).toContainText('im nächsten ruhigen Moment');
  await page.waitForTimeout(2_500);
  expect(await sameDocument()).toBe(true);
  await expect(note.getByRole('textbox', { name: 'Notiz' })).toHaveValue(typed);

  // The prompt stands over the foot of the page: the button the reload waits for is never
  // under it (WCAG 2.4.11), focused or clicked.
  const save = note.getByRole('button', { name: 'Speichern' });
  await save.focus();
  const [button, bar] = await Promise.all([save.boundingBox(), prompt.boundingBox()]);
  expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
  await save.click();
  await expect.poll(sameDocument, { timeout: 30_000 }).toBe(false);
  await expect(page.locator('[data-tile-type="Note"]')).toContainText(typed, { timeout: 30_000 });
  await other.close();
});

function fileExists(dir: string, file: string): boolean {
  try {
    readFileSync(join(dir, file));
    return true;
  } catch {
    return false;
  }
}

test('PWA6: Chromium finds the app installable (manifest, icons incl. maskable, theme colour), the wall monitor too', async ({
  plant,
}, testInfo) => {
  test.setTimeout(120_000);
  // Installing is not offered in an incognito profile, which every test context is.
  const profile = mkdtempSync(join(tmpdir(), 'pegel-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    headless: true,
    baseURL: plant.url,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, 'operator', '/');
    await workerServes(page);
    const cdp = await context.newCDPSession(page);
    const errors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
        .installabilityErrors;
    expect(await errors()).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({ name: 'Pegel', short_name: 'Pegel', display: 'standalone' });
    expect(JSON.stringify(manifest.icons)).toContain('maskable');

    await page.goto('/?kiosk=1');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest-kiosk.webmanifest',
    );
    expect(await errors()).toEqual([]);
    const kiosk = (await (await page.request.get('/manifest-kiosk.webmanifest')).json()) as Record<
      string,
      unknown
    >;
    expect(kiosk).toMatchObject({ start_url: '/?kiosk=1', display: 'fullscreen' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
