/**
 * Deliberate acknowledgement in an alarm flood (issue 55 item 3; ISA-18.2, EEMUA 191): no
 * "acknowledge all" at one click. "Angezeigte quittieren (n)" confirms first with the counts
 * per priority and sends the ids of the shown alerts; returned alerts that never stood on
 * screen are acknowledged only when ticked in (AL3 of src/domain/RULES.md). Quick filters and
 * grouping beside the condition builder; the rights shown up front; the first alarm row on a
 * phone's first screen; a favorite station's alarm badge opens that station's alerts.
 */
import type { Locator, Page, Request } from '@playwright/test';
import { expect, testOnPlant } from './fixtures.ts';
import { signIn } from './auth.ts';
import { openAlertList } from './alertList.ts';
import { axeViolations, WCAG22_AA } from './axe.ts';
import { json } from './limits.ts';
import { signInHttp } from '../support/login.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { ALERT_API, type Alert, type AlertListResult } from '../../src/contract/alerts.ts';
import { USER_PAGES_API } from '../../src/contract/userPages.ts';

// Alarms keep arriving and return to normal after 2 s, so returned ones pile up below the
// first screen (the current list keeps them until acknowledged).
const test = testOnPlant({
  PEGEL_ALERT_FLOOD_PER_SEC: '4',
  PEGEL_ALERT_FLOOD_CLEAR_MS: '2000',
  PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
});

const rows = (page: Page) => page.locator('.alert-scroll [data-alert-id]');
const ackShownButton = (page: Page) =>
  page.getByRole('button', { name: /^Angezeigte quittieren \(\d+\)$/ });

/** The counts a confirm list shows, per priority. */
async function countsOf(list: Locator): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const item of await list.locator('li').all()) {
    const priority = Number(await item.getAttribute('data-priority'));
    out.set(priority, Number((await item.locator('.ack-count').textContent())!.replace(/\./g, '')));
  }
  return out;
}
const sum = (counts: Map<number, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** The server's current alerts (the last hour). */
async function serverAlerts(baseURL: string): Promise<Alert[]> {
  const api = await signInHttp(baseURL, 'operator');
  const end = new Date(Date.now() + 60_000).toISOString();
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const list = await json<AlertListResult>(
    api,
    `${ALERT_API.list}?start=${start}&end=${end}&limit=100000`,
  );
  return list.alerts;
}

/** Opens the confirm until it holds returned alerts never shown (the flood makes them). */
async function openConfirmWithUnseen(page: Page): Promise<{ dialog: Locator; at: number }> {
  const dialog = page.getByRole('alertdialog');
  let at = 0;
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    at = Date.now();
    await ackShownButton(page).click();
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog.locator('[data-ack-counts="unseen"] li').first()).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  return { dialog, at };
}

