/**
 * Remote alarming in the browser (SPEC §2, §8 plan dialogs): the stations' alarm plans with
 * priorities, recipients and who is on call, the alarm lines live, a plan switched only after
 * the confirm step and seen in another tab, and read-only for a viewer — rules RA-E1, RA-E2;
 * plans to confirm (RA-E3); call numbers switched through the confirm step and seen by
 * another user (RA-E4), edited with refusals and conflicts that keep the input (RA-E5,
 * RA-E6), read-only for a viewer (RA-E7); a station's on-call line (RA-E8) and the focused
 * alert's (RA-E9); at 360 px who is called is shown whole (RA-E10); a viewer cannot
 * acknowledge plans (RA-E11).
 */
import { test, expect } from './fixtures.ts';
import type { Locator } from '@playwright/test';
import { signIn } from './auth.ts';
import { signedInTabs } from './tabs.ts';
import { signInHttp, type SignedIn } from '../support/login.ts';
import {
  REMOTE_ALERT_API,
  type AlarmCallNumbersResult,
  type AlarmPlan,
  type PlanToConfirm,
} from '../../src/contract/remoteAlert.ts';
import {
  ACTION_EXTRA_API,
  PV_ACTION_API,
  type PvActionResult,
} from '../../src/contract/actions.ts';
import type { PvLimitConfig } from '../../src/contract/pv.ts';

test('RA-E1: an operator switches the plan of a station through the confirm step; another tab follows', async ({
  context,
}) => {
  const [a, b] = await signedInTabs(context, '/remote-alarm/plans');
  const plan = (page: typeof a) => page.locator('[data-plan="2_2"]');
  await expect(plan(a)).toBeVisible();
  const before = (await plan(a).locator('.badge').textContent())!.trim();
  const after = before === 'Aktiv' ? 'Inaktiv' : 'Aktiv';
  await expect(plan(a).locator('.plan-recipients li').first()).toBeVisible();
  await expect(a.locator('[data-line^="2_"]').first()).toBeVisible();
  // A plan whose action has a configured default says what it always does.
  await expect(a.locator('[data-plan="4_1"]')).toContainText('deaktiviert ihn immer');

  await plan(a)
    .getByRole('button', { name: before === 'Aktiv' ? 'Deaktivieren' : 'Aktivieren' })
    .click();
  const step = a.getByRole('alertdialog', { name: 'Alarmplan umschalten' });
  await expect(step.locator('.command-confirm-from')).toHaveText(before);
  await expect(step.locator('.command-confirm-to')).toHaveText(after);
  // Escape sends nothing.
  await a.keyboard.press('Escape');
  await expect(step).toBeHidden();
  await expect(plan(a).locator('.badge')).toHaveText(before);

  await plan(a)
    .getByRole('button', { name: before === 'Aktiv' ? 'Deaktivieren' : 'Aktivieren' })
    .click();
  await step.getByRole('button', { name: 'Umschalten' }).click();
  await expect(plan(a).locator('.badge')).toHaveText(after);
  await expect(plan(b).locator('.badge')).toHaveText(after);
});

