/**
 * The frame around every signed-in page: header (plant, connection, language, user),
 * navigation (side bar from 960 px, drawer below), and the page. `?kiosk=1` shows only the
 * header and the page, for wall monitors.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PinButtonSlot } from '../features/favorites/FavoritesSlots.tsx';
import { useTranslation } from './useTranslation.ts';
import { Button } from '../ui/Button.tsx';
import { ConnectionStatus, connectionStatusProps } from './ConnectionStatus.tsx';
import { ServerNotices } from './ServerNotices.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { NavList } from './NavList.tsx';
import { useResource } from './resource.ts';
import { systemSettings } from './systemSettings.ts';
import { useKiosk } from './useKiosk.ts';
import { UserMenu } from './UserMenu.tsx';
import { useConnectionStatus } from '../live/useConnectionStatus.ts';
import { useSession } from '../features/shared/sessionStore.ts';
import { logoutUrl } from '../api/http.ts';
import { AlarmBanner } from '../features/alerts/AlarmBanner.tsx';
import { RemoteAlarmPending } from '../features/shared/remote-alarm/RemoteAlarmPending.tsx';
import { ActionDispatcherProvider } from './actions/ActionDispatcher.tsx';
import { useNotices } from './noticeStack.ts';

/** Wall-monitor mode is rare: its marker and exit control load only in a kiosk tab (issue 42). */
const KioskControl = lazy(() =>
  import('./KioskControl.tsx').then((m) => ({ default: m.KioskControl })),
);

/** The notices after actions load with the first one (they follow commands to the plant). */
const NoticeStack = lazy(() =>
  import('../features/shared/actions/ActionNotice.tsx').then((m) => ({ default: m.NoticeStack })),
);

/**
 * The service worker and the prompt for a new version, once the page has loaded: nothing of
 * them on the first screen's path (README "Offline start and updates").
 */
const UpdatePrompt = lazy(async () => {
  if (document.readyState !== 'complete')
    await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }));
  return import('./update/UpdatePrompt.tsx').then((m) => ({ default: m.UpdatePrompt }));
});

function signOut() {
  window.location.assign(logoutUrl('/'));
}

/** Separate component so a status change re-renders only the status, not the page. */
function LiveConnectionStatus() {
  const status = useConnectionStatus();
  return <ConnectionStatus {...connectionStatusProps(status)} live />;
}

export function Shell() {
  const { t } = useTranslation();
  const kiosk = useKiosk();
  const session = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const settings = useResource(systemSettings);
  const plantName = settings.status === 'ready' ? settings.data.plantName : '';
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  const notices = useNotices();

  // After in-app navigation, keyboard and screen reader users continue on the new page, not
  // on the link they left behind. The first page load keeps the browser's own focus.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = '';
    // A page that rendered from cached data may already have given the focus to where a
    // link pointed into it (useScrollToHash): its effects ran before this one.
    const { hash } = window.location;
    const target = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
    if (target !== null && document.activeElement?.id === target) return;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <ActionDispatcherProvider>
      <div className={kiosk ? 'shell shell-kiosk' : 'shell'}>
        <a href="#main" className="skip-link">
          {t('shell.skipToContent')}
        </a>
        <header className="shell-header">
          {!kiosk && (
            <Button
              variant="quiet"
              icon="menu"
              iconOnly
              className="header-menu-button"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              {t('shell.openMenu')}
            </Button>
          )}
          <Link to="/" className="brand" aria-label={t('shell.home')}>
            <span className="brand-mark" aria-hidden="true" />
            <span className="brand-name">{t('app.name')}</span>
          </Link>
          {plantName && (
            <span className="plant-name" title={plantName}>
              <span className="plant-name-text">{plantName}</span>
            </span>
          )}
          <div className="header-spacer" />
          <AlarmBanner />
          <RemoteAlarmPending />
          <LiveConnectionStatus />
          {kiosk && (
            <Suspense fallback={null}>
              <KioskControl />
            </Suspense>
          )}
          {!kiosk && <PinButtonSlot />}
          {!kiosk && <LanguageSwitch />}
          {!kiosk && <UserMenu userName={session.user?.displayName} onLogout={signOut} />}
        </header>
        <ServerNotices />
        {!kiosk && (
          <aside className="shell-sidenav">
            <NavList />
          </aside>
        )}
        <main ref={main} id="main" className="shell-main" tabIndex={-1}>
          <Outlet />
        </main>
        {notices.length > 0 && (
          <Suspense fallback={null}>
            <NoticeStack />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
        {!kiosk && (
          <NavDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={plantName || t('app.name')}
          />
        )}
      </div>
    </ActionDispatcherProvider>
  );
}
