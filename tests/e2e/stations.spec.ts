/** Stations overview and dial actions (SPEC §2 "Station dial", §4 "Dial actions", §8). */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';
import { STATION_AGE_GRACE_MS } from '../../src/contract/station.ts';

/**
 * The row of a dial-up station that is idle now (its state NotConnected, its Verbinden button
 * shown), found once and then held by its number: the first or the last of them.
 */
async function idleStationRow(page: Page, which: 'first' | 'last') {
  const idle = page
    .locator('tr[data-station]')
    .filter({ has: page.locator('[data-dial-state="NotConnected"]') })
    .filter({ has: page.getByRole('button', { name: 'Verbinden' }) });
  const nr = await (which === 'first' ? idle.first() : idle.last()).getAttribute('data-station');
  return page.locator(`tr[data-station="${nr}"]`);
}

test('ST1: connecting a dial-up station shows Connecting at once, then the real dial state', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations');
  // Dial-up stations also call in by themselves: take one that is idle now.
  const row = await idleStationRow(page, 'first');
  await row.getByRole('button', { name: 'Verbinden' }).click();
  await expect(row.locator('[data-dial-state]')).toHaveAttribute('data-dial-state', 'Connecting');
  // The modem answers within seconds; like a real one it is sometimes busy or times out.
  await expect(row.locator('[data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    /^(Connected|Busy|TimeOut)$/,
    { timeout: 20_000 },
  );
});

test('ST2: a viewer may not dial and is told which station was refused', async ({ page }) => {
  await signIn(page, 'viewer', '/stations');
  // A station that is idle now, the last of them: the plant is shared by this file's tests,
  // and ST1 has just dialled the first idle one (a station is only ever connected by a dial).
  const row = await idleStationRow(page, 'last');
  const name = (await row.getByRole('link').first().textContent())!;
  expect(name).not.toBe('');
  // By keyboard: the rows above grow when their alarm marks arrive, and a pointer click aimed
  // before that lands beside the button.
  await row.getByRole('button', { name: 'Verbinden' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Aktion konnte nicht durchgeführt werden' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Keine Berechtigung für')).toBeVisible();
  await expect(dialog.getByText(name)).toBeVisible();
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-dial-state]')).toHaveAttribute('data-dial-state', 'NotConnected');
});

test('ST3: a station page lists its PVs with units, and every value kind reads as text', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations/1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rohwasserpumpwerk Talaue');
  const level = page.locator('[data-pv="AnaIn-100001"] .pv-value');
  await expect(level).toHaveText(/^\d+,\d+ m$/);
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.locator('[data-pv^="DigiIn-"] .pv-value').first()).toHaveText(/\S/);
  await expect(page.locator('[data-pv^="AnaIn-"]')).toHaveCount(0);
});

