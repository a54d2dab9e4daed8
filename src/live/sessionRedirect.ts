/**
 * SPEC §2 "Session redirects": the top window (when framed) goes to the logout address
 * with a returnUrl holding the current path plus query.
 */
import { API } from '../contract/paths.ts';

export function logoutUrl(location: { pathname: string; search: string }): string {
  return `${API.logout}?returnUrl=${encodeURIComponent(location.pathname + location.search)}`;
}

export function redirectToLogout(): void {
  let target: Window = window;
  try {
    // NOTE: a cross-origin parent throws on access; then only this frame can go.
    if (window.top && window.top.location.pathname !== undefined) target = window.top;
  } catch {
    target = window;
  }
  target.location.href = logoutUrl(target.location);
}