test('RA-E2: a viewer sees the plans read-only, with the reason', async ({ page }) => {
  await signIn(page, 'viewer', '/remote-alarm/plans');
  const plan = page.locator('[data-plan="2_1"]');
  await expect(plan).toBeVisible();
  await expect(plan).toContainText('Sie dürfen diesen Plan nicht umschalten.');
  await expect(plan.getByRole('button')).toHaveCount(0);

  // A failed plans load names what failed (SPEC §8) and offers a retry that then loads.
  await page.route('**/api/RemoteAlert/alarmplans', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.getByRole('link', { name: 'Rufbereitschaft' }).first().click();
  await expect(page.getByRole('alert')).toContainText('Fehler beim Laden der Alarmpläne.');
  await page.getByRole('link', { name: 'Alarmpläne', exact: true }).click();
  // The on-call page shows the same failure: wait for the plans page, or the retry found
  // may be the on-call page's, detached as the plans page replaces it.
  // (the plans page links to every remote-alarm page but itself).
  await expect(page).toHaveURL(/\/remote-alarm\/plans$/);
  await expect(page.getByRole('link', { name: 'Alarmpläne', exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert')).toContainText('Fehler beim Laden der Alarmpläne.');
  await page.unroute('**/api/RemoteAlert/alarmplans');
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(plan).toBeVisible();
});

test('RA-E3: a night alarm sent by a plan waits for confirmation; acknowledged after the confirm step', async ({
  page,
  plant,
}) => {
  const admin = await signInHttp(plant.url, 'admin');
  const raise = await admin.fetch('/api/admin/simulate/remote-alarm', {
    method: 'POST',
    body: JSON.stringify({
      stationNumber: 3,
      priority: 1,
      text: 'Hochbehälter Kirchberg: Füllstand zu tief',
      night: true,
    }),
  });
  expect(raise.status).toBe(200);
  // Station 4's day plan is left on; its night plan has the configured default "active" (1):
  // a night alarm is filed under the night plan (RS13), and confirming it switches that on.
  const day4 = { station: { stationNumber: 4 }, planNumber: 1 };
  const setDay = await admin.fetch(REMOTE_ALERT_API.setActive, {
    method: 'POST',
    body: JSON.stringify([{ planRef: day4, active: true }]),
  });
  expect(setDay.status).toBe(200);
  const raise4 = await admin.fetch('/api/admin/simulate/remote-alarm', {
    method: 'POST',
    body: JSON.stringify({ stationNumber: 4, priority: 0, text: 'Pumpwerk: Störung', night: true }),
  });
  expect(raise4.status).toBe(200);
  await signIn(page, 'operator', '/remote-alarm/plans');
  await page.getByRole('link', { name: 'Zu bestätigen', exact: true }).click();
  const item = page.locator('[data-confirm^="3_"]').first();
  await expect(item).toContainText('Füllstand zu tief');
  // Its state in words that say what waits and what was sent, not '1 wartend · gesendet'. After
  // 18:00 plant time the night plans are on and the simulated plant's own alarms at station 3
  // wait beside this one, so the count is not always 1.
  await expect(item.locator('.plan-confirm-meta')).toContainText(
    /(1 Alarm wartet|\d+ Alarme warten) auf Bestätigung · Benachrichtigung (noch nicht )?gesendet/,
  );
  await item.getByRole('checkbox').check();
  await page.locator('[data-confirm="4_2"]').getByRole('checkbox').check();
  // Messages still on their way are acknowledged only when the user says so.
  await page.getByLabel('Auch noch nicht gesendete quittieren').check();
  await page.getByRole('button', { name: 'Ausgewählte quittieren' }).click();
  const step = page.getByRole('alertdialog', { name: 'Alarmpläne quittieren' });
  await expect(step).toContainText('Hochbehälter Kirchberg');
  const after = step.locator('li', { hasText: 'Alarmplan nach dem Bestätigen: Nachtplan' });
  await expect(after.locator('.command-confirm-from')).toHaveText('Inaktiv');
  await expect(after.locator('.command-confirm-to')).toHaveText('Aktiv');
  await step.getByRole('button', { name: 'Quittieren' }).click();
  await expect(page.locator('[data-confirm^="3_"]')).toHaveCount(0);
  await expect(page.locator('[data-confirm="4_2"]')).toHaveCount(0);
  const plans = (await (await admin.fetch(REMOTE_ALERT_API.plans)).json()) as AlarmPlan[];
  expect(plans.find((p) => p.station.stationNumber === 4 && p.planNumber === 2)?.active).toBe(true);
});

/** Makes the night plan (plan 2) of the station the active one, as an administrator. */
async function activateNightPlan(admin: SignedIn, station: number) {
  const res = await admin.fetch('/api/RemoteAlert', {
    method: 'POST',
    body: JSON.stringify([
      { planRef: { station: { stationNumber: station }, planNumber: 2 }, active: true },
    ]),
  });
  expect(res.status).toBe(200);
}

/** The plant's call numbers as the server holds them now. */
async function callNumbers(url: string) {
  const admin = await signInHttp(url, 'admin');
  const res = await admin.fetch('/api/RemoteAlert/alarmnumbers');
  return { admin, data: (await res.json()) as AlarmCallNumbersResult };
}

test('RA-E4: an operator switches a standby number through the confirm step; another user sees it at once', async ({
  page,
  browser,
  plant,
}) => {
  const { admin, data } = await callNumbers(plant.url);
  // The night plan of station 7 calls the wastewater standby rota.
  await activateNightPlan(admin, 7);
  const rota = data.alarmCallnumbers.filter((n) => n.categoryId === 2);
  const now = rota.find((n) => n.active)!;
  const next = rota.find((n) => !n.active)!;

  await signIn(page, 'operator', '/remote-alarm/plans');
  await page.getByRole('link', { name: 'Rufbereitschaft' }).first().click();
  await expect(page).toHaveURL(/\/remote-alarm\/numbers$/);
  const other = await browser.newContext({ baseURL: plant.url });
  const watcher = await other.newPage();
  await signIn(watcher, 'admin', '/remote-alarm/numbers');

  const row = (p: typeof page, id: number) => p.locator(`[data-number="${id}"]`);
  const station7 = (p: typeof page) => p.locator('[data-oncall-station="7"]');
  await expect(row(page, next.id)).toHaveAttribute('data-state', 'off');
  await expect(station7(watcher)).toContainText(now.name);
  // RS14: the person on call is handed over, never switched off: no off button, a note.
  await expect(row(page, now.id).getByRole('button')).toHaveCount(0);
  await expect(row(page, now.id).locator('[data-keep]')).toContainText('übernimmt die nächste');

  await row(page, next.id)
    .getByRole('button', { name: /Übernehmen/ })
    .click();
  const step = page.getByRole('alertdialog', { name: 'Rufnummer umschalten' });
  // Both changes are named: the new person on, the one on call now off.
  await expect(step.locator('[data-command-change]')).toHaveCount(2);
  await expect(step.locator('[data-command-change]').first()).toContainText(next.name);
  await expect(step.locator('[data-command-change]').nth(1)).toContainText(now.name);
  await expect(step.locator('.command-confirm-to').first()).toHaveText('eingeschaltet');
  await expect(step).toContainText('genau eine Person');
  // Escape sends nothing.
  await page.keyboard.press('Escape');
  await expect(step).toBeHidden();
  await expect(row(page, next.id)).toHaveAttribute('data-state', 'off');

  await row(page, next.id)
    .getByRole('button', { name: /Übernehmen/ })
    .click();
  await step.getByRole('button', { name: 'Umschalten' }).click();
  await expect(row(page, next.id)).toHaveAttribute('data-state', 'on');
  await expect(row(page, now.id)).toHaveAttribute('data-state', 'off');
  await expect(
    page.getByRole('status').filter({ hasText: 'ist jetzt eingeschaltet' }),
  ).toBeVisible();
  await expect(row(page, next.id)).toContainText('geändert von operator');

  // The other user's page follows without a reload: the number and who station 7 calls.
  await expect(row(watcher, next.id)).toHaveAttribute('data-state', 'on');
  await expect(row(watcher, now.id)).toHaveAttribute('data-state', 'off');
  await expect(station7(watcher)).toContainText(next.name);
  await expect(station7(watcher)).not.toContainText(now.name);
  await other.close();
});

test('RA-E5: a number the server refuses keeps what was typed and says why; the client checks first', async ({
  page,
  plant,
}) => {
  const { admin, data } = await callNumbers(plant.url);
  const foreman = data.alarmCallnumbers.find((n) => n.categoryId === 3)!;
  await signIn(page, 'operator', '/remote-alarm/numbers/edit');
  const row = page.locator(`[data-edit-number="${foreman.id}"]`);
  const number = row.getByLabel('Rufnummer');
  await expect(number).toHaveValue(foreman.number);

  // The client's own check: nothing is sent.
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/RemoteAlert/alarmnumbers')) posted++;
  });
  await number.fill('0171-abc');
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(row).toContainText('Rufnummer darf nur Ziffern');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.callnumber-savebar [role="alert"]')).toContainText(
    'nichts wurde gesendet',
  );
  expect(posted).toBe(0);

  // Meanwhile someone adds the same number to the category; this page cannot know it.
  const taken = '+49 151 5550001';
  const added = await admin.fetch('/api/RemoteAlert/alarmnumbers', {
    method: 'POST',
    body: JSON.stringify([
      { id: 0, name: 'Vertretung Meister', number: taken, categoryId: 3, pvGroups: [1] },
    ]),
  });
  expect(added.status).toBe(200);
  await number.fill(taken);
  await row.getByLabel('Name').fill('Meister Wasser (Vertretung)');
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(page.locator('.callnumber-savebar [role="alert"]')).toContainText(
    'Rufnummern wurden nicht gespeichert',
  );
  await expect(page.locator('.callnumber-savebar [role="alert"]')).toContainText(
    'Ihre Eingaben bleiben erhalten',
  );
  await expect(row).toContainText('Diese Rufnummer gibt es in der Kategorie schon.');
  await expect(number).toHaveValue(taken);
  await expect(row.getByLabel('Name')).toHaveValue('Meister Wasser (Vertretung)');
  expect(posted).toBe(1);
  const stored = (await callNumbers(plant.url)).data.alarmCallnumbers.find(
    (n) => n.id === foreman.id,
  )!;
  expect(stored.number).toBe(foreman.number);
  expect(stored.name).toBe(foreman.name);

  // Corrected, it is saved.
  await number.fill('+49 151 5550002');
  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '1 Rufnummer gespeichert.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nichts zu speichern' })).toBeDisabled();
});

