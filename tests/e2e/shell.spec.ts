/**
 * The application shell (SPEC §2): navigation at phone and wall-monitor widths, kiosk mode,
 * the reload fallback when a page or component cannot be displayed (SPEC §8), the
 * page-not-found view, and the load states of About (SPEC §2, §9: message after 2 s).
 */
import { test, expect } from './fixtures.ts';
import { WCAG21_AA, axeViolations, wcag21Violations } from './axe.ts';
import { signIn } from './auth.ts';
import { API } from '../../src/contract/paths.ts';
import { EARLY_PATHS } from '../../src/api/earlyRequests.ts';

test.beforeEach(async ({ page }) => {
  await signIn(page, 'operator', null);
});

const FALLBACK = 'Seite oder Komponente kann nicht angezeigt werden';

test('SH1: an unknown address shows the page-not-found view with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page.getByText('/no/such/page')).toBeVisible();
  await page.getByRole('link', { name: 'Zur Übersicht', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Übersicht', level: 1 })).toBeVisible();
});

test('SH2: a page that throws shows the reload fallback inside the shell', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/diagnostics/error-boundary');
  const fallback = page.getByRole('alert');
  await expect(fallback.getByRole('heading', { name: FALLBACK })).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  // The shell survives: navigation still works and leaves the broken page behind.
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  await expect(page.getByText(FALLBACK)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('SH2: the reload option reloads the page', async ({ page }) => {
  await page.goto('/diagnostics/error-boundary');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('button', { name: 'Seite neu laden' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { marker?: number }).marker))
    .toBeUndefined();
  await expect(page.getByRole('heading', { name: FALLBACK })).toBeVisible();
});

test('SH3: a broken component shows the fallback in its place; the rest stays', async ({
  page,
}) => {
  await page.goto('/diagnostics/error-boundary?part=component');
  await expect(page.getByRole('heading', { name: 'Diagnose: Fehleranzeige' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funktionierender Bereich' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('heading', { name: FALLBACK })).toBeVisible();
});

test('SH4: at 1920 px the side navigation is always shown and marks the current area', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Navigation öffnen' })).toBeHidden();
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav).toBeVisible();
  // Plain links followed in the app by the navigation's handler: the page is not loaded again.
  type Marked = Window & { __samePage?: boolean };
  await page.evaluate(() => ((window as Marked).__samePage = true));
  await nav.getByRole('link', { name: 'Hilfe und Support' }).click();
  await expect(page).toHaveURL(/\/help$/);
  expect(await page.evaluate(() => (window as Marked).__samePage)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Hilfe und Support', level: 1 })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Hilfe und Support' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page).toHaveTitle('Hilfe und Support – Pegel');
  // Keyboard users continue on the new page.
  await expect(page.getByRole('main')).toBeFocused();
  await nav.getByRole('link', { name: 'Über diese Anlage' }).click();
  await expect(page.getByRole('heading', { name: 'Über diese Anlage', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Über diese Anlage – Pegel');
});

test('SH5: at 360 px the navigation is a drawer that opens, navigates and closes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
  const open = page.getByRole('button', { name: 'Navigation öffnen' });
  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Hauptnavigation' });
  await expect(drawer).toBeVisible();
  // Escape closes it and returns focus to the menu button.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await drawer.getByRole('link', { name: 'Einstellungen' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('SH6: ?kiosk=1 hides the navigation for wall monitors until ?kiosk=0', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/about?kiosk=1');
  await expect(page.getByRole('heading', { name: 'Über diese Anlage', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Benutzer' })).toHaveCount(0);
  await page.goto('/help');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await page.goto('/help?kiosk=0');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
});

test('SH7: the header and About show the plant from the server', async ({ page }) => {
  // Wide enough for the name beside the alarm banner and the remote alarms waiting: at
  // 1280 px with both in the header the name gives way (SH7b).
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('/about');
  const banner = page.getByRole('banner').first();
  await expect(banner.getByText('Zweckverband Wasserversorgung Talaue')).toBeVisible();
  await expect(banner.getByRole('status')).toContainText('Verbindung:');
  const plant = page.getByRole('region', { name: 'Anlage' });
  await expect(plant.getByText('Stadtwerke Talaue GmbH')).toBeVisible();
  await expect(page.getByRole('link', { name: 'leitwarte@example.org' })).toHaveAttribute(
    'href',
    'mailto:leitwarte@example.org',
  );
  await expect(page.getByText('25 gleichzeitig angemeldete Benutzer')).toBeVisible();
});

test('SH7b: on a phone the plant name shows a readable part of itself or goes, never a letter and an ellipsis', async ({
  page,
}) => {
  const name = page.locator('.plant-name-text');
  for (const width of [320, 360, 480, 1920]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('status')).toBeVisible();
    const shown = await name.evaluate((el) =>
      getComputedStyle(el).display === 'none' ? 0 : el.getBoundingClientRect().width,
    );
    // Either gone, or room for several letters (the slot's container rule hides it under 5rem).
    if (shown > 0) expect(shown, `plant name at ${width} px`).toBeGreaterThanOrEqual(80);
    if (width === 1920) {
      await expect(name).toHaveText('Zweckverband Wasserversorgung Talaue');
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  }
});

test('SH8: About says the data could not be loaded and loads it on retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/SystemConfig/system-settings', (route) =>
    fail ? route.fulfill({ status: 503, body: '{}' }) : route.fallback(),
  );
  await page.goto('/about');
  await expect(page.getByText('Die Daten konnten nicht geladen werden.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByText('Stadtwerke Talaue GmbH')).toBeVisible();
});

test('SH9: a load without an answer shows the spinner, then after 2 s the failure message', async ({
  page,
}) => {
  let hang = true;
  await page.route('**/api/SystemConfig/system-settings', async (route) => {
    if (!hang) return route.fallback();
    // Never answered while hanging: the page must give up waiting after 2 s (SPEC §9).
    await new Promise(() => {});
  });
  await page.goto('/about');
  await expect(
    page.getByRole('status').filter({ hasText: 'Anlagendaten werden geladen' }),
  ).toBeVisible();
  await expect(page.getByText('Die Daten konnten nicht geladen werden.')).toBeVisible({
    timeout: 5000,
  });
  hang = false;
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByText('Stadtwerke Talaue GmbH')).toBeVisible();
});

test('SH10: the theme choice applies at once and is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('radio', { name: 'Dunkel' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Dunkel' })).toBeChecked();
  await page.getByRole('radio', { name: 'System' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('SH10b: the remembered language is fetched with the first modules, not after them', async ({
  page,
}) => {
  await page.goto('/');
  // The page renders after its language arrived: no German request is still to come.
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('pegel.language', 'cs'));
  const localeRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(de|en|cs|ru)-[^/]+\.json$/.test(r.url())) localeRequests.push(r.url());
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  // The page's first script preloads the Czech file; German is never fetched first.
  await expect(
    page.locator('link[rel="preload"][as="fetch"][href*="/assets/cs-shell-"]'),
  ).toHaveCount(1);
  expect(localeRequests[0]).toMatch(/\/assets\/cs-/);
});

test('SH10c: the session and the priorities are asked for beside the first modules, once, and the page renders with them', async ({
  page,
}) => {
  const sessionPaths: string[] = [...EARLY_PATHS];
  expect(sessionPaths).toEqual(
    expect.arrayContaining([API.user.info, API.user.rights, API.system.priorities]),
  );
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (sessionPaths.includes(path)) asked.push(path);
  });
  // The main module is held until all these requests went out: were they started by the
  // app's modules (after their compile and evaluation), the page would never render.
  let bothAsked = (): void => undefined;
  const sessionAsked = new Promise<void>((resolve) => (bothAsked = resolve));
  page.on('request', () => {
    if (sessionPaths.every((p) => asked.includes(p))) bothAsked();
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await sessionAsked;
    await route.continue();
  });
  await page.goto('/alerts');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Benutzer' })).toBeVisible();
  await expect(page.locator('main h1')).toBeVisible();
  // The app took the answers the page's first script asked for instead of asking again.
  expect(asked.sort()).toEqual([...sessionPaths].sort());
});

test("SH10d: the page's first script makes the first number and date formatters, in the remembered language, and opens sessionStorage, before the main module runs", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('pegel.language', 'cs'));
  // Every Intl formatter the tab makes, with its language, from before the page's first script.
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as Window & { __intlMade?: string[] }).__intlMade = made;
    const watch = <T extends object>(name: string, constructor: T): T =>
      new Proxy(constructor, {
        construct(target, args: unknown[]) {
          made.push(`${name} ${String(args[0])}`);
          return Reflect.construct(target as new (...a: unknown[]) => object, args);
        },
      });
    Intl.NumberFormat = watch('NumberFormat', Intl.NumberFormat);
    Intl.DateTimeFormat = watch('DateTimeFormat', Intl.DateTimeFormat);
    // The tab's first look into sessionStorage (the kiosk flag's, else).
    const owner = Object.getOwnPropertyDescriptor(window, 'sessionStorage')
      ? window
      : Window.prototype;
    const storage = Object.getOwnPropertyDescriptor(owner, 'sessionStorage')!;
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get() {
        if (!made.includes('sessionStorage')) made.push('sessionStorage');
        return storage.get!.call(window) as Storage;
      },
    });
  });
  // The main module is held until both formatters were made: were they first made by the
  // app's render, the page would never render.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __intlMade?: string[] }).__intlMade))
      .toEqual(expect.arrayContaining(['NumberFormat cs', 'DateTimeFormat cs', 'sessionStorage']));
    await route.continue();
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page.locator('main h1')).toBeVisible();
});

