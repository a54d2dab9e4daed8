/**
 * Waits until the build's service worker serves the page (README "Offline start and
 * updates"), so the tabs opened after it start from Cache Storage, as every tab after the
 * first does for an operator. A build without one (no /sw.js) returns at once: the same
 * scenario measures both builds, alternating.
 */
import type { Page } from 'playwright-core';
import { waitForExpression } from './waitForExpression.ts';

export async function serviceWorkerServes(page: Page, timeout = 60_000): Promise<boolean> {
  const hasWorker = (await page.evaluate(
    `fetch('/sw.js', { method: 'HEAD', cache: 'no-store' }).then((r) => r.ok, () => false)`,
  )) as boolean;
  if (!hasWorker) return false;
  return waitForExpression(page, 'navigator.serviceWorker.controller !== null', {
    timeout,
    polling: 200,
  }).then(
    () => true,
    () => false,
  );
}
