import { useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { RemoteAlarmNavBadge } from '../features/shared/remote-alarm/RemoteAlarmPending.tsx';
import { useSession } from '../features/shared/sessionStore.ts';
import { useFollowLinks } from '../features/shared/useFollowLinks.ts';
import { NavFavoritesSlot } from '../features/favorites/FavoritesSlots.tsx';
import { Icon } from '../ui/Icon.tsx';
import { navItemsFor, navItemActive, type NavItem } from './navigation.ts';

export interface NavListProps {
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/**
 * The navigation links of NAV_ITEMS: areas first, then settings, help and about. They are
 * plain links followed in the app by one handler (useFollowLinks), marked current from the
 * one location the list reads, as a router NavLink marks itself.
 */
export function NavList({ onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const items = navItemsFor(useSession().hasRight);
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useFollowLinks(nav);
  const link = (item: NavItem) => {
    const active = navItemActive(item.path, pathname);
    return (
      <li key={item.path}>
        <a
          href={item.path}
          className={active ? 'nav-link nav-link-active' : 'nav-link'}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
        >
          <Icon name={item.icon} />
          <span>{t(item.labelKey)}</span>
          {item.path === '/remote-alarm/plans' && <RemoteAlarmNavBadge />}
        </a>
      </li>
    );
  };
  return (
    <nav ref={nav} className="nav" aria-label={t('shell.navigation')}>
      <NavFavoritesSlot onNavigate={onNavigate} />
      <ul className="nav-list">{items.filter((i) => !i.secondary).map(link)}</ul>
      <ul className="nav-list nav-list-secondary">{items.filter((i) => i.secondary).map(link)}</ul>
    </nav>
  );
}
