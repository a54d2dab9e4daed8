/**
 * The cookie provider of the bench run. Hub connections need a session cookie; the sign-in
 * helper of the tests (`tests/support/login.ts`, `signInHttp(baseUrl, username)`) is used
 * when it exists, so the bench signs in without further wiring once sign-in is built.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { cookiesForBrowser, type CookieProvider } from './cookies.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/** The demo account the bench signs in as (PEGEL_BENCH_USER overrides it). */
export const BENCH_USER = process.env.PEGEL_BENCH_USER ?? 'admin';

/** Accepts a Cookie header string, or an object carrying one, from a sign-in helper. */
export function cookieHeaderOf(result: unknown): string {
  if (typeof result === 'string') return result;
  if (typeof result === 'object' && result !== null) {
    for (const key of ['cookie', 'cookieHeader', 'cookies']) {
      const v = (result as Record<string, unknown>)[key];
      if (typeof v === 'string') return v;
      if (Array.isArray(v) && v.every((c) => typeof c === 'string')) return v.join('; ');
    }
  }
  throw new Error('signInHttp returned no cookie header; adapt bench/harness/signIn.ts');
}

export async function defaultCookieProvider(root: string): Promise<CookieProvider | null> {
  const helper = join(root, 'tests/support/login.ts');
  if (!existsSync(helper)) return null;
  const mod = (await import(pathToFileURL(helper).href)) as Record<string, unknown>;
  const signIn = mod.signInHttp;
  if (typeof signIn !== 'function') return null;
  return async (baseUrl) =>
    cookieHeaderOf(
      await (signIn as (u: string, n: string) => Promise<unknown>)(baseUrl, BENCH_USER),
    );
}

/** A browser context on `baseUrl` signed in as the bench user (the trace scripts' tab). */
export async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const signIn = await defaultCookieProvider(ROOT);
  if (!signIn) throw new Error('no sign-in helper (tests/support/login.ts)');
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addCookies(cookiesForBrowser(await signIn(baseUrl), baseUrl));
  return context;
}
