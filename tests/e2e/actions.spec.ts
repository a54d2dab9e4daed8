/**
 * Acting on the plant in the browser (SPEC §2 "Action dialogs", §4, §5, §8) against the real
 * server: rights, live follow-up in another tab, the limit order, counters, priority outputs
 * and a text output with acknowledge. Rule IDs AX1-AX6.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { wcag21Violations } from './axe.ts';
import { signIn } from './auth.ts';
import { readFileSync } from 'node:fs';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';

/** Opens the actions of a PV row on a station page (the chip filters the list by type). */
async function openActions(page: Page, station: number, pv: string, chip: string) {
  await page.goto(`/stations/${station}`);
  await page.getByRole('button', { name: chip, exact: true }).click();
  const row = page.locator(`[data-pv="${pv}"]`);
  await row.getByRole('button', { name: /^Aktionen für / }).click();
  return row;
}

/** The confirm step of a command (issue 12): confirms with its button. */
async function confirmCommand(page: Page, label = 'Senden') {
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await step.getByRole('button', { name: label, exact: true }).click();
  await expect(step).toBeHidden();
}

test('AX1: a viewer sees the set-value form read-only with the reason, and no send button', async ({
  page,
}) => {
  await signIn(page, 'viewer', null);
  await openActions(page, 1, 'AnaOut-100003', 'AA');
  const dialog = page.getByRole('dialog', { name: 'Wert setzen: Sollwert Drehzahl' });
  await expect(
    dialog.getByText('Ihnen fehlt das Recht „Prozessvariablen schreiben“.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Neuer Wert')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Wert setzen' })).toHaveCount(0);
});

test('AX2: an operator sets an analogue output; out-of-range is refused first; another tab sees the plant follow', async ({
  page,
  context,
}) => {
  await signIn(page, 'operator');
  const other = await context.newPage();
  await other.goto('/stations/1');
  await other.getByRole('button', { name: 'AA', exact: true }).click();
  const watched = other.locator('[data-pv="AnaOut-100003"] .pv-value');
  await expect(watched).toHaveText('85 %');

  await openActions(page, 1, 'AnaOut-100003', 'AA');
  const dialog = page.getByRole('dialog', { name: 'Wert setzen: Sollwert Drehzahl' });
  const input = dialog.getByLabel('Neuer Wert');
  await input.fill('120');
  await dialog.getByRole('button', { name: 'Wert setzen' }).click();
  await expect(dialog.getByText('Werte sind außerhalb der Grenzwerte')).toBeVisible();
  await expect(dialog.getByText('Der Wert 120 liegt über dem Maximalwert von 100')).toBeVisible();
  await expect(input).toHaveValue('120');

  await input.fill('55');
  await dialog.getByRole('button', { name: 'Wert setzen' }).click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step).toContainText('Sollwert Drehzahl');
  await expect(step).toContainText('85 %');
  await expect(step).toContainText('55 %');
  await confirmCommand(page);
  await expect(dialog).toBeHidden();
  // The notice follows the plant's report of the output, not only the server's answer.
  await expect(
    page.getByRole('status').filter({ hasText: 'Sollwert Drehzahl: Die Anlage meldet 55 %.' }),
  ).toBeVisible();
  await expect(watched).toHaveText('55 %');
  await expect(page.locator('[data-pv="AnaOut-100003"] .pv-value')).toHaveText('55 %');
});

test('AX3: a limit edit that breaks the order is refused with its message and nothing is lost', async ({
  page,
}) => {
  await signIn(page, 'operator', null);
  // The level keeps no runtimes: its only action, the limits, opens at once.
  await openActions(page, 1, 'AnaIn-100001', 'AE');
  const dialog = page.getByRole('dialog', { name: 'Grenzwerte: Füllstand Rohwasserbehälter' });
  const bottom = dialog.getByLabel('Unterer Grenzwert: Wert');
  await expect(bottom).toBeVisible();
  await bottom.fill('9');
  await dialog.getByLabel('Oberer Grenzwert: Priorität (0–9)').fill('12');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    dialog.getByText('Der untere Grenzwert darf nicht über anderen Grenzwerten liegen.'),
  ).toBeVisible();
  await expect(dialog.getByText('Prioritäten müssen zwischen 0 und 9 liegen.')).toBeVisible();
  await expect(bottom).toHaveValue('9');

  // A valid change is confirmed (old → new), saved and the dialog closes with a notice.
  await bottom.fill('0,8');
  await dialog.getByLabel('Oberer Grenzwert: Priorität (0–9)').fill('2');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const step = page.getByRole('alertdialog', { name: /^Grenzwerte ändern: / });
  await expect(step.locator('.command-confirm-to').first()).toHaveText('0,80 m');
  await step.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: 'Grenzwerte wurden gespeichert' }),
  ).toBeVisible();
});