test('AK-E1: in a flood, acknowledging the shown alerts asks first with the counts per priority and sends those ids, never "all"', async ({
  page,
}) => {
  await openAlertList(page);
  await expect(rows(page).nth(10)).toBeVisible({ timeout: 30_000 });
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/alerts/ack')) requests.push(r);
  });
  await ackShownButton(page).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Angezeigte Meldungen quittieren?');
  // Nothing is sent before the confirm.
  expect(requests).toEqual([]);
  const shown = await countsOf(dialog.locator('[data-ack-counts="shown"]'));
  expect(shown.size).toBeGreaterThan(0);
  for (const [priority] of shown)
    await expect(
      dialog.locator(`[data-ack-counts="shown"] li[data-priority="${priority}"]`),
    ).toContainText(`Priorität ${priority}`);
  expect(await axeViolations(page, { tags: WCAG22_AA, include: '.ack-shown-dialog' })).toEqual([]);
  const n = sum(shown);
  const confirm = dialog.getByRole('button', { name: new RegExp(`^${n} Meldungen? quittieren$`) });
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(ALERT_API.ack));
  await confirm.click();
  const body = (await sent).postDataJSON() as { ids: number[] };
  // The ids counted in the confirm, not the flood's alarms that arrived meanwhile.
  expect(body.ids).toHaveLength(n);
  expect(requests.some((r) => r.url().endsWith(ALERT_API.ackAll))).toBe(false);
  expect((await (await sent).response())!.status()).toBe(200);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('AK-E2: returned alerts never on screen are not acknowledged without the explicit choice', async ({
  page,
  baseURL,
}) => {
  await openAlertList(page);
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  const { dialog } = await openConfirmWithUnseen(page);
  const shown = sum(await countsOf(dialog.locator('[data-ack-counts="shown"]')));
  const unseen = sum(await countsOf(dialog.locator('[data-ack-counts="unseen"]')));
  // Every alert counted unseen had returned by the time the counts were read (an alert of the
  // flood may return between the click and the dialog's counts).
  const countedAt = Date.now();
  expect(unseen).toBeGreaterThan(0);
  const tick = dialog.getByRole('checkbox');
  await expect(tick).not.toBeChecked();
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(ALERT_API.ack));
  await dialog
    .getByRole('button', { name: new RegExp(`^${shown} Meldungen? quittieren$`) })
    .click();
  expect(((await sent).postDataJSON() as { ids: number[] }).ids).toHaveLength(shown);
  expect((await (await sent).response())!.status()).toBe(200);
  // The unseen returned alerts of that moment still wait for acknowledgement at the server.
  const waiting = (await serverAlerts(baseURL)).filter(
    (a) => a.state === 'pending' && a.cleared && a.clearedAt !== null && a.clearedAt <= countedAt,
  );
  expect(waiting.length).toBeGreaterThanOrEqual(unseen);

  // Ticked in, they are acknowledged with the others.
  const again = await openConfirmWithUnseen(page);
  const shown2 = sum(await countsOf(again.dialog.locator('[data-ack-counts="shown"]')));
  const unseen2 = sum(await countsOf(again.dialog.locator('[data-ack-counts="unseen"]')));
  await again.dialog.getByRole('checkbox').check();
  const all = shown2 + unseen2;
  const sent2 = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith(ALERT_API.ack),
  );
  await again.dialog
    .getByRole('button', { name: new RegExp(`^${all} Meldungen? quittieren$`) })
    .click();
  expect(((await sent2).postDataJSON() as { ids: number[] }).ids).toHaveLength(all);
});

test('AK-E3: the quick filters narrow the list (active only, priority 0-1, one station) and grouping shows a head per station', async ({
  page,
}) => {
  await openAlertList(page);
  await expect(rows(page).nth(5)).toBeVisible({ timeout: 30_000 });
  const quick = page.getByRole('group', { name: 'Schnellfilter' });

  await quick.getByLabel('Nur aktive').check();
  await expect(async () => {
    expect(await page.locator('.alert-scroll .alert-row.is-cleared').count()).toBe(0);
    expect(await rows(page).count()).toBeGreaterThan(0);
  }).toPass({ timeout: 10_000 });
  await quick.getByLabel('Nur aktive').uncheck();

  await quick.getByLabel('Priorität 0–1').check();
  await expect(async () => {
    const prios = await page.locator('.alert-scroll .prio-chip').allTextContents();
    expect(prios.length).toBeGreaterThan(0);
    for (const p of prios) expect(['0', '1']).toContain(p);
  }).toPass({ timeout: 10_000 });
  await quick.getByLabel('Priorität 0–1').uncheck();

  const chooser = quick.getByLabel('Station', { exact: true });
  await expect(chooser.locator('option')).not.toHaveCount(1);
  const option = chooser.locator('option').nth(1);
  const name = (await option.textContent())!;
  await chooser.selectOption((await option.getAttribute('value'))!);
  await expect(async () => {
    const names = await page.locator('.alert-scroll .col-station').allTextContents();
    for (const n of names) expect(n).toBe(name);
  }).toPass({ timeout: 10_000 });
  await chooser.selectOption('');

  await quick.getByLabel('Nach Station gruppieren').check();
  const heads = page.locator('.alert-group-head');
  await expect(heads.first()).toBeVisible();
  await expect(heads.first()).toContainText(/\d+ Meldungen? · \d+ unquittiert/);
  // The heads stand in the stations' order, each above its first row.
  const stations = await heads.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-group-station'))),
  );
  expect(stations).toEqual([...stations].sort((a, b) => a - b));
  // The scroll area of a long list is reached by the grid around it (tabindex 0), whose arrow
  // keys move the focused row and scroll; axe looks only at the scroll area itself.
  expect(
    await axeViolations(page, {
      tags: WCAG22_AA,
      include: '.alerts-page',
      exclude: ['.alerts-beside'],
      rules: { 'scrollable-region-focusable': { enabled: false } },
    }),
  ).toEqual([]);
  const first = heads.first().locator('xpath=following-sibling::*[1]');
  await expect(first.locator('.col-station')).toHaveText(
    (await heads.first().locator('strong').textContent())!,
  );
});

