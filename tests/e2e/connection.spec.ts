/**
 * Connection diagnosis (SPEC §4, §8 "Connection"): the header names the link that is down for
 * each status the server can report, counts down to the next attempt while the web server is
 * gone, and shows server notices (sendServerInfoMessage) in every tab — rules CD1-CD3; on a
 * phone, in German and Russian, the whole status is readable, uncut (CD5).
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { completeSignIn, signIn } from './auth.ts';
import { secondTab, signedInTabs } from './tabs.ts';
import { signInHttp } from '../support/login.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';

const conn = (page: Page) => page.locator('.shell-header .conn');

const CASES: [status: string, key: string, text: string][] = [
  ['ControlUnitDisconnected', 'controlUnit', 'Keine Verbindung zur Steuereinheit'],
  ['NetworkError', 'networkError', 'Netzwerkfehler oder fehlerhaftes Zertifikat'],
  ['ServerConnectionFaulty', 'serverUnit', 'Verbindung zwischen Server und Steuereinheit gestört'],
  ['Unknown', 'unknown', 'Verbindungsstatus unbekannt'],
  ['ServerDisconnected', 'server', 'Keine Verbindung zum Server'],
];

/**
 * An administrator's POST to the plant (a simulated server status, a notice), answered 200;
 * returns the administrator's session.
 */
async function postAsAdmin(url: string, path: string, body: unknown) {
  const admin = await signInHttp(url, 'admin');
  const sent = await admin.fetch(path, { method: 'POST', body: JSON.stringify(body) });
  expect(sent.status, path).toBe(200);
  return admin;
}

test('CD1: each status the server reports shows which link is down; Connected shows connected', async ({
  page,
  plant,
}) => {
  const admin = await signInHttp(plant.url, 'admin');
  const simulate = (status: string) =>
    admin.fetch('/api/admin/simulate/server-status', {
      method: 'POST',
      body: JSON.stringify({ status }),
    });
  await signIn(page, 'operator', '/stations');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected');
  for (const [status, key, text] of CASES) {
    expect((await simulate(status)).status).toBe(200);
    await expect(conn(page)).toHaveAttribute('data-connection', key);
    await expect(conn(page)).toContainText(text);
  }
  expect((await simulate('Connected')).status).toBe(200);
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected');
  await expect(conn(page)).toContainText('Verbunden');
  // Only an admin may simulate, and only known statuses.
  const operator = await signInHttp(plant.url, 'operator');
  const denied = await operator.fetch('/api/admin/simulate/server-status', {
    method: 'POST',
    body: JSON.stringify({ status: 'Unknown' }),
  });
  expect(denied.status).toBe(403);
  expect((await simulate('Nonsense')).status).toBe(400);
});

test('CD4: opening a page shows connecting, never a fault, until the first connection is made', async ({
  page,
}) => {
  // Every state the header's status takes from the first render on, in order.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenConnection: string[] }).seenConnection = seen;
    new MutationObserver(() => {
      const state = document.querySelector('.shell-header .conn')?.getAttribute('data-connection');
      if (state && seen.at(-1) !== state) seen.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await signIn(page, 'operator', '/maintenance');
  // The rule is the order of states, not the time: on a loaded two-core gate the first
  // connection has taken more than the default 15 s (2.6 s on a quiet machine).
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 30_000 });
  const seen = await page.evaluate(
    () => (window as unknown as { seenConnection: string[] }).seenConnection,
  );
  expect(seen.at(-1)).toBe('connected');
  expect(seen.filter((state) => state !== 'connecting' && state !== 'connected')).toEqual([]);
  await expect(page.locator('.conn-strip')).toHaveCount(0);
});

test('CD2: with the web server gone the header says so, with the data age and a countdown; it recovers by itself', async ({
  page,
  plant,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'operator', '/stations');
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected');
  await plant.stop();
  await expect(conn(page)).toHaveAttribute('data-connection', 'webServer', { timeout: 20_000 });
  await expect(conn(page)).toContainText('Keine Verbindung zum Webserver');
  await expect(conn(page).locator('.conn-retry')).toContainText(/nächster Versuch in \d+ s/, {
    timeout: 20_000,
  });
  // On a phone the header shows the icon; the link that is down is spelled out under it.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.locator('.conn-strip')).toContainText('Keine Verbindung zum Webserver');
  await page.setViewportSize({ width: 1280, height: 720 });
  await plant.restart();
  await expect(conn(page)).toHaveAttribute('data-connection', 'connected', { timeout: 45_000 });
});

/**
 * The elements of `selector` whose text is cut: wider inside than their box, or reaching past
 * the viewport's right edge. Text for screen readers only (clipped to a pixel) is left out.
 */
