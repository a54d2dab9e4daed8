/**
 * Issue 12 against the real server: the confirm step before a command reaches the plant
 * (ISA-101 two-step; Enter confirms, Escape cancels and nothing is sent) and read-only forms
 * for a user without the right (SPEC §6), whose disabled fields look disabled and whose PV
 * info stays open (SO2b, SO2c). Rule IDs SO1-SO2.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { completeSignIn, signIn } from './auth.ts';
import { openValveCommands } from './valveCommands.ts';
import { json, restoreLimits } from './limits.ts';
import { signInHttp } from '../support/login.ts';
import { ACTION_EXTRA_API } from '../../src/contract/actions.ts';
import type { PvLimitConfig } from '../../src/contract/pv.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';

async function pumpCommandRow(page: Page) {
  await page.goto('/stations/1');
  await page.getByRole('button', { name: 'DA', exact: true }).click();
  const row = page.locator('[data-pv^="DigiOut-"]').filter({ hasText: 'Ein/Aus' }).first();
  await expect(row.locator('.pv-value')).toHaveText(/^(Ein|Aus)$/);
  return row;
}

test('SO1: a digital output is switched only after the confirm step; Escape sends nothing', async ({
  page,
}) => {
  await signIn(page, 'operator', null);
  let row = await pumpCommandRow(page);
  const before = (await row.locator('.pv-value').textContent())!;
  const after = before === 'Ein' ? 'Aus' : 'Ein';

  const setTo = async () => {
    await row.getByRole('button', { name: /^Aktionen für / }).click();
    const dialog = page.getByRole('dialog', { name: /^Wert setzen: / });
    await dialog.getByLabel(after, { exact: true }).check();
    await dialog.getByRole('button', { name: 'Wert setzen' }).click();
    const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
    await expect(step).toBeVisible();
    await expect(step.locator('.command-confirm-from')).toHaveText(before);
    await expect(step.locator('.command-confirm-to')).toHaveText(after);
    await expect(step).toContainText('Station 1 ');
    await expect(step.getByRole('button', { name: 'Senden' })).toBeFocused();
    return { dialog, step };
  };

  // Escape cancels: the set-value form stays, nothing reached the plant (reloaded from it).
  const first = await setTo();
  await page.keyboard.press('Escape');
  await expect(first.step).toBeHidden();
  await expect(first.dialog).toBeVisible();
  await page.waitForTimeout(1500);
  row = await pumpCommandRow(page);
  await expect(row.locator('.pv-value')).toHaveText(before);

  // Enter confirms: the plant follows.
  const second = await setTo();
  await page.keyboard.press('Enter');
  await expect(second.step).toBeHidden();
  await expect(second.dialog).toBeHidden();
  await expect(row.locator('.pv-value')).toHaveText(after);
  row = await pumpCommandRow(page);
  await expect(row.locator('.pv-value')).toHaveText(after);
});

test('SO2: a viewer sees every action page and dialog read-only with the reason', async ({
  page,
}) => {
  await signIn(page, 'viewer');
  const reason = /Nur lesen\. Ihnen fehlt das Recht „[^“]+“\./;

  await page.goto('/actions/set-values?station=1');
  await expect(page.locator('[data-read-only]')).toHaveText(reason);
  const field = page.getByLabel('Sollwert Drehzahl: Neuer Wert');
  await expect(field).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Werte setzen' })).toBeDisabled();
  // SO2b: a disabled field looks disabled (dashed border, sunken surface), its border still
  // 3:1 against the surface behind it (WCAG 2.2 1.4.11).
  const look = await field.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const ratio = (a: string, b: string) => {
      const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((m, n) => n - m);
      return (x! + 0.05) / (y! + 0.05);
    };
    let up = el.parentElement;
    while (up && getComputedStyle(up).backgroundColor === 'rgba(0, 0, 0, 0)') up = up.parentElement;
    const style = getComputedStyle(el);
    const behind = up ? getComputedStyle(up).backgroundColor : 'rgb(255, 255, 255)';
    return {
      border: style.borderTopStyle,
      inside: ratio(style.borderTopColor, style.backgroundColor),
      outside: ratio(style.borderTopColor, behind),
      filled: style.backgroundColor !== behind,
    };
  });
  expect(look.border).toBe('dashed');
  expect(look.inside).toBeGreaterThanOrEqual(3);
  expect(look.outside).toBeGreaterThanOrEqual(3);
  // SO2c: the PV's info stays open to the viewer.
  const info = page.getByRole('button', { name: 'Informationen zu Sollwert Drehzahl' });
  await expect(info).toBeEnabled();
  await info.click();
  await expect(page.getByRole('dialog', { name: 'Sollwert Drehzahl' })).toContainText('Station');
  await page.keyboard.press('Escape');

  await page.goto('/actions/counters?station=2');
  await expect(page.locator('[data-read-only]')).toHaveText(reason);
  await expect(page.getByLabel('Energieverbrauch', { exact: true })).toBeDisabled();

  await page.goto('/actions/priority-outputs');
  await page.getByLabel('Station').selectOption('1');
  await expect(page.locator('[data-read-only]')).toHaveText(reason);
  await page.getByLabel('Messwerte').check();
  await expect(page.getByRole('button', { name: 'Quittieren' })).toBeDisabled();

  await page.goto('/actions/text-outputs');
  await expect(page.locator('[data-read-only]').first()).toHaveText(reason);
  await expect(page.locator('[data-text-output="102"]').getByRole('button')).toBeDisabled();

  // The PV dialogs of a station page: limits and set value.
  await page.goto('/stations/1');
  await page.getByRole('button', { name: 'AE', exact: true }).click();
  await page
    .locator('[data-pv="AnaIn-100001"]')
    .getByRole('button', { name: /^Aktionen für / })
    .click();
  const limits = page.getByRole('dialog', { name: /^Grenzwerte: / });
  await expect(limits.locator('[data-read-only]')).toHaveText(reason);
  await expect(limits.getByLabel('Unterer Grenzwert: Wert')).toBeDisabled();
  await expect(limits.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expect(limits.getByRole('button', { name: /^Informationen zu / })).toBeEnabled();
});

test('SO3: a digital output in a process image offers its own commands first, through the confirm step', async ({
  page,
}) => {
  await signIn(page, 'operator', '/process-images/abwasserpumpwerk-muehlgraben');
  const { valve, dialog, commands } = await openValveCommands(page);
  await expect(commands.getByRole('button')).toHaveCount(2);
  // Once the output's state is known and trusted (said in words, with no quality after it),
  // the enabled command is the state the output is not in; the commands come before the
  // links. A state of uncertain quality ("Zustand: Aus (Qualität unsicher)", as a plant's first
  // seconds may report) offers both, so the test waits past it.
  await expect(commands.getByText(/^Zustand: (Ein|Aus)$/)).toBeVisible();
  const next = commands.getByRole('button', { disabled: false });
  await expect(next).toBeVisible();
  expect(
    await dialog.evaluate((d) => {
      const group = d.querySelector('[role="group"]');
      const links = d.querySelector('.pi-actions');
      return !!group && !!links && !!(group.compareDocumentPosition(links) & 4);
    }),
  ).toBe(true);
  const target = (await next.textContent())!.trim();
  await next.click();
  const step = page.getByRole('alertdialog', { name: 'Befehl bestätigen' });
  await expect(step.locator('.command-confirm-to')).toHaveText(target);
  await step.getByRole('button', { name: 'Senden' }).click();
  // The notice follows the output until the plant reports the commanded state.
  await expect(
    page.getByRole('status').filter({ hasText: `Die Anlage meldet ${target}.` }),
  ).toBeVisible();
  await valve.focus();
  await page.keyboard.press('Enter');
  const again = page.getByRole('dialog', { name: /Ein\/Aus$/ });
  await expect(again.getByText(`Zustand: ${target}`)).toBeVisible();
  await expect(again.getByRole('button', { name: target })).toBeDisabled();
});

test('SO4: the chart PNG carries a header band with title, plant, range and export time, and a legend under the plot', async ({
  page,
}) => {
  await signIn(page, 'operator', '/charts/22');
  const plotCanvas = page.locator('.chart-plot canvas').first();
  await expect(plotCanvas).toBeVisible();
  await expect
    .poll(async () => Number(await page.locator('.chart-plot').getAttribute('data-series-drawn')))
    .toBeGreaterThan(0);
  const plotHeight = await plotCanvas.evaluate((c) => (c as HTMLCanvasElement).height);
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'PNG-Bild' }).click(),
  ]);
  const path = await png.path();
  const { readFileSync } = await import('node:fs');
  const base64 = readFileSync(path).toString('base64');
  const info = await page.evaluate(
    async ({ data, plotHeight }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      // Dark (text) pixels in the top 60 CSS px: the caption lines.
      const top = ctx.getImageData(
        0,
        0,
        img.width,
        Math.min(img.height, 60 * devicePixelRatio),
      ).data;
      let dark = 0;
      for (let i = 0; i < top.length; i += 4) if (top[i]! + top[i + 1]! + top[i + 2]! < 300) dark++;
      // The legend under the plot: each series' colour (its swatch) and dark text.
      // Below the header band (pngExport.ts: 12 + 18 + 4 · 13 … CSS px, 76 in all) and the plot.
      const s = Math.max(1, devicePixelRatio);
      const band =
        Math.round(12 * s) * 2 + Math.round(18 * s) + Math.round(13 * s) * 2 + Math.round(8 * s);
      const below = band + plotHeight;
      const foot =
        img.height > below ? ctx.getImageData(0, below, img.width, img.height - below).data : [];
      const swatch = (hex: string) => {
        const probe = document.createElement('canvas').getContext('2d')!;
        probe.fillStyle = hex;
        probe.fillRect(0, 0, 1, 1);
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
        let n = 0;
        for (let i = 0; i < foot.length; i += 4)
          if (
            Math.abs(foot[i]! - r!) < 8 &&
            Math.abs(foot[i + 1]! - g!) < 8 &&
            Math.abs(foot[i + 2]! - b!) < 8
          )
            n++;
        return n;
      };
      let footDark = 0;
      for (let i = 0; i < foot.length; i += 4)
        if (foot[i]! + foot[i + 1]! + foot[i + 2]! < 300) footDark++;
      const colors = [...document.querySelectorAll<HTMLElement>('.u-legend .u-series .u-marker')]
        .map((m) => getComputedStyle(m).borderColor)
        .filter((c) => c && c !== 'rgba(0, 0, 0, 0)');
      return { height: img.height, dark, footDark, swatches: colors.map(swatch), colors };
    },
    { data: base64, plotHeight },
  );
  expect(info.height).toBeGreaterThan(plotHeight + 40);
  expect(info.dark).toBeGreaterThan(200);
  expect(info.colors.length).toBeGreaterThan(0);
  for (const n of info.swatches) expect(n).toBeGreaterThan(20);
  expect(info.footDark).toBeGreaterThan(100);
});

test('SO5: a value unchanged for 10 minutes on a healthy link is not marked stale', async ({
  page,
}) => {
  // The page's clock runs 10 minutes ahead while the link (in the shared worker) stays up:
  // the last data then looks 10 minutes old, which alone must not make it stale.
  await page.clock.install();
  await signIn(page, 'operator', '/stations/1');
  const status = page.getByRole('banner').getByRole('status', { name: 'Verbindung' });
  await expect(status).toContainText('Verbunden');
  await page.clock.fastForward('10:00');
  await page.waitForTimeout(6000);
  await expect(status).toContainText('Verbunden');
  await expect(status).not.toContainText('Daten vor');
  await expect(page.locator('.conn-stale')).toHaveCount(0);
});

test('SO6: a wall monitor survives a shortened auto-logout, is marked, and is left by the exit control', async ({
  page,
  context,
}) => {
  // A 3 s auto-logout: without kiosk the countdown shows at once (auth.spec AL1).
  await page.addInitScript(() =>
    localStorage.setItem('pegel.autoLogout', JSON.stringify({ enabled: true, minutes: 0.05 })),
  );
  await signIn(page, 'operator', '/dashboard/1?kiosk=1');
  const marker = page.locator('[data-kiosk-marker]');
  await expect(marker).toHaveText('Wandmonitor');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  await page.waitForTimeout(8000);
  await expect(page.getByRole('dialog', { name: 'Sie werden gleich abgemeldet' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/1\?kiosk=1$/);

  // Kiosk is per tab and the same on every page: another page of this tab keeps it.
  await page.goto('/stations');
  await expect(marker).toBeVisible();
  const exit = page.getByRole('button', { name: 'Wandmonitor beenden' });
  await expect(exit).not.toBeInViewport();
  // The pointer brings the exit control; Escape brings and focuses it.
  await page.mouse.move(200, 200);
  await page.mouse.move(300, 300);
  await expect(exit).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(exit).toBeFocused();
  // Another tab of the same browser is not a wall monitor.
  const other = await context.newPage();
  await other.goto('/stations');
  await expect(other.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(other.locator('[data-kiosk-marker]')).toHaveCount(0);
  await other.close();

  await page.keyboard.press('Enter');
  await expect(marker).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
});

test('SO7: when a wall monitor session ends anyway, the sign-in says why and returns to the same dashboard', async ({
  page,
  context,
}) => {
  await signIn(page, 'operator', '/dashboard/1?kiosk=1');
  await expect(page.locator('[data-kiosk-marker]')).toBeVisible();
  await context.clearCookies();
  // The next call of the page (live engine, lease renewal) answers 401; a reload forces one.
  // That call may come first and send the page to the sign-in while the reload is under way.
  await page.reload().catch(() => undefined);
  await expect(page).toHaveURL(/\/login\?returnUrl=/);
  await expect(page.locator('[data-kiosk-ended]')).toContainText(
    'Die Sitzung dieses Wandmonitors wurde beendet',
  );
  await completeSignIn(page, 'operator');
  await expect(page).toHaveURL(/\/dashboard\/1(\?kiosk=1)?$/);
  await expect(page.locator('[data-kiosk-marker]')).toBeVisible();
});

test('SO8: a form with three errors shows all three on the first save; "1e3" is no number', async ({
  page,
}) => {
  await signIn(page, 'operator', '/actions/set-values?station=1');
  const start = page.getByLabel('Einschaltpunkt Pumpen: Neuer Wert');
  const stop = page.getByLabel('Ausschaltpunkt Pumpen: Neuer Wert');
  const speed = page.getByLabel('Sollwert Drehzahl: Neuer Wert');
  await start.fill('1e3');
  await stop.fill('999');
  await speed.fill('-5');
  await page.getByRole('button', { name: 'Werte setzen' }).click();
  await expect(page.locator('tr[data-pv="ao100001"] .field-error')).toBeVisible();
  await expect(page.locator('tr[data-pv="ao100002"] .field-error')).toContainText(
    'über dem Maximalwert',
  );
  await expect(page.locator('tr[data-pv="ao100003"] .field-error')).toContainText(
    'unter dem Minimalwert',
  );
  await expect(page.getByRole('alertdialog', { name: 'Befehl bestätigen' })).toHaveCount(0);
  // A point is not the decimal mark in German.
  await start.fill('2.5');
  await stop.fill('');
  await speed.fill('');
  await page.getByRole('button', { name: 'Werte setzen' }).click();
  await expect(page.locator('tr[data-pv="ao100001"] .field-error')).toBeVisible();
});

/** Time ticks: 24 h in de, cs, ru (no am/pm), the locale's convention in en. */
const TIME_TICK = {
  de: /^(\d{2}:\d{2}(:\d{2})?|\d{2}\.\d{2}\.(,? \d{2}:\d{2})?|\d{2}\.\d{2}\.\d{4})$/,
  cs: /^(\d{2}:\d{2}(:\d{2})?|\d{1,2}\. ?\d{1,2}\.(,? \d{2}:\d{2})?|\d{1,2}\. ?\d{1,2}\. ?\d{4})$/,
  ru: /^(\d{2}:\d{2}(:\d{2})?|\d{2}\.\d{2}(, \d{2}:\d{2})?|\d{2}\.\d{2}\.\d{4})$/,
  en: /^(\d{2}:\d{2}(:\d{2})? ?[AP]M|\d{2}\/\d{2}(, \d{2}:\d{2} ?[AP]M)?|\d{2}\/\d{2}\/\d{4})$/,
} satisfies Record<string, RegExp>;

