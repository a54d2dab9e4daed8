/**
 * The returnUrl safety rule (DESIGN.md "Security"): only a path on this origin may be a
 * redirect target, so a crafted link cannot send a user to another site after sign-in.
 */

/** Targets that would loop through sign-in again if used as a return address. */
const SIGN_IN_PATHS = ['/login', '/Account/'];

/** True for a same-origin path: one leading '/', no '//' or '/\', no scheme, no control chars. */
export function isSafeReturnUrl(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/')) return false;
  // NOTE: browsers treat '/\' like '//' (protocol-relative), and strip tabs/newlines before parsing.
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  if (value.includes('\\')) return false;
  return true;
}

/** The given path when it is safe and not a sign-in page itself, else '/'. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!isSafeReturnUrl(value)) return '/';
  const path = value.split(/[?#]/)[0] ?? '';
  if (SIGN_IN_PATHS.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`)))
    return '/';
  return value;
}
