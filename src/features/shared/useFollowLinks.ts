/**
 * Plain links in a list followed inside the app by one click handler on the list: a router
 * `Link` (or `NavLink`) in each row or entry is some eleven React hooks to render and keep, a
 * plain `<a href>` none. React Router stays the router: the handler calls its `navigate`.
 * A click with a modifier (ctrl, meta, shift, alt), another button, a link with a target or a
 * download, or a link out of the app is left to the browser (a new tab or window, a download),
 * as a router link leaves it; Enter on a focused link is a click and is followed the same way.
 */
import { useEffect, type RefObject } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';

/**
 * The in-app path `event` follows, or null when the browser's own handling is meant: a plain
 * primary click on an `<a href="/…">` inside `within`, not prevented before.
 */
export function followedPath(event: MouseEvent, within: Element): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link || !within.contains(link)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const href = link.getAttribute('href');
  // A path of the app: "/stations/1", not "//host/…" or "https://…" or "#part".
  if (!href?.startsWith('/') || href.startsWith('//')) return null;
  return href;
}

/** Follows `event` inside the app if it is a plain click on one of `within`'s links. */
export function followLink(event: MouseEvent, within: Element, navigate: NavigateFunction): void {
  const path = followedPath(event, within);
  if (path === null) return;
  event.preventDefault();
  // A link to where the tab is replaces the entry, as a plain link and a router link do.
  const { pathname, search, hash } = window.location;
  void navigate(path, { replace: path === pathname + search + hash });
}

/** The links inside `ref`'s element followed in the app by one handler (see above). */
export function useFollowLinks(ref: RefObject<HTMLElement | null>): void {
  const navigate = useNavigate();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const follow = (event: MouseEvent) => followLink(event, el, navigate);
    el.addEventListener('click', follow);
    return () => el.removeEventListener('click', follow);
  }, [ref, navigate]);
}
