/**
 * The star in the header: pins the page the user is on to their favorites, or unpins it; and
 * the visit of each page for the recently visited list (SPEC §2). The page's title is its h1,
 * its subject (a station's or PV's name) the h1's `data-page-subject`.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button } from '../../ui/index.ts';
import { useRouteTable } from '../../app/lazyPage.tsx';
import { pageKind } from './pageKinds.ts';
import { recordVisit, useFavoriteChanges, useUserPages } from './userPages.ts';
import { shownHeading, visitReady } from './visitTitle.ts';
import './favorites.css';

/** Pages that are no destination of their own. */
const NOT_RECORDED = new Set(['/', '/login']);
/** A visit counts once the page has stood this long (one passed through is none)... */
const VISIT_DWELL_MS = 1000;
/** ...and shown its own title (visitTitle.ts), looked for this often... */
const VISIT_POLL_MS = 250;
/** ...for this long after the navigation; then the title it shows, if any, is taken. */
const VISIT_BOUND_MS = 20_000;

export function PinButton() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const { pages, error } = useUserPages();
  const { toggle } = useFavoriteChanges();
  const pinned = pages?.favorites.some((p) => p.path === path) ?? false;
  const [busy, setBusy] = useState(false);
  const routes = useRouteTable();
  const wantsSubject = pageKind(path, routes)?.subject === true;

  useEffect(() => {
    if (NOT_RECORDED.has(pathname)) return;
    // The router commits a navigation with its page (a transition), so a heading shown from
    // here on is this page's; it may come, or name its subject, only seconds later.
    const since = performance.now();
    let timer = 0;
    const look = () => {
      const shown = shownHeading();
      const lastChance = performance.now() - since >= VISIT_BOUND_MS;
      if (visitReady(shown, wantsSubject, lastChance))
        recordVisit(path, shown.title, shown.subject);
      else if (!lastChance) timer = window.setTimeout(look, VISIT_POLL_MS);
    };
    timer = window.setTimeout(look, VISIT_DWELL_MS);
    return () => clearTimeout(timer);
  }, [path, pathname, wantsSubject]);

  return (
    <>
      <Button
        variant="quiet"
        icon="star"
        iconOnly
        className="pin-button"
        aria-pressed={pinned}
        disabled={busy || pages === null}
        onClick={async () => {
          setBusy(true);
          const shown = shownHeading();
          await toggle(path, shown.title || path, shown.subject);
          setBusy(false);
        }}
      >
        {pinned ? t('favorites.unpin') : t('favorites.pin')}
      </Button>
      {error && (
        <span className="visually-hidden" role="alert">
          {t('favorites.failed', { error })}
        </span>
      )}
    </>
  );
}