// Every language on at least one chart type and every chart type in at least two languages, in
// one test: the tick formatter is one function per language, the chart types only pass it on.
const SO9_PLAN: [locale: keyof typeof TIME_TICK, paths: string[]][] = [
  ['de', ['/charts/22', '/trend/realtime?pv=AnaIn-100001', '/dashboard/1']],
  ['en', ['/charts/22', '/dashboard/1']],
  ['cs', ['/trend/realtime?pv=AnaIn-100001']],
  ['ru', ['/charts/22', '/trend/realtime?pv=AnaIn-100001']],
];

test('SO9: chart tick labels follow the language on every chart type', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'operator', '/charts/22');
  const checkTicks = async (host: Locator, locale: keyof typeof TIME_TICK) => {
    await expect.poll(async () => (await host.getAttribute('data-x-ticks')) ?? '').not.toBe('');
    const x = ((await host.getAttribute('data-x-ticks')) ?? '').split('|').filter(Boolean);
    expect(x.length).toBeGreaterThan(1);
    for (const label of x) expect(label, `${locale} x tick ${label}`).toMatch(TIME_TICK[locale]);
    const y = ((await host.getAttribute('data-y-ticks')) ?? '').split('|').filter(Boolean);
    expect(y.length).toBeGreaterThan(1);
    const decimal = locale === 'en' ? '.' : ',';
    const other = locale === 'en' ? ',' : '.';
    for (const label of y) {
      expect(label, `${locale} y tick ${label}`).toMatch(/^[−-]?[\d\s\u00a0.,]+$/);
      if (/[.,]\d{1,2}$/.test(label) && !/^\d{1,3}([.,\s\u00a0]\d{3})+$/.test(label))
        expect(label, `${locale} decimal mark of ${label}`).not.toContain(other);
    }
    // At least one label with a fraction shows the locale's decimal mark, if any has one.
    const fractional = y.filter((l) => /[.,]\d{1,2}$/.test(l) && l.length < 8);
    for (const l of fractional) expect(l).toContain(decimal);
  };
  for (const [locale, paths] of SO9_PLAN) {
    await page.evaluate((l) => localStorage.setItem('pegel.language', l), locale);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (path.startsWith('/dashboard')) {
        const tile = page.locator('[data-tile-type="Chart"] .chart-tile-plot').first();
        await tile.scrollIntoViewIfNeeded();
        await checkTicks(tile, locale);
      } else await checkTicks(page.locator('.chart-plot .uplot-host'), locale);
    }
  }
});

