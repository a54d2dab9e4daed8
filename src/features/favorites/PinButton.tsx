/**
 * The star in the header: pins the page the user is on to their favorites, or unpins it; and
 * the visit of each page for the recently visited list (SPEC §2). The page's title is its h1,
 * its subject (a station's or PV's name) the h1's `data-page-subject`.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button } from '../../ui/index.ts';
import { recordVisit, useFavoriteChanges, useUserPages } from './userPages.ts';
import './favorites.css';

/** Pages that are no destination of their own. */
const NOT_RECORDED = new Set(['/', '/login']);
/** A visit counts once the page has settled and shown its title. */
const VISIT_DELAY_MS = 1000;

const heading = () => document.querySelector('main h1');
const pageTitle = () => heading()?.textContent?.trim() ?? '';
/** The subject a page of one subject names on its h1 (PageHeader's `subject`). */
const pageSubject = () => heading()?.getAttribute('data-page-subject')?.trim() || undefined;

export function PinButton() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const path = pathname + search;
  const { pages, error } = useUserPages();
  const { toggle } = useFavoriteChanges();
  const pinned = pages?.favorites.some((p) => p.path === path) ?? false;
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (NOT_RECORDED.has(pathname)) return;
    const timer = setTimeout(() => {
      const title = pageTitle();
      if (title) recordVisit(path, title, pageSubject());
    }, VISIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, pathname]);

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
          await toggle(path, pageTitle() || path, pageSubject());
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