test('ST4: the start page shows every station with its live connection state', async ({ page }) => {
  await signIn(page, 'operator', '/');
  const board = page.getByRole('region', { name: 'Anlagenzustand' });
  await expect(board.locator('[data-station]')).toHaveCount(12);
  await expect(board.locator('[data-station="1"] [data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    'Connected',
  );
  // Dial-up stations move by themselves (and ST1 dials station 4): any real state will do.
  await expect(board.locator('[data-station="12"] [data-dial-state]')).toHaveAttribute(
    'data-dial-state',
    /^(NotConnected|Connected|HangingUp|Busy|TimeOut|CommunicationError)$/,
  );
  await board.locator('[data-station="4"] a').click();
  await expect(page).toHaveURL(/\/stations\/4$/);
});

/**
 * The widest age of each language (formatAge's forms from seconds to days): it must fit its
 * box wherever the list is shown, since the box clips what does not.
 */
const LONGEST_AGE = {
  cs: ['před 22 sekundami', 'před 59 minutami', 'před 23 hodinami', 'před 365 dny'],
  ru: ['22 секунды назад', '59 минут назад', '23 часа назад', '365 дней назад'],
} as const;

test('ST5: a PV age ticks in a box of its own (size, layout and paint contained) that its text never resizes, and the longest Czech and Russian ages fit it', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations/1');
  for (const lang of ['cs', 'ru'] as const) {
    await page.evaluate(
      ([key, language]) => localStorage.setItem(key!, language!),
      [LANGUAGE_STORAGE_KEY, lang],
    );
    for (const width of [1920, 1024, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/stations/1');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const age = page.locator('.pv-scroll .pv-row .pv-age-text').first();
      await expect(age).toHaveText(/\d/);
      // A new text lays out and repaints this box alone: its size does not follow the text.
      expect(await age.evaluate((el) => getComputedStyle(el).contain)).toBe('strict');
      // Written as the clock writes it (the text node's data, not waiting for the clock: past a
      // minute it changes only once a minute), a short or a long form leaves the box as it is.
      const boxes = await age.evaluate(
        (el, texts) => {
          const node = el.firstChild!;
          const shown = node.textContent;
          const sizes = texts.map((text) => {
            node.textContent = text;
            const r = el.getBoundingClientRect();
            return `${r.left},${r.top},${r.width}×${r.height}`;
          });
          node.textContent = shown;
          return sizes;
        },
        ['1', ...LONGEST_AGE[lang]],
      );
      expect(new Set(boxes).size, boxes.join(' | ')).toBe(1);
      // Each form, written where the clock writes it, fits without being cut (WCAG 1.4.4,
      // 1.4.10): its text's line boxes lie inside the box, which clips (paint containment).
      const cutOf = (forms: readonly string[]) =>
        age.evaluate((el, texts) => {
          const shown = el.textContent;
          const box = el.getBoundingClientRect();
          const out: string[] = [];
          for (const text of texts) {
            el.textContent = text;
            const range = document.createRange();
            range.selectNodeContents(el);
            const r = range.getBoundingClientRect();
            if (
              r.left < box.left - 0.5 ||
              r.right > box.right + 0.5 ||
              r.top < box.top - 0.5 ||
              r.bottom > box.bottom + 0.5
            )
              out.push(`${text}: ${r.width}×${r.height} in ${box.width}×${box.height}`);
          }
          el.textContent = shown;
          return out;
        }, forms);
      expect(await cutOf(LONGEST_AGE[lang]), `${lang} at ${width} px`).toEqual([]);
      // The measure sees a cut: a text that cannot fit is reported.
      expect(await cutOf(['Ж'.repeat(60)])).toHaveLength(1);
    }
  }
});

interface HidingWindow {
  /**
   * Tells the page it is hidden or visible again, as a browser does when its tab goes behind
   * another (headless Chromium never hides a tab).
   */
  setPageHidden?: (hidden: boolean) => void;
}

test('ST7: a station page shown again after a while hidden shows its connected station as just now in its first frame, not the age of the time stamp it kept while hidden', async ({
  page,
}) => {
  await signIn(page, 'operator', '/stations/1');
  const age = page.locator('.station-facts .station-age');
  await expect(age).toHaveText('jetzt');
  // Hidden, the tab gets no frames from the engine (FR4): the station's time stamp it holds
  // grows old while the station goes on sending.
  const hiddenAt = await page.evaluate(() => {
    const w = window as HidingWindow;
    w.setPageHidden = (hidden) => {
      if (hidden) {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => 'hidden',
        });
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      } else {
        delete (document as { visibilityState?: unknown }).visibilityState;
        delete (document as { hidden?: unknown }).hidden;
      }
      document.dispatchEvent(new Event('visibilitychange'));
    };
    w.setPageHidden(true);
    return Date.now();
  });
  // Past the grace of just now (the time stamp kept may be most of it old already).
  await expect
    .poll(() => page.evaluate(() => Date.now()), { timeout: 20_000 })
    .toBeGreaterThan(hiddenAt + STATION_AGE_GRACE_MS + 500);
  // Shown again: what the age reads in the task that shows the page, so in its first frame.
  // (Until the engine's full frame; should that take more than 0.9 s, the kept time stamp is
  // written after all: that wait is not asserted here, the machine may be busy.)
  const first = await page.evaluate(() => {
    (window as HidingWindow).setPageHidden?.(false);
    return document.querySelector('.station-facts .station-age')?.textContent;
  });
  expect(first).toBe('jetzt');
  await expect(age).toHaveText('jetzt');
});