test('SO10: two similar long names stay distinguishable at 360 px, with the full name on hover; a tail without room ends in an ellipsis', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, 'operator', '/dashboard/1');
  // Tiles draw when they come into view.
  await page.getByRole('article', { name: 'Füllgrad aller Becken' }).scrollIntoViewIfNeeded();
  const cells = page.locator('.heat-name[title^="Regenüberlauf"]');
  await expect(cells).toHaveCount(2);
  const tails: string[] = [];
  for (const cell of await cells.all()) {
    const tail = cell.locator('.mid-tail');
    await expect(tail).toBeVisible();
    // The tail is drawn whole inside the name's box, not cut off.
    const [box, tailBox] = [await cell.boundingBox(), await tail.boundingBox()];
    expect(tailBox!.x + tailBox!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    tails.push((await tail.textContent())!);
    await expect(cell).toHaveAttribute('title', /^Regenüberlauf.{4,}/);
  }
  expect(tails[0]).not.toBe(tails[1]);

  // The same on the start page's station tiles.
  await page.goto('/');
  const tiles = page.locator('.status-tile-name .mid-text[title^="Regenüberlauf"]');
  await expect(tiles).toHaveCount(2);
  const tileTails = await tiles.locator('.mid-tail').allTextContents();
  expect(tileTails[0]).not.toBe(tileTails[1]);

  // Where even the tail has no room (a PV row at 320 px), it ends in an ellipsis inside the
  // name's box instead of running out of it and being cut mid-letter.
  await page.setViewportSize({ width: 320, height: 780 });
  await page.goto('/stations/2');
  await expect(page.locator('.pv-row .mid-tail').first()).toBeVisible();
  const outside = await page.locator('.pv-row .mid-text').evaluateAll((names) =>
    names
      .map((name) => {
        const tail = name.querySelector('.mid-tail');
        if (!tail) return null;
        const [box, tailBox] = [name.getBoundingClientRect(), tail.getBoundingClientRect()];
        return tailBox.right > box.right + 0.5 ? name.getAttribute('title') : null;
      })
      .filter((title) => title !== null),
  );
  expect(outside).toEqual([]);
});

