/**
 * WCAG 2.2 AA on every page of the app (issue "Reliability and security" item 4): axe with the
 * wcag2a, wcag2aa, wcag21aa, wcag22aa and best-practice tags, in German and Russian, at 1920
 * and 360 px — rule A11Y1. The list of pages follows the routes of src/app/routes.tsx.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { signIn } from './auth.ts';
import { axeViolations, WCAG22_AA } from './axe.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/app/languageKey.ts';

const PAGES: [path: string, ready: string][] = [
  ['/', 'main h1'],
  ['/stations', 'main h1'],
  ['/stations/2', '.pv-row:not(.pv-head)'],
  ['/dashboard/1', '.tile'],
  ['/process-images', 'main h1'],
  ['/process-images/wasserwerk-talaue', '.pi-host svg'],
  ['/charts', 'main h1'],
  ['/charts/annotations', 'main h1'],
  ['/trend/realtime?pv=AnaIn-200001', '.uplot-host canvas'],
  ['/alerts', '.alerts-page'],
  ['/alerts/archive', '.alerts-page'],
  ['/events/system', 'main h1'],
  ['/events/control', 'main h1'],
  ['/actions', 'main h1'],
  ['/actions/set-values', 'main h1'],
  ['/actions/counters', 'main h1'],
  ['/webcams', 'main h1'],
  ['/remote-alarm/plans', '.plan-card'],
  ['/remote-alarm/plans/confirm', 'main h1'],
  ['/remote-alarm/numbers', '.callnumber'],
  ['/remote-alarm/numbers/edit', '.callnumber-edit'],
  ['/energy', '.energy-card .energy-rest'],
  ['/energy/2', '.energy-facts'],
  // A zone's state, or its stale note while its dial-up station is not connected (the
  // simulated stations come and go: all four zones may be stale at a given moment).
  ['/leakage', '.leak-table .leak-state, .leak-table .stale-note'],
  ['/leakage/1', '.leak-trend svg'],
  ['/settings', 'main h1'],
  ['/settings/password', 'main h1'],
  ['/about', 'main h1'],
  ['/help', 'main h1'],
];

const violations = (page: Page) =>
  axeViolations(page, {
    tags: [...WCAG22_AA, 'best-practice'],
    // Label in name (WCAG 2.5.3): axe files the rule as experimental, so no tag selects it;
    // a rule enabled by name runs beside the tagged ones, in the same pass.
    rules: { 'label-content-name-mismatch': { enabled: true } },
    exclude: [
      // The process image is the plant's own drawing (its colours are the plant's); it is
      // checked for names and roles by the process-image tests.
      '.pi-host svg',
      // A Browser tile shows another web page (here the plant's manual, itself Pegel).
      '.tile iframe',
    ],
  });

// Russian on the phone covers every page: the longest words in the narrowest layout. German on
// the wall covers the pages whose wide layout differs in more than its width (grids of tiles,
// drawings, plots, wide tables); the rest lay out as one column at both widths. The rules axe
// checks (names, roles, contrast) do not depend on the language. The file runs in parallel, so
// its groups spread over the workers instead of queuing in one.
test.describe.configure({ mode: 'parallel' });
const WIDE = new Set([
  '/',
  '/stations/2',
  '/dashboard/1',
  '/process-images/wasserwerk-talaue',
  '/trend/realtime?pv=AnaIn-200001',
  '/alerts',
  '/alerts/archive',
  '/remote-alarm/numbers/edit',
  '/energy',
  '/leakage',
]);
const WIDE_PAGES = PAGES.filter(([path]) => WIDE.has(path));
if (WIDE_PAGES.length !== WIDE.size) throw new Error('a WIDE page is not in PAGES');
const GROUP = 8;
for (const [lang, width, list] of [
  ['de', 1920, WIDE_PAGES],
  ['ru', 360, PAGES],
] as const) {
  for (let first = 0; first < list.length; first += GROUP) {
    const pages = list.slice(first, first + GROUP);
    test(`A11Y1: ${pages[0]![0]} … ${pages.at(-1)![0]} are axe-clean at WCAG 2.2 AA in ${lang} at ${width} px`, async ({
      page,
    }) => {
      // A group of pages, each scanned by axe: 1.8 min seen on a slow day of the two-core machine.
      test.setTimeout(240_000);
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [LANGUAGE_STORAGE_KEY, lang],
      );
      await page.setViewportSize({ width, height: width < 600 ? 780 : 1080 });
      await signIn(page, 'operator', '/');
      const found: string[] = [];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await expect(page.locator(ready).first()).toBeVisible();
        await page.waitForTimeout(300);
        for (const v of await violations(page)) found.push(`${path} ${v}`);
      }
      expect(found).toEqual([]);
    });
  }
}
