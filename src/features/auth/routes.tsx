/** Routes of sign-in: /login outside the session, the rest inside RequireSession. */
import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

export const publicRoutes: PageRoute[] = [
  {
    path: '/login',
    handle: { label: null },
    element: lazyPage(
      ['auth', 'platform', 'safeOps'],
      () => import('./LoginPage.tsx'),
      (m) => m.LoginPage,
    ),
  },
];

/** Children of the signed-in shell, loaded when first opened. */
export const sessionRoutes: PageRoute[] = [
  {
    path: 'settings/password',
    handle: { label: 'favorites.kind.password' },
    element: lazyPage(
      ['auth'],
      () => import('./PasswordChangePage.tsx'),
      (m) => m.PasswordChangePage,
    ),
  },
  {
    // The auto-logout settings alone (also a section of /settings), linkable from help.
    path: 'settings/session',
    handle: { label: 'favorites.kind.session' },
    element: lazyPage(
      ['auth'],
      () => import('./AutoLogoutSettings.tsx'),
      (m) =>
        function SessionSettingsPage() {
          return (
            <section className="page">
              <m.AutoLogoutSettings />
            </section>
          );
        },
    ),
  },
];
