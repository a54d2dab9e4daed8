/**
 * The gate's browser runs with the features Playwright turns off and without the omnibox
 * popup WebUI (tests/support/chromiumFlags.ts) — rule BF1.
 */
import { expect, test } from '@playwright/test';
import { BROWSER_UI_FEATURES_OFF } from '../support/chromiumFlags.ts';

test('BF1: the last --disable-features keeps every feature Playwright turns off and turns off the omnibox popup', async ({
  page,
}) => {
  await page.goto('chrome://version');
  const argv = ((await page.locator('#command_line').textContent()) ?? '').split(/\s+/);
  const switches = argv
    .filter((a) => a.startsWith('--disable-features='))
    .map((a) => new Set(a.slice('--disable-features='.length).split(',')));
  expect(switches.length).toBeGreaterThan(1);
  // Chromium honours the last one only.
  const [playwrights, effective] = [switches[0]!, switches[switches.length - 1]!];
  expect([...playwrights].filter((f) => !effective.has(f))).toEqual([]);
  expect(BROWSER_UI_FEATURES_OFF.filter((f) => !effective.has(f))).toEqual([]);
  // And no omnibox popup page was built for this context.
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { url: string }[];
  };
  expect(targetInfos.filter((t) => t.url.includes('omnibox-popup'))).toEqual([]);
});
