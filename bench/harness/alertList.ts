/**
 * What the two alert list traces (bench/alert-idle-trace.ts, bench/alert-row-trace.ts) share:
 * a plant whose only motion is an alert flood, and a Chromium page on /alerts as an operator
 * sees it, newest first, with the pointer parked off the rows. The trace browser and the
 * operator's context and the counters' window serve bench/dense-trace.ts too.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { signInHttp } from '../../tests/support/login.ts';
import { cookiesForBrowser } from './cookies.ts';
import { openMetricsSession } from './pageProbes.ts';

/** The server's env: `perSec` new alerts a second, no stations, values or failures. */
export function alertFloodEnv(perSec: number): Record<string, string> {
  return {
    PEGEL_LOAD_STATIONS: '0',
    PEGEL_LOAD_PVS_PER_STATION: '0',
    PEGEL_LOAD_UPDATES_PER_SEC: '0',
    PEGEL_RATE_HEAVY_PER_MIN: '0',
    PEGEL_ALERT_FLOOD_PER_SEC: String(perSec),
    PEGEL_PLANT_FAILURES_PER_PUMP_HOUR: '0',
  };
}

/**
 * Chromium for the trace tools. `PEGEL_TRACE_JS_FLAGS` passes V8 flags: `--no-turbo-inlining`
 * names in a profile the functions that optimized code inlines into their callers.
 */
export function launchTraceBrowser(): Promise<Browser> {
  const jsFlags = process.env.PEGEL_TRACE_JS_FLAGS;
  return chromium.launch({
    executablePath: process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  });
}

/** A browser context at 1920 × 1080 with the operator signed in on `serverUrl`. */
export async function operatorContext(
  browser: Browser,
  serverUrl: string,
): Promise<BrowserContext> {
  const session = await signInHttp(serverUrl, 'operator');
  const context = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    baseURL: serverUrl,
  });
  await context.addCookies(cookiesForBrowser(session.cookie, serverUrl));
  return context;
}

export interface AlertListPage {
  context: BrowserContext;
  page: Page;
  /** The list's aria-rowcount: how many alerts it holds. */
  rowCount(): Promise<number>;
}

/**
 * Signs the operator in and opens /alerts at 1920 × 1080, sorted newest first; `css` is added
 * before the pointer is parked, then the page settles for `settleMs`. `initScript` runs in the
 * page before its own scripts.
 */
export async function openAlertList(
  browser: Browser,
  serverUrl: string,
  options: { css?: string; settleMs: number; initScript?: string },
): Promise<AlertListPage> {
  const context = await operatorContext(browser, serverUrl);
  if (options.initScript) await context.addInitScript(options.initScript);
  const page = await context.newPage();
  await page.goto('/alerts');
  await page.locator('.alert-row[data-index="0"]').waitFor({ timeout: 30_000 });
  const time = page.locator('.alert-head [role="columnheader"].col-time');
  await time.locator('button').click();
  await time.and(page.locator('[aria-sort="descending"]')).waitFor();
  if (options.css) await page.addStyleTag({ content: options.css });
  await page.mouse.move(5, 1070);
  await page.waitForTimeout(options.settleMs);
  const rowCount = () =>
    page.evaluate(() =>
      Number(document.querySelector('.alert-table')?.getAttribute('aria-rowcount')),
    );
  return { context, page, rowCount };
}

/** How much a page's main-thread counters (CDP Performance metrics) grew over a window. */
export interface MetricsWindow {
  /** The window's length in seconds. */
  secs: number;
  /** How much the page's main-thread counter `name` grew. */
  d(name: string): number;
}

/** Reads the page's main-thread counters over `seconds`. */
export async function metricsWindow(page: Page, seconds: number): Promise<MetricsWindow> {
  const perf = await openMetricsSession(page);
  const m0 = await perf.read();
  const t0 = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const secs = (Date.now() - t0) / 1000;
  const m1 = await perf.read();
  return { secs, d: (k) => (m1[k] ?? 0) - (m0[k] ?? 0) };
}

export interface CostWindow extends MetricsWindow {
  rowsBefore: number;
  rowsAfter: number;
}

/** Reads the page's main-thread counters over `seconds` of the flood, and the rows it gained. */
export async function measureCostWindow(list: AlertListPage, seconds: number): Promise<CostWindow> {
  const rowsBefore = await list.rowCount();
  const window = await metricsWindow(list.page, seconds);
  const rowsAfter = await list.rowCount();
  return { rowsBefore, rowsAfter, ...window };
}