test("SH10e: the page's chunks, style sheets and texts in the remembered language are asked for beside the first modules, for the route that matches best", async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('pegel.language', 'ru'));
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  // The main module is held until the page's own chunk and its Russian alert texts were asked
  // for: were they asked by App.tsx (after the main module ran), the page would never render.
  let pageAsked = (): void => undefined;
  const pageFiles = new Promise<void>((resolve) => (pageAsked = resolve));
  page.on('request', () => {
    if (
      asked.some((p) => /\/assets\/AlertsPage-[\w-]+\.js$/.test(p)) &&
      asked.some((p) => /\/assets\/ru-alerts-[\w-]+\.json$/.test(p))
    )
      pageAsked();
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await pageFiles;
    await route.continue();
  });
  // A trailing slash is the same address (tests/unit/build/routePreloads.test.ts: the rest).
  await page.goto('/alerts/archive/');
  await expect(page.locator('main h1')).toBeVisible();
  const links = page.locator(
    'link[rel="modulepreload"], link[rel="preload"][as="style"], link[rel="preload"][as="fetch"]',
  );
  const hrefs = await links.evaluateAll((ls) => ls.map((l) => (l as HTMLLinkElement).href));
  // The texts as a fetch of their JSON file (src/app/i18n.ts), not a module.
  expect(hrefs.some((h) => /\/ru-alerts-[\w-]+\.json$/.test(h))).toBe(true);
  expect(hrefs.some((h) => /\/de-alerts-/.test(h))).toBe(false);
  expect(hrefs.some((h) => /\.css$/.test(h))).toBe(true);
  // Each file once: the app's own loader took the preloaded files instead of asking again.
  const scripts = asked.filter((p) => /\/assets\/.+\.(js|css|json)$/.test(p));
  expect(scripts.length).toBe(new Set(scripts).size);
  expect(warnings).toEqual([]);
});