test('RA-E6: an edit made on a stale copy is not saved over another user’s change; merged, it goes through', async ({
  page,
  plant,
}) => {
  const { admin, data } = await callNumbers(plant.url);
  const control = data.alarmCallnumbers.find((n) => n.categoryId === 4)!;
  await signIn(page, 'operator', '/remote-alarm/numbers/edit');
  const row = page.locator(`[data-edit-number="${control.id}"]`);
  await row.getByLabel('Name').fill('Leitwarte Talaue (24 h)');

  // Another user changes the number's phone number meanwhile.
  const res = await admin.fetch('/api/RemoteAlert/alarmnumbers', {
    method: 'POST',
    body: JSON.stringify([
      {
        id: control.id,
        name: control.name,
        number: '+49 7031 66101',
        categoryId: control.categoryId,
        pvGroups: control.pvGroups,
      },
    ]),
  });
  expect(res.status).toBe(200);

  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(page.locator('.callnumber-savebar [role="alert"]')).toContainText(
    'inzwischen geändert',
  );
  await expect(row).toContainText('Inzwischen von admin geändert');
  // What this user typed stays; what they had not touched takes the other user's value.
  await expect(row.getByLabel('Name')).toHaveValue('Leitwarte Talaue (24 h)');
  await expect(row.getByLabel('Rufnummer')).toHaveValue('+49 7031 66101');

  await page.getByRole('button', { name: '1 Änderung speichern' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '1 Rufnummer gespeichert.' }),
  ).toBeVisible();
  const stored = (await callNumbers(plant.url)).data.alarmCallnumbers.find(
    (n) => n.id === control.id,
  )!;
  expect(stored).toMatchObject({ name: 'Leitwarte Talaue (24 h)', number: '+49 7031 66101' });
});

