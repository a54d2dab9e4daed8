/** Sign-in for bench tabs: a provider returns a Cookie header for a base URL. */
import type { Cookie } from 'playwright-core';

/**
 * Signs a bench user in over HTTP and returns the session as a Cookie request header
 * (`a=1; b=2`). Set-Cookie attribute syntax (`a=1; Path=/; HttpOnly`) is accepted too.
 */
export type CookieProvider = (baseUrl: string) => Promise<string>;

const ATTRIBUTES = new Set([
  'path',
  'domain',
  'expires',
  'max-age',
  'httponly',
  'secure',
  'samesite',
  'partitioned',
  'priority',
]);

/** Turns a Cookie header into cookies for a browser context on `baseUrl`'s origin. */
export function cookiesForBrowser(header: string, baseUrl: string): Cookie[] {
  const url = new URL(baseUrl);
  const out: Cookie[] = [];
  for (const part of header.split(/;\s*|\n/)) {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (!name || ATTRIBUTES.has(name.toLowerCase())) continue;
    out.push({
      name,
      value: eq < 0 ? '' : part.slice(eq + 1).trim(),
      domain: url.hostname,
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: url.protocol === 'https:',
      sameSite: 'Lax',
    });
  }
  return out;
}
