/** Routes of sign-in: /login outside the session, the rest inside RequireSession. */
import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

export const publicRoutes: RouteObject[] = [
  {
    path: '/login',
    lazy: () =>
      withAreas(['auth', 'platform', 'safeOps'], import('./LoginPage.tsx')).then((m) => ({
        Component: m.LoginPage,
      })),
  },
];

/** Children of the signed-in shell, loaded when first opened. */
export const sessionRoutes: RouteObject[] = [
  {
    path: 'settings/password',
    lazy: () =>
      withAreas(['auth'], import('./PasswordChangePage.tsx')).then((m) => ({
        Component: m.PasswordChangePage,
      })),
  },
  {
    // The auto-logout settings alone (also a section of /settings), linkable from help.
    path: 'settings/session',
    lazy: () =>
      withAreas(['auth'], import('./AutoLogoutSettings.tsx')).then((m) => ({
        Component: () => (
          <section className="page">
            <m.AutoLogoutSettings />
          </section>
        ),
      })),
  },
];