test('AX4: resetting a counter asks first and the counter starts from zero', async ({ page }) => {
  await signIn(page, 'operator', null);
  const row = await openActions(page, 1, 'ZaehlWert-1003', 'ZW');
  const confirm = page.getByRole('alertdialog', { name: 'Zähler zurücksetzen' });
  await expect(confirm).toContainText('Brunnenpumpe 1 Fördermenge');
  await confirm.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Zähler wurde zurückgesetzt' }),
  ).toBeVisible();
  await expect(row.locator('.pv-value')).toHaveText(/^\d{1,2},\d m³$/);
});

test('AX5: acknowledging priority outputs: no PV groups disables it; success once, then none', async ({
  page,
}) => {
  await signIn(page, 'operator', '/actions/priority-outputs');
  const station = page.getByLabel('Station');
  const submit = page.getByRole('button', { name: 'Quittieren' });
  // Station 12 is a network measuring point: it has no priority outputs.
  await station.selectOption('12');
  await expect(
    page.getByText('Keine PV-Bereiche für ausgewählte Station vorhanden.'),
  ).toBeVisible();
  await expect(submit).toBeDisabled();

  await station.selectOption('1');
  await expect(page.getByText('Bitte mindestens einen PV-Bereich auswählen.')).toBeVisible();
  await page.getByLabel('Pumpen und Antriebe').check();
  await page.getByLabel('Messwerte').check();
  await submit.click();
  await confirmCommand(page, 'Quittieren');
  const ok = page.getByRole('alertdialog', { name: 'Prioritätenausgänge erfolgreich quittiert' });
  await expect(ok).toBeVisible();
  await ok.getByRole('button', { name: 'Schließen' }).last().click();
  await submit.click();
  await confirmCommand(page, 'Quittieren');
  await expect(
    page.getByRole('alertdialog', { name: 'Keine Prioritätenausgänge zum Quittieren vorhanden.' }),
  ).toBeVisible();
});

