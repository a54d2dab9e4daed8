/**
 * Headless Chromium of the machine (never a downloaded browser), launched through
 * playwright-core with a DevTools port besides Playwright's pipe, so the harness can also
 * reach targets Playwright does not expose (shared and dedicated workers) over raw CDP.
 */
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '../../tests/support/freePort.ts';
import { BrowserCdp } from './BrowserCdp.ts';
import { disableFeatures } from '../../tests/support/chromiumFlags.ts';

export const CHROMIUM_PATH = process.env.PEGEL_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Many tabs in one run: background tabs must keep their timers and rendering going.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  // NOTE: the baseline page is fulfilled by Playwright routing, so Chromium does not know it
  // came from 127.0.0.1 and its Local Network Access checks would block the page's
  // WebSocket to the (loopback) server with ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS.
  // One switch for all (Chromium honours only the last): also no omnibox popup WebUI per
  // context, which cost about a second of a renderer at every new context.
  disableFeatures('LocalNetworkAccessChecks', 'LocalNetworkAccessChecksWebSockets'),
];

export interface BenchBrowser {
  browser: Browser;
  cdp: BrowserCdp;
  version: string;
  close(): Promise<void>;
}

/** Headless Chromium of the machine with the bench's switches (and `extraArgs`). */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export async function launchBrowser(extraArgs: readonly string[] = []): Promise<BenchBrowser> {
  const port = await freePort();
  const browser = await launchChromium([
    `--remote-debugging-port=${port}`,
    '--remote-debugging-address=127.0.0.1',
    ...extraArgs,
  ]);
  const cdp = await BrowserCdp.connect(port);
  return {
    browser,
    cdp,
    version: browser.version(),
    async close() {
      cdp.close();
      await browser.close();
    },
  };
}
