/**
 * Browser sign-in helpers for Playwright tests: the real /login page with the demo password
 * and a TOTP code of the shared test secret. The test server allows TOTP replay
 * (PEGEL_TOTP_ALLOW_REPLAY=1, tests/support/plantServer.ts), so one account may sign in
 * many times within a 30 s step.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/plantServer.ts';
import { totpNow } from '../support/login.ts';
import { API } from '../../src/contract/paths.ts';
import type { CsrfResponse, LoginResponse } from '../../src/contract/auth.ts';

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
export async function signInThroughForm(page: Page, username = 'operator', returnUrl = '/') {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  await completeSignIn(page, username);
}

/**
 * Signs in over the same three calls the login page makes (csrf, login, verify) in the page's
 * browser context, so the session cookie is the browser's, then opens `returnUrl` (default '/';
 * null opens nothing, for a test whose next step opens its page).
 * The login page itself is tested through the form (auth.spec.ts, signInThroughForm); every other
 * test saves loading it and typing into it, which on a loaded CI machine costs seconds a test.
 */
/**
 * How long a sign-in call may wait for the server: a server of a busy CI machine that is filling
 * a station's history for another tab answers late, not never (the test's own limit still holds).
 */
const SIGN_IN_CALL_MS = 45_000;

export async function signIn(page: Page, username = 'operator', returnUrl: string | null = '/') {
  const request = page.context().request;
  const csrf = await request.get(API.account.csrf, { timeout: SIGN_IN_CALL_MS });
  expect(csrf.ok(), `csrf: HTTP ${csrf.status()}`).toBe(true);
  const { csrfToken } = (await csrf.json()) as CsrfResponse;
  const login = await request.post(API.account.login, {
    data: { csrfToken, recaptchaToken: '', username, password: DEMO_PASSWORD },
    timeout: SIGN_IN_CALL_MS,
  });
  const loginBody = (await login.json()) as LoginResponse;
  expect(loginBody.status, `login of ${username}`).toBe('SecondFactorRequired');
  const verify = await request.post(API.account.verify, {
    data: { code: totpNow() },
    timeout: SIGN_IN_CALL_MS,
  });
  const verifyBody = (await verify.json()) as LoginResponse;
  expect(verifyBody.status, `verify of ${username}`).toBe('Success');
  if (returnUrl === null) return;
  await page.goto(returnUrl);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}