test('AX6: a DirectWithAcknowledge text output asks, then sends its text; other tabs follow', async ({
  page,
}) => {
  await signIn(page, 'operator', '/actions/text-outputs');
  const output = page.locator('[data-text-output="102"]');
  await expect(output).toContainText('kein Text');
  // A second tab shows the same outputs; the hub's newMessage updates it without a reload.
  const other = await page.context().newPage();
  await other.goto('/actions/text-outputs');
  await expect(other.locator('[data-text-output="102"]')).toContainText('kein Text');
  await output.getByRole('button', { name: 'Senden …: Bereitschaft benachrichtigt' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Text senden?' });
  await expect(confirm).toContainText('Bereitschaft benachrichtigt');
  await expect(confirm).toContainText('kein Text');
  await expect(confirm).toContainText('„Bereitschaft ist benachrichtigt“');
  await confirm.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(output).toContainText('„Bereitschaft ist benachrichtigt“');
  await expect(other.locator('[data-text-output="102"]')).toContainText(
    '„Bereitschaft ist benachrichtigt“',
  );

  // An edit-mode output opens an editor; an empty text is refused before sending.
  const edit = page.locator('[data-text-output="101"]');
  await edit.getByRole('button', { name: 'Text bearbeiten: Anzeige Schaltschrank' }).click();
  const editor = page.getByRole('dialog', { name: 'Text für Anzeige Schaltschrank' });
  await editor.getByRole('button', { name: 'Senden' }).click();
  await expect(editor.getByText('Text darf nicht leer sein.')).toBeVisible();
  await editor.getByLabel('Text').fill('Wartung bis 16 Uhr');
  await editor.getByRole('button', { name: 'Senden' }).click();
  await page
    .getByRole('alertdialog', { name: 'Text senden?' })
    .getByRole('button', { name: 'Senden', exact: true })
    .click();
  await expect(editor).toBeHidden();
  await expect(edit).toContainText('„Wartung bis 16 Uhr“');
  await expect(other.locator('[data-text-output="101"]')).toContainText('„Wartung bis 16 Uhr“');
  await other.close();
});

test('AX7: a lost connection says Netzwerkfehler / Server-/Netzwerkfehler and keeps the input', async ({
  page,
}) => {
  await signIn(page, 'operator', null);
  await page.route('**/api/Pv', (route) => route.abort('connectionfailed'));
  await openActions(page, 1, 'AnaOut-100001', 'AA');
  const dialog = page.getByRole('dialog', { name: 'Wert setzen: Einschaltpunkt Pumpen' });
  await dialog.getByLabel('Neuer Wert').fill('2,5');
  await dialog.getByRole('button', { name: 'Wert setzen' }).click();
  await confirmCommand(page);
  const result = page.getByRole('alertdialog', { name: 'Werte wurden nicht gespeichert' });
  await expect(result.getByText('Netzwerkfehler')).toBeVisible();
  await result.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(dialog.getByLabel('Neuer Wert')).toHaveValue('2,5');

  await page.route('**/api/pv/PriorityOutputs/Ack**', (route) => route.abort('connectionfailed'));
  await page.goto('/actions/priority-outputs');
  await page.getByLabel('Station').selectOption('2');
  await page.getByLabel('Station und Verbindung').check();
  await page.getByRole('button', { name: 'Quittieren' }).click();
  await confirmCommand(page, 'Quittieren');
  const failed = page.getByRole('alertdialog', {
    name: 'Prioritätenausgänge wurden nicht quittiert',
  });
  await expect(failed.getByText('Server-/Netzwerkfehler')).toBeVisible();
});

test('AX8: the set-values page sends several values together, and nothing while one is out of range', async ({
  page,
}) => {
  await signIn(page, 'operator', '/actions');
  await page.getByRole('link', { name: /Prozessvariablen setzen/ }).click();
  await page.getByLabel('Station').selectOption('3');
  const stop = page.getByLabel('Ausschaltpunkt Pumpen: Neuer Wert');
  const time = page.getByLabel('Schaltzeit Nachtbetrieb: Neuer Wert');
  await stop.fill('999');
  // A time of day takes the browser's time picker (type="time").
  await expect(time).toHaveAttribute('type', 'time');
  await time.fill('23:15');
  await page.getByRole('button', { name: 'Werte setzen' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Werte sind außerhalb der Grenzwerte' }),
  ).toBeVisible();
  await expect(page.getByText(/Der Wert 999 liegt über dem Maximalwert von/)).toBeVisible();
  await expect(stop).toHaveValue('999');

  await stop.fill('');
  await page.getByRole('button', { name: 'Werte setzen' }).click();
  await confirmCommand(page);
  await expect(page.getByRole('status').filter({ hasText: '1 Wert wurde gesetzt.' })).toBeVisible();
  await expect(page.locator('tr[data-pv="ao300004"] .value')).toHaveText('23:15');
});

test('AX9: the action dialogs work by keyboard and the operating pages pass axe', async ({
  page,
}) => {
  // Several axe scans: on two cores shared by three test workers they alone can take a minute.
  test.setTimeout(150_000);
  await signIn(page, 'operator', '/stations/1');
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  const button = page
    .locator('[data-pv="DigiIn-100002"]')
    .getByRole('button', { name: /^Aktionen für / });
  await button.focus();
  await expect(page.getByRole('tooltip', { name: 'Aktionen' })).toBeVisible();
  // A failure input's only action, its priority, opens at once.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Priorität: Brunnenpumpe 1 Störung' });
  const input = dialog.getByLabel('Neue Priorität (0–9)');
  await expect(input).toBeFocused();
  await input.fill('10');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Prioritäten müssen zwischen 0 und 9 liegen.')).toBeVisible();
  expect(await wcag21Violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The flow meter has limits and runtimes: a menu, first action focused, Tab to the next.
  await page.getByRole('button', { name: 'AE', exact: true }).click();
  await page
    .locator('[data-pv="AnaIn-100002"]')
    .getByRole('button', { name: /^Aktionen für / })
    .press('Enter');
  const menu = page.getByRole('dialog', { name: 'Aktionen: Durchfluss' });
  await expect(menu.getByRole('button', { name: 'Grenzwerte bearbeiten' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    menu.getByRole('button', { name: 'Wartung: Laufzeiten bearbeiten …' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  const runtimes = page.getByRole('dialog', { name: 'Laufzeiten: Durchfluss' });
  const hours = runtimes.getByLabel('Betriebszeit (h)');
  await hours.fill('');
  await hours.press('Enter');
  await expect(runtimes.getByText('Wert darf nicht leer sein.')).toBeVisible();
  await hours.fill('-5');
  await hours.press('Enter');
  await expect(runtimes.getByText('Wert darf nicht negativ sein.')).toBeVisible();
  await page.keyboard.press('Escape');

  for (const path of [
    '/actions',
    '/actions/set-values?station=1',
    '/actions/priority-outputs',
    '/actions/text-outputs',
    '/actions/counters?station=1',
  ]) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await wcag21Violations(page), path).toEqual([]);
  }
});

test('AX10: several counters are reset together after a question; a viewer sees them read-only', async ({
  page,
}) => {
  await signIn(page, 'viewer', '/actions/counters?station=2');
  await expect(page.getByText('Ihnen fehlt das Recht „Zähler zurücksetzen“.')).toBeVisible();
  await expect(page.getByLabel('Energieverbrauch', { exact: true })).toBeDisabled();

  await signIn(page, 'operator', '/actions/counters?station=2');
  await page.getByLabel('Energieverbrauch', { exact: true }).check();
  await page.getByLabel('Filterpumpe 2 Fördermenge', { exact: true }).check();
  await page.getByRole('button', { name: '2 Zähler zurücksetzen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Zähler zurücksetzen' });
  await expect(confirm).toContainText('Energieverbrauch');
  await expect(confirm).toContainText('Filterpumpe 2 Fördermenge');
  await confirm.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: '2 Zähler wurden zurückgesetzt.' }),
  ).toBeVisible();
  await expect(page.locator('tr[data-pv="count2002"] .value')).toHaveText(/^\d{1,2},\d kWh$/);
});

test('AX11: a dialog whose data does not come shows the spinner, then the could-not-be-loaded message with a retry', async ({
  page,
}) => {
  await signIn(page, 'operator');
  let hold = true;
  await page.route('**/api/Pv/AnaIn/limit-configs', async (route) => {
    if (hold) return; // never answered: the dialog waits
    await route.continue();
  });
  await openActions(page, 1, 'AnaIn-100001', 'AE');
  const dialog = page.getByRole('dialog', { name: 'Grenzwerte: Füllstand Rohwasserbehälter' });
  await expect(dialog.getByRole('status')).toBeVisible();
  await expect(dialog.getByText('Die Daten konnten nicht geladen werden.')).toBeVisible();
  hold = false;
  await dialog.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(dialog.getByLabel('Oberer Grenzwert: Wert')).toBeVisible();
});

test('AX12: limits changed meanwhile in another tab are not overwritten; the typed values stay for another try', async ({
  page,
  context,
}) => {
  await signIn(page, 'operator', null);
  await openActions(page, 1, 'AnaIn-100003', 'AE');
  const mine = page.getByRole('dialog', { name: 'Grenzwerte: Druck Druckleitung' });
  await expect(mine.getByLabel('Oberer Grenzwert: Wert')).toBeVisible();

  const other = await context.newPage();
  await openActions(other, 1, 'AnaIn-100003', 'AE');
  const theirs = other.getByRole('dialog', { name: 'Grenzwerte: Druck Druckleitung' });
  await theirs.getByLabel('Oberer Grenzwert: Verzögerung (s)').fill('77');
  await theirs.getByRole('button', { name: 'Speichern' }).click();
  await other.getByRole('alertdialog').getByRole('button', { name: 'Senden' }).click();
  await expect(theirs).toBeHidden();

  await mine.getByLabel('Oberer Grenzwert: Verzögerung (s)').fill('88');
  await mine.getByRole('button', { name: 'Speichern' }).click();
  await page
    .getByRole('alertdialog', { name: /^Grenzwerte ändern: / })
    .getByRole('button', { name: 'Senden' })
    .click();
  const refused = page.getByRole('alertdialog', { name: 'Werte wurden nicht gespeichert' });
  await expect(refused.getByText(/Die Grenzwerte wurden inzwischen geändert/)).toBeVisible();
  await refused.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(mine.getByLabel('Oberer Grenzwert: Verzögerung (s)')).toHaveValue('88');
  // Against the plant's current limits the same entry now goes through.
  await mine.getByRole('button', { name: 'Speichern' }).click();
  const step = page.getByRole('alertdialog', { name: /^Grenzwerte ändern: / });
  await expect(step.locator('.command-confirm-from')).toHaveText('77');
  await step.getByRole('button', { name: 'Senden' }).click();
  await expect(mine).toBeHidden();
});

/**
 * The places in `selector`'s texts where a line breaks between two letters of one word (not at
 * a space, a hyphen or a soft hyphen), as "word: where".
 */
async function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const found: string[] = [];
    for (const el of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const range = document.createRange();
        let lastTop: number | null = null;
        for (let i = 0; i < text.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // The last box: a character after a soft hyphen's break also reports the hyphen's.
          const rects = range.getClientRects();
          const rect = rects[rects.length - 1];
          if (!rect || rect.width === 0) continue;
          const previous = text[i - 1] ?? ' ';
          if (
            lastTop !== null &&
            rect.top > lastTop + 2 &&
            /\p{L}/u.test(previous) &&
            /\p{L}/u.test(text[i]!)
          )
            found.push(`${text}: ${text.slice(0, i)}|${text.slice(i)}`);
          lastTop = rect.top;
        }
      }
    }
    return found;
  }, selector);
}

