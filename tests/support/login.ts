/**
 * Signs a demo account in over HTTP (csrf -> login -> verify) for integration tests, and
 * returns a fetch that carries the session cookie and the CSRF header.
 *
 * NOTE: TOTP replay protection refuses a 30 s step that was already used; the test server
 * (tests/support/plantServer.ts) runs with PEGEL_TOTP_ALLOW_REPLAY=1 so tests may sign the
 * same account in many times. Against a server without it, use a different account per test.
 */
import { TOTP, Secret } from 'otpauth';
import { API, CSRF_HEADER } from '../../src/contract/paths.ts';
import type { CsrfResponse, LoginResponse } from '../../src/contract/auth.ts';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from './plantServer.ts';

export interface SignedIn {
  /** `pegel_session=…`, ready for a Cookie header. */
  cookie: string;
  csrfToken: string;
  /** fetch against the server with cookie, JSON and (on state-changing calls) the CSRF header. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
}

/** The current TOTP code of the shared test secret (or another base32 secret). */
export function totpNow(secret = DEMO_TOTP_SECRET, timestampMs = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: timestampMs,
  });
}

/** The `name=value` part of each Set-Cookie header. */
export function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Starts a sign-in: GET csrf. Returns the token and the pre-login cookie. */
export async function openLogin(baseUrl: string): Promise<{ csrfToken: string; cookie: string }> {
  const res = await fetch(baseUrl + API.account.csrf);
  if (!res.ok) throw new Error(`csrf failed: ${res.status}`);
  const { csrfToken } = (await res.json()) as CsrfResponse;
  return { csrfToken, cookie: cookiesOf(res).join('; ') };
}

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

export async function signInHttp(
  baseUrl: string,
  username = 'operator',
  password = DEMO_PASSWORD,
): Promise<SignedIn> {
  const open = await openLogin(baseUrl);
  const login = await postJson(
    baseUrl + API.account.login,
    { csrfToken: open.csrfToken, recaptchaToken: '', username, password },
    { Cookie: open.cookie },
  );
  const loginBody = (await login.json()) as LoginResponse;
  if (loginBody.status !== 'SecondFactorRequired')
    throw new Error(`login of ${username}: ${loginBody.status}`);
  const verify = await postJson(
    baseUrl + API.account.verify,
    { code: totpNow() },
    { Cookie: open.cookie },
  );
  const verifyBody = (await verify.json()) as LoginResponse;
  if (verifyBody.status !== 'Success' || !verifyBody.csrfToken)
    throw new Error(`verify of ${username}: ${verifyBody.status}`);
  const cookie = cookiesOf(verify).find((c) => c.startsWith('pegel_session='));
  if (!cookie) throw new Error('no session cookie');
  const csrfToken = verifyBody.csrfToken;
  return {
    cookie,
    csrfToken,
    fetch(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set('Cookie', cookie);
      const method = (init.method ?? 'GET').toUpperCase();
      if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) headers.set(CSRF_HEADER, csrfToken);
      // A FormData body brings its own multipart type and boundary.
      if (
        init.body !== undefined &&
        !(init.body instanceof FormData) &&
        !headers.has('Content-Type')
      )
        headers.set('Content-Type', 'application/json');
      return fetch(baseUrl + path, { redirect: 'manual', ...init, headers });
    },
  };
}