test('RA-E10: at 360 px who is called shows each full name and number, nothing cut off', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'operator', '/remote-alarm/numbers');
  const people = page.locator('.oncall-people li');
  await expect(people.first()).toBeVisible();
  const cut = await people.evaluateAll((items) =>
    items.flatMap((li) => {
      const box = li.getBoundingClientRect();
      const clipped =
        li.scrollWidth > li.clientWidth + 1 || box.right > window.innerWidth || box.left < 0;
      // An ancestor that clips (the panel) must hold the whole entry.
      let up = li.parentElement;
      while (up && up !== document.body) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' && up.getBoundingClientRect().right < box.right - 1)
          return [li.textContent ?? ''];
        up = up.parentElement;
      }
      return clipped ? [li.textContent ?? ''] : [];
    }),
  );
  expect(cut).toEqual([]);
  await expect(people.first()).toContainText(/\+49 [\d ]{6,}/);
  await expect(page.locator('.oncall-table')).toContainText('Wird gerufen');
});

test('RA-E11: a viewer sees the plans to confirm with no enabled acknowledge, and why', async ({
  page,
  plant,
}) => {
  const admin = await signInHttp(plant.url, 'admin');
  const raise = await admin.fetch('/api/admin/simulate/remote-alarm', {
    method: 'POST',
    body: JSON.stringify({ stationNumber: 2, priority: 1, text: 'RA-E11', night: true }),
  });
  expect(raise.status).toBe(200);
  await signIn(page, 'viewer', '/remote-alarm/plans/confirm');
  await expect(page.locator('[data-confirm^="2_"]').first()).toContainText('RA-E11');
  await expect(page.locator('[data-read-only]')).toContainText('Pläne quittieren');
  await expect(page.getByRole('button', { name: 'Alle quittieren' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ausgewählte quittieren' })).toBeDisabled();
  await expect(page.locator('main button:enabled', { hasText: /quittieren/ })).toHaveCount(0);
});

test('RA-E7: a viewer sees who is on call and the numbers, cannot change anything and is told why', async ({
  page,
}) => {
  await signIn(page, 'viewer', '/remote-alarm/numbers');
  await expect(page.locator('[data-number]').first()).toBeVisible();
  await expect(page.locator('[data-oncall-station]').first()).toBeVisible();
  await expect(page.locator('[data-read-only]')).toContainText(
    'Nur lesen. Ihnen fehlt das Recht „Pläne schreiben“.',
  );
  await expect(page.locator('[data-number]').getByRole('button')).toHaveCount(0);

  await page.getByRole('link', { name: 'Rufnummern bearbeiten' }).click();
  await expect(page).toHaveURL(/\/remote-alarm\/numbers\/edit$/);
  await expect(page.locator('[data-read-only]')).toContainText('Pläne schreiben');
  await expect(page.locator('tr[data-number]').first()).toBeVisible();
  await expect(page.locator('main input, main select')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /speichern|hinzufügen/ })).toHaveCount(0);
});

test('RA-E8: a station page shows its active plan and who is on call, linking to its plans', async ({
  page,
  plant,
}) => {
  const { admin, data } = await callNumbers(plant.url);
  await activateNightPlan(admin, 4);
  const onCall = data.alarmCallnumbers.find((n) => n.categoryId === 1 && n.active)!;
  await signIn(page, 'operator', '/stations/4');
  const summary = page.locator('[data-oncall-summary="4"]');
  await expect(summary).toContainText('Nachtplan aktiv');
  await expect(summary).toContainText(`In Bereitschaft: ${onCall.name} ${onCall.number}`);
  await summary.getByRole('link', { name: 'Alarmpläne der Station' }).click();
  await expect(page).toHaveURL(/\/remote-alarm\/plans#station-4$/);
  const panel = page.locator('#station-4');
  await expect(panel).toBeInViewport();
  await expect(panel).toBeFocused();
  await expect(panel.locator('[data-plan="4_2"] .badge')).toHaveText('Aktiv');
});

test('RA-E9: the alert list says whom the focused alert’s station reaches by remote alarm', async ({
  page,
  plant,
}) => {
  const api = await signInHttp(plant.url, 'operator');
  const post = async <T>(path: string, body: unknown) =>
    (await (await api.fetch(path, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
  // A limit crossed on purpose raises an alarm at station 5.
  const pv = { type: 'AnaIn', nr: 500_001 } as const;
  const old = await post<PvLimitConfig[]>(ACTION_EXTRA_API.limitConfigs, [pv]);
  const next = old.map((l) => ({ ...l, limit: -1e6, priority: 1, delayTime: 0, notSet: false }));
  expect(
    (await post<PvActionResult>(PV_ACTION_API.setAnaInLimits, { oldValues: old, newValues: next }))
      .status,
  ).toBe('Success');
  try {
    await signIn(page, 'operator', '/alerts');
    // The summary follows the focused alert by its id: a newer alert arriving above does not
    // take its place, so the station is read from the focused row, not the first.
    const focused = page.locator('.alert-scroll [data-alert-id].is-focused');
    await expect(focused).toBeVisible();
    const summary = page.locator('[data-oncall-summary]');
    await expect(async () => {
      const station = (await focused.locator('.col-station').textContent())!.trim();
      await expect(summary).toContainText(`Fernalarm ${station}:`, { timeout: 1000 });
    }).toPass();
    await expect(summary).toContainText(/aktiv|kein Alarmplan aktiv/);
    await expect(summary.getByRole('link', { name: 'Alarmpläne der Station' })).toHaveAttribute(
      'href',
      /\/remote-alarm\/plans#station-\d+$/,
    );
  } finally {
    const current = await post<PvLimitConfig[]>(ACTION_EXTRA_API.limitConfigs, [pv]);
    await post<PvActionResult>(PV_ACTION_API.setAnaInLimits, {
      oldValues: current,
      newValues: current.map((l, i) => ({ ...l, ...old[i] })),
    });
  }
});

/** The remote alarms waiting as the server lists them now: count summed over the plans. */
async function waitingCount(api: SignedIn): Promise<number> {
  const res = await api.fetch(REMOTE_ALERT_API.plansToConfirm);
  const list = (await res.json()) as PlanToConfirm[];
  return list.reduce((n, p) => n + p.pendingCount, 0);
}

test('RA-E12: a remote alarm waiting for confirmation shows live in the header, on the navigation and in the current alert list of every tab, under the plan it was raised for', async ({
  context,
  plant,
}) => {
  test.setTimeout(120_000);
  const admin = await signInHttp(plant.url, 'admin');
  const wide = await context.newPage();
  await wide.setViewportSize({ width: 1920, height: 1080 });
  await signIn(wide, 'operator', '/');
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 360, height: 780 });
  await phone.goto('/alerts');
  await expect(phone.locator('.alerts-page')).toBeVisible();

  const raise = await admin.fetch('/api/admin/simulate/remote-alarm', {
    method: 'POST',
    body: JSON.stringify({
      stationNumber: 5,
      priority: 1,
      text: 'RA-E8 Druck zu tief',
      night: true,
    }),
  });
  expect(raise.status).toBe(200);
  const count = await waitingCount(admin);
  expect(count).toBeGreaterThan(0);
  for (const page of [wide, phone]) {
    const header = page.locator('.shell-header .remote-pending');
    await expect(header).toHaveAttribute('data-remote-pending', String(count));
    await expect(header).toHaveAttribute(
      'aria-label',
      count === 1 ? '1 Fernalarm zu bestätigen' : `${count} Fernalarme zu bestätigen`,
    );
    await expect(header.locator('.alarm-mark text')).toHaveText('1');
  }
  // The header's mark stands for every waiting alarm: it pulses by its halo's opacity (until
  // half a minute after more last came to wait), which the compositor animates; a row's mark
  // keeps a steady halo (ui.css). Read from the style, just after the alarm came.
  const headerMark = wide.locator('.shell-header .remote-pending .alarm-mark');
  const halo = (mark: Locator) =>
    mark.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return `${after.animationName} ${after.opacity}`;
    });
  await wide.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await halo(headerMark)).toMatch(/^alarm-halo /);
  await wide.emulateMedia({ reducedMotion: 'reduce' });
  expect(await halo(headerMark)).toBe('none 1');
  // The navigation's entry carries the count (the side navigation of the wide tab).
  const badge = wide.locator('.shell-sidenav a[href="/remote-alarm/plans"] .nav-badge');
  await expect(badge).toHaveAttribute('data-remote-pending', String(count));
  // The current alert list lists it, under the night plan it was raised for.
  const row = phone.locator('[data-remote-row="5_2"]');
  await expect(row).toContainText('RA-E8 Druck zu tief');
  await expect(row).toContainText('Nachtplan');
  await phone.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await halo(row.locator('.alarm-mark'))).toBe('none 1');
  await phone.screenshot({ path: 'test-results/remote-pending-360.png' });
  await wide.screenshot({ path: 'test-results/remote-pending-1920.png' });

  // Confirmed elsewhere: every tab drops it.
  const ack = await admin.fetch(`${REMOTE_ALERT_API.ackPlans}?ackNonSent=true`, {
    method: 'POST',
    body: JSON.stringify([
      { planRef: { station: { stationNumber: 5 }, planNumber: 2 }, ack: true },
    ]),
  });
  expect(ack.status).toBe(200);
  const left = await waitingCount(admin);
  for (const page of [wide, phone]) {
    const header = page.locator('.shell-header .remote-pending');
    if (left === 0) await expect(header).toHaveCount(0);
    else await expect(header).toHaveAttribute('data-remote-pending', String(left));
  }
  await expect(row).toHaveCount(0);
});