for (const lang of ['de', 'en', 'cs', 'ru'] as const) {
  test(`AX13: at 360 px the limits dialog's column headers break between words (${lang})`, async ({
    page,
  }) => {
    const texts = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as {
      stations: { pvType: { AnaIn: string }; pvActions: { button: string } };
    };
    const actionsFor = new RegExp(`^${texts.stations.pvActions.button.replace('{{name}}', '')}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(
      ([key, l]) => localStorage.setItem(key!, l!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    await signIn(page, 'operator', '/stations/1');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('button', { name: texts.stations.pvType.AnaIn, exact: true }).click();
    await page
      .locator('[data-pv="AnaIn-100001"]')
      .getByRole('button', { name: actionsFor })
      .click();
    const table = page.locator('.limits-table');
    await expect(table.locator('input').first()).toBeVisible();
    expect(await midWordBreaks(page, '.limits-table th')).toEqual([]);
    // The table fits the phone: nothing sticks out of the dialog.
    const overflow = await table.evaluate(
      (t) => t.getBoundingClientRect().right - t.parentElement!.getBoundingClientRect().right,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await page.screenshot({ path: test.info().outputPath(`limits-${lang}-360.png`) });
  });
}

test('AX14: a tap on Actions while the dialogs still load shows a dialog at once that says so, then the dialog; dialogs that cannot be loaded say so and the page stays', async ({
  page,
}) => {
  // The dialogs' code is held until the loading dialog has been seen: no race with the clock.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/PvActions-[^/]*\.js$/, async (route) => {
    await held;
    return route.continue();
  });
  await signIn(page, 'operator', '/stations/1');
  await page.getByRole('button', { name: 'AE', exact: true }).click();
  const row = page.locator('[data-pv="AnaIn-100001"]');
  await row.getByRole('button', { name: /^Aktionen für / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Wird geladen …' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('actions-loading.png') });
  release();
  await expect(page.locator('.limits-table input').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);

  // A new tab whose dialogs' code cannot be fetched (a dropped link): the tap says so.
  const second = await page.context().newPage();
  await second.route(/\/assets\/PvActions-[^/]*\.js$/, (route) => route.abort('failed'));
  await second.goto('/stations/1');
  await second.getByRole('button', { name: 'AE', exact: true }).click();
  await second
    .locator('[data-pv="AnaIn-100001"]')
    .getByRole('button', { name: /^Aktionen für / })
    .click();
  const failed = second.getByRole('dialog');
  await expect(failed.getByRole('alert')).toContainText('Die Daten konnten nicht geladen werden.');
  await expect(failed.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  await second.setViewportSize({ width: 360, height: 740 });
  await second.screenshot({ path: test.info().outputPath('actions-not-loaded-360.png') });
  // Closed, the page is as it was: its rows and values are still there.
  await failed.getByRole('button', { name: 'Schließen' }).click();
  await expect(second.getByRole('dialog')).toHaveCount(0);
  await expect(second.locator('[data-pv="AnaIn-100001"] .pv-value-text')).not.toBeEmpty();
});
