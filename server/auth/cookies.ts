/** Lenient cookie reading and the cookie names of sign-in. */

export const SESSION_COOKIE = 'pegel_session';
export const PRELOGIN_COOKIE = 'pegel_prelogin';

/**
 * The value of one cookie from a Cookie header. Lenient on purpose: the Node SignalR client
 * sends attributes (`a=1; Path=/; HttpOnly`) in its Cookie header, and some clients send
 * several Cookie headers.
 */
export function readCookie(header: string | string[] | undefined, name: string): string | null {
  if (header === undefined) return null;
  const all = Array.isArray(header) ? header.join(';') : header;
  for (const part of all.split(/[;,]/)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}