test('AK-E4: a station link (?station=N) sets the station quick filter', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/alerts?station=2');
  const chooser = page
    .getByRole('group', { name: 'Schnellfilter' })
    .getByLabel('Station', { exact: true });
  await expect(chooser).toHaveValue('2');
  await expect(async () => {
    const names = await page.locator('.alert-scroll .col-station').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(1);
  }).toPass({ timeout: 30_000 });
});

for (const role of ['viewer', 'maintenance'] as const)
  test(`AK-E5: ${role} sees acknowledge and delete disabled, the missing right named`, async ({
    page,
  }) => {
    await signIn(page, role, '/alerts');
    await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
    const ack = page.getByRole('button', { name: 'Quittieren', exact: true });
    await expect(ack).toBeDisabled();
    await expect(ackShownButton(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Löschen', exact: true })).toBeDisabled();
    await expect(ack).toHaveAccessibleDescription(
      'Nur lesen. Ihnen fehlt das Recht „Meldungen quittieren“.',
    );
    await expect(
      page.getByRole('button', { name: 'Löschen', exact: true }),
    ).toHaveAccessibleDescription('Nur lesen. Ihnen fehlt das Recht „Meldungen löschen“.');
    await expect(page.locator('.alerts-read-only')).toContainText('Meldungen quittieren');
    await expect(page.locator('.alerts-read-only')).toContainText('Meldungen löschen');
  });

for (const lang of ['de', 'ru'] as const)
  test(`AK-E6: at 360 px (${lang}) the first alarm row is on the first screen, whole, no text cut`, async ({
    page,
  }) => {
    await page.addInitScript(
      ([key, language]) => localStorage.setItem(key!, language!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, 'operator', '/alerts');
    const first = page.locator('.alert-scroll [data-index="0"]');
    await expect(first).toBeVisible({ timeout: 30_000 });
    // Whole, to a sub-pixel rounding of its edge.
    await expect(first).toBeInViewport({ ratio: 0.99 });
    // The remote-alarm and on-call boxes are folded to one line.
    await expect(page.locator('details.alerts-beside')).not.toHaveAttribute('open', '');
    const cut = await page
      .locator('.alert-table .alert-row')
      .evaluateAll((els) =>
        els.flatMap((row) =>
          [...row.querySelectorAll<HTMLElement>(':scope > span, :scope > span > *')]
            .filter((c) => c.clientWidth > 0 && c.scrollWidth > c.clientWidth + 1)
            .map((c) => `${c.className}: ${c.textContent}`),
        ),
      );
    expect(cut).toEqual([]);
  });

test('AK-E7: a favorite station in alarm: its badge in the navigation leaves the name readable and opens its alerts', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/alerts');
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  // A station with a current alarm, pinned (the last one, not station 1).
  const alerts = await serverAlerts(baseURL);
  const station = Math.max(
    ...alerts
      .filter((a) => a.state === 'pending' && a.stationNumber !== null)
      .map((a) => a.stationNumber!),
  );
  const api = await signInHttp(baseURL, 'operator');
  const res = await api.fetch(USER_PAGES_API.favorites, {
    method: 'PUT',
    body: JSON.stringify({
      pages: [
        {
          path: `/stations/${station}`,
          title: 'Station',
          subject: 'Druckerhöhungsstation Rohrnetzmesspunkt',
        },
      ],
    }),
  });
  expect(res.status).toBe(200);
  await page.goto('/alerts');
  const item = page.locator('.nav-favorites li');
  const badge = item.locator(`[data-station-alarm="${station}"]`);
  await expect(badge).toBeVisible({ timeout: 30_000 });
  const name = await item.locator('.nav-link > span').boundingBox();
  const mark = await badge.boundingBox();
  expect(name!.x + name!.width).toBeLessThanOrEqual(mark!.x);
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/alerts\\?station=${station}$`));
  await expect(
    page.getByRole('group', { name: 'Schnellfilter' }).getByLabel('Station', { exact: true }),
  ).toHaveValue(String(station));
});