async function clippedTexts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((roots) => {
    const cut: string[] = [];
    for (const root of roots)
      for (const el of [root, ...root.querySelectorAll('*')]) {
        if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
        const s = getComputedStyle(el);
        if (s.clip !== 'auto' || el.getBoundingClientRect().width <= 1) continue;
        const r = el.getBoundingClientRect();
        if (el.scrollWidth > el.clientWidth + 1 || r.right > window.innerWidth + 0.5)
          cut.push(`${el.className}: ${el.textContent ?? ''}`);
      }
    return cut;
  });
}

test('CD5: at 360 px in German and Russian the whole connection status is readable with the web server gone: the header keeps its icon and tone, uncut; the strip under it wraps which link is down, the data age and the countdown', async ({
  context,
  plant,
}) => {
  test.setTimeout(90_000);
  const de = await context.newPage();
  await de.setViewportSize({ width: 360, height: 780 });
  await signIn(de, 'operator', '/stations');
  const ru = await context.newPage();
  await ru.setViewportSize({ width: 360, height: 780 });
  await ru.addInitScript(
    ([key, lang]) => localStorage.setItem(key!, lang!),
    [LANGUAGE_STORAGE_KEY, 'ru'],
  );
  await ru.goto('/stations');
  for (const page of [de, ru])
    await expect(conn(page)).toHaveAttribute('data-connection', 'connected');
  await plant.stop();
  const words = {
    de: [de, 'Keine Verbindung zum Webserver', /Daten .+/, /nächster Versuch in \d+ s/],
    ru: [ru, 'Нет связи с веб-сервером', /Данные .+/, /следующая попытка через \d+ с/],
  } as const;
  for (const [lang, [page, link, age, retry]] of Object.entries(words)) {
    await expect(conn(page)).toHaveAttribute('data-connection', 'webServer', { timeout: 30_000 });
    const strip = page.locator('.conn-strip');
    await expect(strip.locator('.conn-label')).toHaveText(link);
    await expect(strip.locator('.conn-age')).toHaveText(age, { timeout: 20_000 });
    await expect(strip.locator('.conn-retry')).toHaveText(retry, { timeout: 20_000 });
    // The header's status: every word for screen readers, the stale tone to the eye.
    await expect(conn(page)).toHaveClass(/conn-fault/);
    await expect(conn(page).locator('.conn-age')).toHaveText(age);
    await expect(conn(page).locator('.icon')).toBeVisible();
    // Nothing cut, in the header or the strip.
    expect(await clippedTexts(page, '.shell-header .conn'), lang).toEqual([]);
    expect(await clippedTexts(page, '.conn-strip'), lang).toEqual([]);
    await page.screenshot({ path: `test-results/webserver-down-header-${lang}-360.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect(conn(page).locator('.conn-age')).toBeVisible();
    expect(await clippedTexts(page, '.shell-header .conn'), lang).toEqual([]);
    await page.screenshot({ path: `test-results/webserver-down-header-${lang}-1920.png` });
  }
  await plant.restart();
  await expect(conn(de)).toHaveAttribute('data-connection', 'connected', { timeout: 45_000 });
  await expect(de.locator('.conn-strip')).toHaveCount(0);
});

test('SE2: a server status Unauthorized sends every tab through logout to sign-in with its page, once', async ({
  page,
  plant,
}) => {
  await signIn(page, 'operator', '/stations/1');
  const second = await secondTab(page, '/stations/2');
  for (const tab of [page, second])
    await expect(conn(tab)).toHaveAttribute('data-connection', 'connected');
  await postAsAdmin(plant.url, '/api/admin/simulate/server-status', { status: 'Unauthorized' });
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fstations%2F1$/);
  await expect(second).toHaveURL(/\/login\?returnUrl=%2Fstations%2F2$/);
  // Sent once, not kept as the plant's status: signing in again stays signed in.
  await completeSignIn(second);
  await expect(second).toHaveURL(/\/stations\/2$/);
  await expect(conn(second)).toHaveAttribute('data-connection', 'connected');
  await expect(second.locator('[data-pv^="AnaIn-"] .pv-value').first()).toHaveText(/\d/);
  await expect(second).toHaveURL(/\/stations\/2$/);
});

test('CD3: a server notice reaches every tab and is dismissed per tab', async ({
  context,
  plant,
}) => {
  const [a, b] = await signedInTabs(context, '/stations', '/alerts');
  await expect(conn(b)).toHaveAttribute('data-connection', 'connected');
  const admin = await postAsAdmin(plant.url, '/api/admin/server-info', {
    message: 'Wartung des Leitsystems heute 22:00 bis 23:00 Uhr',
  });
  for (const page of [a, b]) {
    await expect(page.locator('.server-notice')).toContainText('Wartung des Leitsystems');
  }
  await a.locator('.server-notice').getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(a.locator('.server-notice')).toHaveCount(0);
  await expect(b.locator('.server-notice')).toHaveCount(1);
  const empty = await admin.fetch('/api/admin/server-info', {
    method: 'POST',
    body: JSON.stringify({ message: '   ' }),
  });
  expect(empty.status).toBe(400);
});
