/**
 * Navigation and platform (SPEC §2): the action dispatcher (new tab in a browser, in-app
 * inside the native app, 'Fehlerhafter Pfad', unsupported actions), the QR code of a page and
 * scanning one with a (fake) camera or through the app, and the native app bridge driven by
 * a double of the Android app — rules NP-E1 to NP-E6.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeViolations, WCAG22_AA } from './axe.ts';
import { completeSignIn, signIn, totpNow } from './auth.ts';
import { DEMO_PASSWORD } from '../support/plantServer.ts';
import { installAndroidDouble, type BridgeLogEntry } from '../support/bridgeDouble.ts';
import { writeQrY4m } from '../support/qrVideo.ts';

const IMAGE = '/process-images/abwasserpumpwerk-muehlgraben';

async function openUserMenuItem(page: Page, item: string) {
  await page.locator('.user-menu > button').click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function decodeScreenshot(png: Buffer): Promise<string | null> {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  return code?.data ?? null;
}

const violationsIn = (page: Page, selector: string) =>
  axeViolations(page, { include: selector, tags: [...WCAG22_AA, 'best-practice'] });

test('NP-E1: the QR code of a station page decodes to that page’s address, shows it as text and prints alone', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'operator', '/stations/3');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hochbehälter Kirchberg');
  await openUserMenuItem(page, 'QR-Code dieser Seite');
  const dialog = page.getByRole('dialog', { name: 'QR-Code dieser Seite' });
  const address = `${baseURL}/stations/3`;
  await expect(dialog.locator('.page-qr-address')).toHaveText(address);
  const code = dialog.getByRole('img', { name: `QR-Code zu ${address}` });
  await expect(code).toBeVisible();
  expect(await decodeScreenshot(await code.screenshot())).toBe(address);
  expect(await violationsIn(page, '.page-qr-dialog')).toEqual([]);

  // Printed: only the sheet with the code, the page's title and its address.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.page-qr-print')).toBeVisible();
  await expect(page.locator('.page-qr-print')).toContainText(address);
  await expect(page.locator('.page-qr-print')).toContainText('Hochbehälter Kirchberg');
  await expect(page.locator('.shell')).toBeHidden();
  expect(await decodeScreenshot(await page.locator('.page-qr-print svg').screenshot())).toBe(
    address,
  );
  await page.emulateMedia({ media: 'screen' });
  await dialog.getByRole('button', { name: 'Schließen' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.page-qr-print')).toHaveCount(0);
  // The focus returns to the menu it came from.
  await expect(page.locator('.user-menu > button')).toBeFocused();
});

test('NP-E2: a target opens in a new browser tab; the page it came from stays', async ({
  page,
  context,
}) => {
  await signIn(page, 'operator', IMAGE);
  const pump = page.locator('.pi-host .pi-pump').first();
  await expect(pump).toBeVisible();
  await pump.click();
  const dialog = page.getByRole('dialog', { name: 'Abwasserpumpe 1', exact: true });
  const trend = dialog.getByRole('link', { name: 'Trend anzeigen (öffnet in neuem Tab)' });
  await expect(trend).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), trend.click()]);
  await tab.waitForURL(/\/trend\/realtime\?pv=DigiIn-7\d{5}$/);
  await expect(tab.locator('.uplot-host canvas').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${IMAGE}$`));

  // A click action of the image itself goes through the same dispatcher.
  const [archive] = await Promise.all([
    context.waitForEvent('page'),
    page.locator('.pi-host .pi-nav', { hasText: 'Meldungsarchiv' }).click(),
  ]);
  await archive.waitForURL(/\/alerts\/archive$/);
  const [week] = await Promise.all([
    context.waitForEvent('page'),
    page.locator('.pi-host .pi-nav', { hasText: 'Verlauf 7 Tage' }).click(),
  ]);
  await week.waitForURL(/\/trend\/archive\?pv=AnaIn-7\d{5}&amount=7&unit=Days$/);
  await expect(page).toHaveURL(new RegExp(`${IMAGE}$`));
});

test("NP-E3: a file: start-application path shows 'Fehlerhafter Pfad'; a path without scheme opens as http://; an unknown action is not supported", async ({
  page,
  context,
  plant,
}) => {
  // The server is shared by the tests of this worker (PI-E3 counts the images): the image
  // goes again at the end.
  const file = join(plant.dataDir, 'process-images', 'test-aktionen.svg');
  writeFileSync(
    file,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 200" width="600" height="200">
  <title>Aktionen</title>
  <g id="file" data-action="start-application" data-path="file:///C:/Leitsystem/hmi.exe" tabindex="0" role="button" aria-label="Leitsystem lokal"><rect x="10" y="10" width="180" height="60" fill="#ddd"/></g>
  <g id="web" data-action="start-application" data-path="hmi.talaue.invalid/panel" tabindex="0" role="button" aria-label="Leitsystem Web"><rect x="210" y="10" width="180" height="60" fill="#ddd"/></g>
  <g id="script" data-action="RunScript" tabindex="0" role="button" aria-label="Skript"><rect x="410" y="10" width="180" height="60" fill="#ddd"/></g>
</svg>`,
  );
  await context.route('http://hmi.talaue.invalid/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>HMI</title><h1>HMI</h1>' }),
  );
  await signIn(page, 'operator', '/process-images/test-aktionen');
  await page.locator('.pi-host #file').click();
  const faulty = page.getByRole('alertdialog', { name: 'Fehlerhafter Pfad' });
  await expect(faulty).toContainText('Es werden nur Web-URLs unterstützt.');
  await expect(faulty.locator('code')).toHaveText('file:///C:/Leitsystem/hmi.exe');
  expect(await violationsIn(page, '.action-refusal')).toEqual([]);
  await faulty.getByRole('button', { name: 'OK' }).click();
  await expect(faulty).toBeHidden();

  // By keyboard too: Enter on the focused element.
  await page.locator('.pi-host #script').focus();
  await page.keyboard.press('Enter');
  const unsupported = page.getByRole('alertdialog', { name: 'Aktion nicht unterstützt' });
  await expect(unsupported).toContainText(
    'Die Aktion RunScript wird im Webclient nicht unterstützt',
  );
  await page.keyboard.press('Escape');
  await expect(unsupported).toBeHidden();

  const [hmi] = await Promise.all([
    context.waitForEvent('page'),
    page.locator('.pi-host #web').click(),
  ]);
  await hmi.waitForURL('http://hmi.talaue.invalid/panel');
  await expect(hmi.getByRole('heading', { name: 'HMI' })).toBeVisible();
  rmSync(file, { force: true });
});

test('NP-E7: without a camera the scan says why and reads a chosen picture instead; another origin is refused', async ({
  page,
  baseURL,
}) => {
  await signIn(page, 'operator', '/');
  await openUserMenuItem(page, 'QR-Code scannen');
  const dialog = page.getByRole('dialog', { name: 'QR-Code scannen' });
  // This browser has no camera: the dialog says what failed, not just that it failed.
  await expect(dialog.getByRole('alert')).toHaveText(/Kamera/);
  expect(await violationsIn(page, '.qr-scan-dialog')).toEqual([]);
  const picture = async (text: string) => ({
    name: 'code.png',
    mimeType: 'image/png',
    buffer: await QRCode.toBuffer(text, { margin: 4, width: 400 }),
  });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(await picture('https://evil.example/stations/2'));
  const refused = page.getByRole('alertdialog', { name: 'QR-Code nicht geöffnet' });
  await expect(refused).toContainText('https://evil.example');
  await refused.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);

  await openUserMenuItem(page, 'QR-Code scannen');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles(await picture(`${baseURL}/stations/2?from=qr`));
  await expect(page).toHaveURL(/\/stations\/2\?from=qr$/);
  await expect(dialog).toBeHidden();
});

test.describe('inside the Android app', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(installAndroidDouble, {
      features: ['scanQrCode', 'downloadFile'],
      version: '3.2.1',
      loginUser: 'operator',
      manual: true,
      connectionName: 'Leitstelle Talaue',
    });
  });

  const bridgeLog = (page: Page) =>
    page.evaluate(() => (window as unknown as { __bridgeLog: BridgeLogEntry[] }).__bridgeLog);

  test('NP-E4: signs in through the app’s set-tokens-and-log-in and opens targets in-app', async ({
    page,
    context,
  }) => {
    await page.goto(`/login?returnUrl=${encodeURIComponent(IMAGE)}`);
    await expect(page.getByText('Verbindung: Leitstelle Talaue')).toBeVisible();
    // The app's user is filled in; the user types the password (login mode manual).
    await expect(page.locator('input[name="username"]')).toHaveValue('operator');
    await expect(page.locator('input[name="password"]')).toBeFocused();
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="code"]').fill(totpNow());
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`${IMAGE}$`));
    const login = (await bridgeLog(page)).find((e) => e.action === 'setTokensAndLogin');
    expect(login?.args[0]).toEqual({
      csrfToken: expect.stringMatching(/\S{16,}/),
      recaptchaToken: '',
      username: 'operator',
      password: DEMO_PASSWORD,
    });

    // In-app: the same link as in a browser navigates this page, no tab is opened.
    let opened = 0;
    context.on('page', () => opened++);
    await page.locator('.pi-host .pi-pump').first().click();
    const trend = page
      .getByRole('dialog', { name: 'Abwasserpumpe 1', exact: true })
      .getByRole('link', { name: 'Trend anzeigen', exact: true });
    await expect(trend).not.toHaveAttribute('target', '_blank');
    await trend.click();
    await expect(page).toHaveURL(/\/trend\/realtime\?pv=DigiIn-7\d{5}$/);
    await page.goBack();
    await page.locator('.pi-host .pi-nav', { hasText: 'Meldungsarchiv' }).click();
    await expect(page).toHaveURL(/\/alerts\/archive$/);
    expect(opened).toBe(0);

    // The app's settings from the user menu; its version on the about page.
    await openUserMenuItem(page, 'App-Einstellungen');
    await expect
      .poll(async () => (await bridgeLog(page)).map((e) => e.action))
      .toContain('showSettings');
    await page.goto('/about');
    const app = page.locator('[data-app-info]');
    await expect(app).toContainText('3.2.1');
    await expect(app).toContainText('Leitstelle Talaue');
  });

  test('NP-E5: a QR code scanned by the app opens in-app when it is this plant’s and is refused otherwise', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/login?returnUrl=%2F');
    // The app fills in its user; typing before it arrives would type beside it.
    await expect(page.locator('input[name="username"]')).toHaveValue('operator');
    await completeSignIn(page, 'operator');
    const setAnswer = (text: string) =>
      page.evaluate((t) => {
        (window as unknown as { __bridgeScanAnswer: string }).__bridgeScanAnswer = JSON.stringify({
          text: t,
        });
      }, text);

    await setAnswer('https://evil.example/stations/3');
    await openUserMenuItem(page, 'QR-Code scannen');
    const refused = page.getByRole('alertdialog', { name: 'QR-Code nicht geöffnet' });
    await expect(refused).toContainText('https://evil.example');
    await expect(refused).toContainText('nicht zu dieser Anlage');
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);

    await setAnswer(`${baseURL}/stations/5`);
    await openUserMenuItem(page, 'QR-Code scannen');
    await expect(page).toHaveURL(/\/stations\/5$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Druckerhöhungsstation');
    // The app's scanner was used, no camera dialog in the page.
    await expect(page.getByRole('dialog', { name: 'QR-Code scannen' })).toHaveCount(0);
    expect((await bridgeLog(page)).filter((e) => e.action === 'scanQrCode')).toHaveLength(2);
  });
});

test('NP-E8: when the app’s login mode is not manual the page signs in through the app at once', async ({
  page,
}) => {
  await page.addInitScript(installAndroidDouble, {
    features: [],
    version: '3.2.1',
    loginUser: 'maintenance',
    manual: false,
    connectionName: 'Klärwerk',
    storedPassword: DEMO_PASSWORD,
  });
  await page.goto('/login?returnUrl=%2Fabout');
  // Nothing typed: the app's user and its kept password lead straight to the second factor.
  const code = page.locator('input[name="code"]');
  await expect(code).toBeVisible();
  const log = await page.evaluate(
    () => (window as unknown as { __bridgeLog: BridgeLogEntry[] }).__bridgeLog,
  );
  expect(log.find((e) => e.action === 'setTokensAndLogin')?.args[0]).toMatchObject({
    username: 'maintenance',
    password: '',
  });
  await code.fill(totpNow());
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/about$/);
  // Without the feature scanQrCode the scan uses the page's camera dialog, not the app.
  await openUserMenuItem(page, 'QR-Code scannen');
  await expect(page.getByRole('dialog', { name: 'QR-Code scannen' })).toBeVisible();
});

test.describe('with a camera', () => {
  const cameraTest = test.extend<object, { qrVideo: string }>({
    qrVideo: [
      async ({ plant }, use) => {
        const dir = mkdtempSync(join(tmpdir(), 'pegel-qr-camera-'));
        const file = join(dir, 'station-4.y4m');
        writeQrY4m(file, `${plant.url}/stations/4`);
        await use(file);
      },
      { scope: 'worker' },
    ],
    launchOptions: [
      async ({ launchOptions, qrVideo }, use) => {
        await use({
          ...launchOptions,
          args: [
            ...(launchOptions.args ?? []),
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            `--use-file-for-fake-video-capture=${qrVideo}`,
          ],
        });
      },
      { scope: 'worker' },
    ],
  });
  cameraTest.use({ permissions: ['camera'] });

  cameraTest(
    'NP-E6: the camera scan in the browser reads a station’s QR code and opens it in-app',
    async ({ page }) => {
      await signIn(page, 'operator', '/');
      await openUserMenuItem(page, 'QR-Code scannen');
      const dialog = page.getByRole('dialog', { name: 'QR-Code scannen' });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/stations\/4$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toContainText(
        'Hochbehälter Sonnenhang',
      );
      await expect(dialog).toBeHidden();
    },
  );
});