test('SH11: the user menu opens by keyboard and leads to the settings', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const button = page.getByRole('button', { name: 'Benutzer' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Benutzer' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Einstellungen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await menu.getByRole('menuitem', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test('SH12: the password change is reached from the user menu and from the settings', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Benutzer' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/\/settings\/password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort ändern');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/\/settings\/password$/);
});

test.describe('UI kit (/diagnostics/ui)', () => {
  test('UI1: a dialog is modal, closes with Escape and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/diagnostics/ui');
    const opener = page.getByRole('button', { name: 'Dialog öffnen' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Dialog öffnen' });
    await expect(dialog).toBeVisible();
    // SPEC §2, §9: spinner first, 'could not be loaded' after 2 s without data.
    await expect(dialog.getByText('Wird geladen …')).toBeVisible();
    await expect(dialog.getByText('Die Daten konnten nicht geladen werden.')).toBeVisible({
      timeout: 5000,
    });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('UI2: at 360 px a dialog fills the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/diagnostics/ui');
    await page.getByRole('button', { name: 'Dialog öffnen' }).click();
    const box = await page.getByRole('dialog', { name: 'Dialog öffnen' }).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
  });

  test('UI3: a confirmation focuses Cancel first, so Enter never confirms by accident', async ({
    page,
  }) => {
    await page.goto('/diagnostics/ui');
    await page.getByRole('button', { name: 'Zurücksetzen' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Zurücksetzen' });
    await expect(
      dialog.getByText('Sollen die Zähler wirklich zurückgesetzt werden?'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });

  test('UI4: the info tooltip appears on hover and focus and goes on leave', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/diagnostics/ui');
    const trigger = page.getByRole('button', { name: 'Hinweis' });
    const tip = page.getByRole('tooltip');
    await expect(tip).toBeHidden();
    await trigger.hover();
    await expect(tip).toHaveText('Der Hinweis erscheint beim Überfahren und bei Fokus.');
    await expect(trigger).toHaveAccessibleDescription(
      'Der Hinweis erscheint beim Überfahren und bei Fokus.',
    );
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    await trigger.focus();
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
  });

  test('UI5: a field announces its help and its validation error', async ({ page }) => {
    await page.goto('/diagnostics/ui');
    const input = page.getByRole('textbox', { name: 'Verzögerungszeit' });
    await expect(input).toHaveAccessibleDescription('0 bis 65535 Sekunden');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await input.fill('70000');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Bitte eine ganze Zahl von 0 bis 65535 eingeben. 0 bis 65535 Sekunden',
    );
  });

  test('UI6: quality marks carry the SPEC §3 classes; Unspecified shows none', async ({ page }) => {
    await page.goto('/diagnostics/ui');
    await expect(page.locator('.quality-mark.qualitygood')).toHaveCount(1);
    await expect(page.locator('.quality-mark.qualityuncertain')).toHaveCount(1);
    await expect(page.locator('.quality-mark.qualitybad')).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Qualität schlecht' })).toBeVisible();
  });

  test('SH12: the connection status shows the age of stale data', async ({ page }) => {
    await page.goto('/diagnostics/ui');
    await expect(page.getByText('Daten vor 3 Minuten').first()).toBeVisible();
    // The sample in the UI kit, not the header's real status (which may also be faulted).
    const sample = page.getByRole('region', { name: 'StatusBadge · QualityMark' });
    await expect(sample.getByRole('status').filter({ hasText: 'Nicht verbunden' })).toContainText(
      'Daten vor 3 Minuten',
    );
  });
});

/** DESIGN.md "Accessibility": pages, dialogs and menus pass axe (WCAG 2.1 A and AA). */
// In light, the shell's own pages are part of the A11Y1 sweep (a11y.spec.ts); here only what
// it does not visit. Dark is checked nowhere else.
const SHELL_PAGES = {
  light: ['/diagnostics/ui', '/nowhere'],
  dark: ['/', '/settings', '/about', '/help', '/diagnostics/ui', '/nowhere'],
} as const;

// One test a page, run in parallel: on the two-core CI machine six scans in one test took
// longer than a test's minute, and in parallel they spread over the workers.
test.describe('SH13: shell pages pass axe checks', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const theme of ['light', 'dark'] as const) {
    for (const path of SHELL_PAGES[theme]) {
      test(`${path} (${theme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await wcag21Violations(page), path).toEqual([]);
      });
    }
  }
});

test('SH13: the scan finds what it looks for: a nameless button planted in the page', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.locator('h1')).toBeVisible();
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.className = 'planted';
    document.querySelector('main')!.append(button);
  });
  expect(await wcag21Violations(page)).toEqual(['button-name: .planted']);
  expect(await axeViolations(page, { tags: WCAG21_AA, exclude: ['.planted'] })).toEqual([]);
});

test('SH13: the open drawer, user menu and dialog pass axe checks', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Navigation öffnen' }).click();
  await expect(page.getByRole('dialog', { name: 'Hauptnavigation' })).toBeVisible();
  expect(await wcag21Violations(page), 'drawer').toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Benutzer' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await wcag21Violations(page), 'user menu').toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/diagnostics/ui');
  await page.getByRole('button', { name: 'Dialog öffnen' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await wcag21Violations(page), 'dialog').toEqual([]);
});