test('RA-E13: switching off the last number of an on-call group starts on Abbrechen and names who is then not called', async ({
  page,
  plant,
}) => {
  const { admin, data } = await callNumbers(plant.url);
  // The control room's group ("Leitwarte", not a standby rota) with one number on: other
  // tests may have renamed, added or switched its numbers, so it is set up here.
  const group = data.categories.find((c) => c.name === 'Leitwarte')!;
  const members = data.alarmCallnumbers.filter((n) => n.categoryId === group.id);
  const last = members[0]!;
  const set = await admin.fetch(REMOTE_ALERT_API.setNumbersState, {
    method: 'POST',
    body: JSON.stringify(members.map((n) => ({ id: n.id, active: n.id === last.id }))),
  });
  expect(set.status).toBe(200);
  await signIn(page, 'operator', '/remote-alarm/numbers');
  const row = page.locator(`[data-number="${last.id}"]`);
  await expect(row).toHaveAttribute('data-state', 'on');
  await row.getByRole('button', { name: 'Ausschalten' }).click();
  const step = page.getByRole('alertdialog', { name: 'Rufnummer umschalten' });
  await expect(step.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await expect(step.locator('[data-last-of-group]')).toContainText(
    `Danach wird ${last.name} (${last.number}) nicht mehr gerufen und aus „Leitwarte“ niemand.`,
  );
  await expect(step).toContainText('Eingabetaste: abbrechen');
  // Enter, as a hurried operator presses it, sends nothing.
  await page.keyboard.press('Enter');
  await expect(step).toBeHidden();
  await expect(row).toHaveAttribute('data-state', 'on');
  const again = await callNumbers(plant.url);
  expect(again.data.alarmCallnumbers.find((n) => n.id === last.id)!.active).toBe(true);
});