test('SO11: a limit change on the station page goes through the confirm step with old → new; Abbrechen sends nothing', async ({
  page,
  plant,
}) => {
  const pv = { type: 'AnaIn', nr: 100001 } as const;
  const api = await signInHttp(plant.url, 'operator');
  const limitsNow = () => json<PvLimitConfig[]>(api, ACTION_EXTRA_API.limitConfigs, [pv]);
  const original = await limitsNow();
  const top = original.find((l) => l.pvLimitRef.limitType === 'Top')!;
  const delay = String(top.delayTime === 42 ? 43 : 42);
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signIn(page, 'operator', '/stations/1');
    await page.getByRole('button', { name: 'AE', exact: true }).click();
    await page
      .locator('[data-pv="AnaIn-100001"]')
      .getByRole('button', { name: /^Aktionen für / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Grenzwerte: Füllstand Rohwasserbehälter' });
    await dialog.getByLabel('Oberer Grenzwert: Verzögerung (s)').fill(delay);
    await dialog.getByLabel('Oberer Grenzwert: Priorität (0–9)').fill(String(top.priority));
    const save = async () => {
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      const step = page.getByRole('alertdialog', {
        name: 'Grenzwerte ändern: Füllstand Rohwasserbehälter',
      });
      await expect(step).toBeVisible();
      // Only what changed is listed: the one delay, old → new, with the station.
      const change = step.locator('[data-command-change]');
      await expect(change).toHaveCount(1);
      await expect(change).toContainText('Oberer Grenzwert: Verzögerung (s)');
      await expect(change.locator('.command-confirm-from')).toHaveText(String(top.delayTime));
      await expect(change.locator('.command-confirm-to')).toHaveText(delay);
      await expect(step).toContainText('Station 1 ');
      await expect(step.getByRole('button', { name: 'Senden' })).toBeFocused();
      return step;
    };

    const first = await save();
    await page.screenshot({ path: test.info().outputPath('limit-confirm-de-1920.png') });
    await first.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(first).toBeHidden();
    await expect(dialog.getByLabel('Oberer Grenzwert: Verzögerung (s)')).toHaveValue(delay);
    const untouched = (await limitsNow()).find((l) => l.pvLimitRef.limitType === 'Top')!;
    expect(untouched.delayTime).toBe(top.delayTime);

    const second = await save();
    await page.keyboard.press('Enter');
    await expect(second).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect
      .poll(
        async () => (await limitsNow()).find((l) => l.pvLimitRef.limitType === 'Top')!.delayTime,
      )
      .toBe(Number(delay));

    // In Russian at 360 px the step reads the same way (looked at as a screenshot).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.evaluate((key) => localStorage.setItem(key, 'ru'), LANGUAGE_STORAGE_KEY);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.getByRole('button', { name: 'АВх', exact: true }).click();
    await page.locator('[data-pv="AnaIn-100001"]').getByRole('button').first().click();
    const ru = page.getByRole('dialog', { name: /^Пределы: / });
    await ru.locator('input[name="Top.delayTime"]').fill(String(top.delayTime));
    await ru.getByRole('button', { name: 'Сохранить' }).click();
    const step = page.getByRole('alertdialog', { name: /^Изменить пределы: / });
    await expect(step.locator('.command-confirm-to')).toHaveText(String(top.delayTime));
    await page.screenshot({ path: test.info().outputPath('limit-confirm-ru-360.png') });
    await step.getByRole('button', { name: 'Отмена' }).click();
  } finally {
    await restoreLimits(api, pv, original);
  }
});
