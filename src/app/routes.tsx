/**
 * One stable, readable URL per area (DESIGN.md "Routes"), composed from route arrays so
 * features add theirs without touching the shell.
 * /login stays outside the session guard; everything else needs a signed-in user.
 */
import { lazyPage, type PageRoute } from './lazyPage.tsx';
import { Shell } from './Shell.tsx';
import { NotFound } from './NotFound.tsx';
import { PageBoundary } from './RouteErrorBoundary.tsx';
import { Home } from './Home.tsx';
import { RequireSession } from '../features/auth/RequireSession.tsx';
import { publicRoutes, sessionRoutes } from '../features/auth/routes.tsx';
import { LiveProvider } from '../live/LiveProvider.tsx';
import { stationRoutes } from '../features/stations/routes.tsx';
import { alertRoutes } from '../features/alerts/routes.tsx';
import { actionRoutes } from '../features/actions/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { processImageRoutes } from '../features/process-images/routes.tsx';
import { chartRoutes } from '../features/charts/routes.tsx';
import { energyRoutes } from '../features/energy/routes.tsx';
import { leakageRoutes } from '../features/leakage/routes.tsx';
import { remoteAlarmRoutes } from '../features/remote-alarm/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { maintenanceRoutes } from '../features/maintenance/routes.tsx';

/** Pages inside the shell. Pages not on the first screen load lazily (startup budget). */
export const areaRoutes: PageRoute[] = [
  { index: true, element: <Home />, handle: { label: 'nav.overview' } },
  {
    path: 'settings',
    handle: { label: 'nav.settings' },
    element: lazyPage(
      ['alerts', 'auth', 'settings'],
      () => import('../features/settings/SettingsPage.tsx'),
      (m) => m.SettingsPage,
    ),
  },
  {
    path: 'about',
    handle: { label: 'nav.about' },
    element: lazyPage(
      ['about', 'platform'],
      () => import('../features/about/AboutPage.tsx'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'help',
    handle: { label: 'nav.help' },
    element: lazyPage(
      ['about', 'help'],
      () => import('../features/help/HelpPage.tsx'),
      (m) => m.HelpPage,
    ),
  },
  {
    path: 'diagnostics/error-boundary',
    handle: { label: null },
    element: lazyPage(
      [],
      () => import('./diagnostics/ErrorProbe.tsx'),
      (m) => m.ErrorProbe,
    ),
  },
  {
    path: 'diagnostics/ui',
    handle: { label: null },
    element: lazyPage(
      ['help'],
      () => import('./diagnostics/UiKitSample.tsx'),
      (m) => m.UiKitSample,
    ),
  },
];

export const routes: PageRoute[] = [
  ...publicRoutes,
  {
    element: <RequireSession />,
    children: [
      {
        path: '/',
        // The engine lives only inside the signed-in shell: on /login its hubs would answer 401.
        element: (
          <LiveProvider>
            <Shell />
          </LiveProvider>
        ),
        // The shell itself failing shows the root fallback of App.tsx, without the shell.
        children: [
          {
            // Any page that throws shows the reload fallback inside the shell (SPEC §8).
            element: <PageBoundary />,
            children: [
              ...areaRoutes,
              ...stationRoutes,
              ...dashboardRoutes,
              ...processImageRoutes,
              ...chartRoutes,
              ...reportRoutes,
              ...alertRoutes,
              ...actionRoutes,
              ...energyRoutes,
              ...leakageRoutes,
              ...remoteAlarmRoutes,
              ...maintenanceRoutes,
              ...sessionRoutes,
              { path: '*', element: <NotFound />, handle: { label: null } },
            ],
          },
        ],
      },
    ],
  },
];
