/**
 * The one `--disable-features` switch of the browser tests and the bench. Chromium honours
 * only the last `--disable-features` on its command line, and Playwright puts its own first:
 * a second switch of ours would silently drop Playwright's (PaintHolding among them, which
 * holds a page's first paint). So ours repeats Playwright's list (BF1 checks the browser's
 * command line against it) and adds:
 * - the omnibox popup: Chromium's headless mode is the whole browser, and every new window
 *   (each Playwright context) builds a WebUI page of about 400 chrome:// modules that costs
 *   its renderer about a second of CPU. No page of ours sees it, but on two cores it competes
 *   with the tab under test (three contexts one after another: 1,248 chrome:// requests and
 *   4.8 s; without it none and 3.1 s).
 */

/** Playwright's own list (playwright-core, server/chromium/chromiumSwitches.ts). */
export const PLAYWRIGHT_FEATURES_OFF = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/** Browser UI no test looks at. */
export const BROWSER_UI_FEATURES_OFF = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
] as const;

/** The switch: Playwright's features, the browser UI above and any `more`. */
export function disableFeatures(...more: string[]): string {
  const all = new Set<string>([...PLAYWRIGHT_FEATURES_OFF, ...BROWSER_UI_FEATURES_OFF, ...more]);
  return `--disable-features=${[...all].join(',')}`;
}
