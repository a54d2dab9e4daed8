import { NavLink } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { RemoteAlarmNavBadge } from '../features/shared/remote-alarm/RemoteAlarmPending.tsx';
import { useSession } from '../features/shared/sessionStore.ts';
import { NavFavoritesSlot } from '../features/favorites/FavoritesSlots.tsx';
import { Icon } from '../ui/Icon.tsx';
import { navItemsFor, type NavItem } from './navigation.ts';

export interface NavListProps {
  /** Called after a link is followed (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The navigation links of NAV_ITEMS: areas first, then settings, help and about. */
export function NavList({ onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const items = navItemsFor(useSession().hasRight);
  const link = (item: NavItem) => (
    <li key={item.path}>
      <NavLink
        to={item.path}
        end={item.path === '/' || item.path === '/alerts'}
        className={({ isActive }) => (isActive ? 'nav-link nav-link-active' : 'nav-link')}
        onClick={onNavigate}
      >
        <Icon name={item.icon} />
        <span>{t(item.labelKey)}</span>
        {item.path === '/remote-alarm/plans' && <RemoteAlarmNavBadge />}
      </NavLink>
    </li>
  );
  return (
    <nav className="nav" aria-label={t('shell.navigation')}>
      <NavFavoritesSlot onNavigate={onNavigate} />
      <ul className="nav-list">{items.filter((i) => !i.secondary).map(link)}</ul>
      <ul className="nav-list nav-list-secondary">{items.filter((i) => i.secondary).map(link)}</ul>
    </nav>
  );
}
