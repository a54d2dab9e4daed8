import { Link } from 'react-router';
import { useTranslation } from './useTranslation.ts';
import { navItemsFor } from './navigation.ts';
import { Icon } from '../ui/Icon.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useSession } from '../features/shared/sessionStore.ts';
import { StationBoardSlot } from '../features/stations/StationBoardSlot.tsx';
import { FavoritesPanelsSlot } from '../features/favorites/FavoritesSlots.tsx';

/**
 * The start page: the plant's stations at a glance first (ISA-101 level 1: which station is
 * in trouble and how badly, without scrolling on a wall monitor), then favorites and the
 * areas as cards.
 */
export function Home() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <section className="page">
      <PageHeader title={t('home.title')} />
      <StationBoardSlot />
      <FavoritesPanelsSlot />
      <ul className="area-cards">
        {navItemsFor(session.hasRight)
          .filter((item) => item.path !== '/')
          .map((item) => (
            <li key={item.path}>
              <Link to={item.path} className="area-card">
                <Icon name={item.icon} size={22} />
                <span>
                  <span className="area-card-title">{t(item.labelKey)}</span>
                  {item.descriptionKey && (
                    <span className="area-card-text">{t(item.descriptionKey)}</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
      </ul>
    </section>
  );
}
