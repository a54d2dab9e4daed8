/**
 * Favorites (reorderable, removable) and recently visited pages on the start page, and the
 * favorites at the top of the navigation (SPEC §2), each named by kind and subject in the
 * current language (pageKinds.ts).
 */
import { Link, NavLink } from 'react-router';
import { useRouteTable } from '../../app/lazyPage.tsx';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button, Icon, Panel } from '../../ui/index.ts';
import { pageName } from './pageKinds.ts';
import { StationAlarmLink } from '../shared/alarm/StationAlarmLink.tsx';
import { useFavoriteChanges, useUserPages } from './userPages.ts';
import './favorites.css';

/** The station a favorite page is (`/stations/3`), so it shows the station's alarm state. */
export function stationOfPath(path: string): number | null {
  const m = /^\/stations\/(\d+)$/.exec(path);
  return m ? Number(m[1]) : null;
}

function FavoriteAlarm({
  path,
  title,
  compact,
}: {
  path: string;
  title: string;
  compact?: boolean;
}) {
  const station = stationOfPath(path);
  if (station === null) return null;
  return <StationAlarmLink stationNumber={station} stationName={title} compact={compact} />;
}

/** A favourite's two move buttons: one place up (its chevron turned by the class) or down. */
const MOVES = [
  { step: -1, label: 'favorites.moveUp', className: 'favorites-up' },
  { step: 1, label: 'favorites.moveDown', className: undefined },
] as const;

export function FavoritesPanels() {
  const { t } = useTranslation();
  const routes = useRouteTable();
  const { pages, error } = useUserPages();
  const { move, toggle } = useFavoriteChanges();
  if (!pages) return null;
  const { favorites, recent } = pages;
  // Nothing pinned or visited yet: the start page stays the areas (the star says what it does).
  if (favorites.length === 0 && recent.length === 0 && !error) return null;
  return (
    <div className="favorites-panels">
      <Panel title={t('favorites.title')}>
        {error && (
          <p className="form-error" role="alert">
            {t('favorites.failed', { error })}
          </p>
        )}
        {favorites.length === 0 ? (
          <p className="favorites-hint">
            {t('favorites.none')} {t('favorites.noneReason')}
          </p>
        ) : (
          <ol className="favorites-list">
            {favorites.map((p, i) => {
              const name = pageName(p, t, routes);
              return (
                <li key={p.path} data-favorite={p.path}>
                  <Link to={p.path}>{name}</Link>
                  <FavoriteAlarm path={p.path} title={name} />
                  <span className="favorites-tools">
                    {MOVES.map(({ step, label, className }) => (
                      <Button
                        key={step}
                        variant="quiet"
                        icon="chevronDown"
                        iconOnly
                        className={className}
                        disabled={step < 0 ? i === 0 : i === favorites.length - 1}
                        onClick={() => void move(p.path, step)}
                      >
                        {t(label, { title: name })}
                      </Button>
                    ))}
                    <Button
                      variant="quiet"
                      icon="close"
                      iconOnly
                      onClick={() => void toggle(p.path, p.title, p.subject)}
                    >
                      {t('favorites.remove', { title: name })}
                    </Button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </Panel>
      <Panel title={t('favorites.recent')}>
        {recent.length === 0 ? (
          <p>{t('favorites.noRecent')}</p>
        ) : (
          <ul className="link-list recent-list">
            {recent.map((p) => (
              <li key={p.path}>
                <Link to={p.path}>{pageName(p, t, routes)}</Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** The favorites at the top of the navigation; nothing while there are none. */
export function NavFavorites({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const routes = useRouteTable();
  const { pages } = useUserPages();
  if (!pages || pages.favorites.length === 0) return null;
  return (
    <>
      <h2 className="nav-heading">{t('favorites.title')}</h2>
      <ul className="nav-list nav-favorites">
        {pages.favorites.map((p) => (
          <li key={p.path}>
            <NavLink
              to={p.path}
              end
              className={({ isActive }) => (isActive ? 'nav-link nav-link-active' : 'nav-link')}
              onClick={onNavigate}
            >
              <Icon name="star" />
              <span>{pageName(p, t, routes)}</span>
            </NavLink>
            <FavoriteAlarm path={p.path} title={pageName(p, t, routes)} compact />
          </li>
        ))}
      </ul>
    </>
  );
}
