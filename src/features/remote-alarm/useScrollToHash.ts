/**
 * Links into a page (`/remote-alarm/plans#station-2`, `/remote-alarm/numbers#number-3`): once
 * the page's content is there, the element the hash names is scrolled into view and takes the
 * focus, so a keyboard or screen-reader user lands where the link pointed too.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
