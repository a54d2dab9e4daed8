/**
 * The favorites' places in the shell and on the start page. What fills them reads the user's
 * pages through the page-data library, which loads after the first script (startup budget,
 * `shared/pageData.ts`): until then the pin button stands disabled, as it does while the
 * lists load, and the lists show nothing, as they do while there are none.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button } from '../../ui/Button.tsx';
import './favorites.css';

const PinButton = lazy(() => import('./PinButton.tsx').then((m) => ({ default: m.PinButton })));
const NavFavorites = lazy(() =>
  import('./FavoritesPanels.tsx').then((m) => ({ default: m.NavFavorites })),
);
const FavoritesPanels = lazy(() =>
  import('./FavoritesPanels.tsx').then((m) => ({ default: m.FavoritesPanels })),
);

export function PinButtonSlot() {
  const { t } = useTranslation();
  const waiting = (
    <Button
      variant="quiet"
      icon="star"
      iconOnly
      className="pin-button"
      aria-pressed={false}
      disabled
    >
      {t('favorites.pin')}
    </Button>
  );
  return (
    <Suspense fallback={waiting}>
      <PinButton />
    </Suspense>
  );
}

export function NavFavoritesSlot({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Suspense fallback={null}>
      <NavFavorites onNavigate={onNavigate} />
    </Suspense>
  );
}

export function FavoritesPanelsSlot() {
  return (
    <Suspense fallback={null}>
      <FavoritesPanels />
    </Suspense>
  );
}
