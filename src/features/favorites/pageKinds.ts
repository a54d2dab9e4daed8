/**
 * A saved page's name in the current language (issue: favorites and recently visited pages are
 * named by page kind and subject, "Energie · Rohwasserpumpwerk Talaue"). The kind is the
 * `handle` of the route the page's address matches (src/app/lazyPage.tsx `PageHandle`), so it
 * follows the language and a new route names its pages where it is declared; the subject is
 * the plant's name of what the page shows (a station, PV, dashboard or report), saved with the
 * page. A page of an address no kind matches, or one saved with a subject-kind but no subject
 * (before subjects were kept), keeps the title it was saved with.
 */
import type { ParseKeys } from 'i18next';
import { matchRoutes } from 'react-router';
import type { PageRoute } from '../../app/lazyPage.tsx';
import type { SavedPage } from '../../contract/userPages.ts';

/** FV1: the kind of page an app address leads to, or null for an address no kind knows. */
export function pageKind(
  path: string,
  routes: readonly PageRoute[],
): { label: ParseKeys; subject: boolean } | null {
  const pathname = path.split(/[?#]/, 1)[0]!;
  const match = matchRoutes([...routes], pathname)?.at(-1);
  const handle = match?.route.handle;
  if (!match || !handle) return null;
  const label = typeof handle.label === 'function' ? handle.label(match.params) : handle.label;
  return label ? { label, subject: handle.subject === true } : null;
}

/**
 * FV1: a saved page's name in the current language: "kind · subject", the kind alone for a
 * page without a subject, else the title it was saved with.
 */
export function pageName(
  page: SavedPage,
  t: (key: ParseKeys) => string,
  routes: readonly PageRoute[],
): string {
  const kind = pageKind(page.path, routes);
  if (!kind) return page.title;
  if (!kind.subject) return t(kind.label);
  return page.subject ? `${t(kind.label)} · ${page.subject}` : page.title;
}
