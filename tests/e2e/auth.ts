/**
 * Browser sign-in helpers for Playwright tests: the real /login page with the demo password
 * and a TOTP code of the shared test secret. The test server allows TOTP replay
 * (PEGEL_TOTP_ALLOW_REPLAY=1, tests/support/plantServer.ts), so one account may sign in
 * many times within a 30 s step.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/plantServer.ts';
import { totpNow } from '../support/login.ts';

export { totpNow };

/** Fills the password step of the login page that is already open. */
export async function fillPasswordStep(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Completes sign-in on an open login page (both steps); returns when the page left /login. */
export async function completeSignIn(page: Page, username = 'operator', password = DEMO_PASSWORD) {
  await fillPasswordStep(page, username, password);
  const code = page.locator('input[name="code"]');
  await expect(code).toBeVisible();
  await code.fill(totpNow());
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Signs in through the UI and lands on `returnUrl` (default '/'): opens
 * /login?returnUrl=…, enters password and code, and waits for the signed-in page.
 */
export async function signIn(page: Page, username = 'operator', returnUrl = '/') {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await completeSignIn(page, username);
}
