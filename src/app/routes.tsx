/**
 * One stable, readable URL per area (DESIGN.md "Routes"), composed from route arrays so
 * features add theirs without touching the shell.
 * /login stays outside the session guard; everything else needs a signed-in user.
 */
import { withAreas } from './i18n.ts';
import type { RouteObject } from 'react-router';
import { Shell } from './Shell.tsx';
import { NotFound } from './NotFound.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { Home } from '../features/home/Home.tsx';
import { RequireSession } from '../features/auth/RequireSession.tsx';
import { publicRoutes, sessionRoutes } from '../features/auth/routes.tsx';
import { LiveProvider } from '../live/index.ts';
import { stationRoutes } from '../features/stations/routes.tsx';
import { alertRoutes } from '../features/alerts/routes.tsx';
import { actionRoutes } from '../features/actions/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { chartRoutes } from '../features/charts/routes.tsx';
import { analyticsRoutes } from '../features/energy/routes.tsx';
import { remoteAlarmRoutes } from '../features/remote-alarm/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { maintenanceRoutes } from '../features/maintenance/routes.tsx';

/** Pages inside the shell. Pages not on the first screen load lazily (startup budget). */
export const areaRoutes: RouteObject[] = [
  { index: true, element: <Home /> },
  {
    path: 'settings',
    lazy: () =>
      withAreas(
        ['alerts', 'auth', 'settings'],
        import('../features/settings/SettingsPage.tsx'),
      ).then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'about',
    lazy: () =>
      withAreas(['about', 'platform'], import('../features/about/AboutPage.tsx')).then((m) => ({
        Component: m.AboutPage,
      })),
  },
  {
    path: 'help',
    lazy: () =>
      withAreas(['about', 'help'], import('../features/help/HelpPage.tsx')).then((m) => ({
        Component: m.HelpPage,
      })),
  },
  {
    path: 'diagnostics/error-boundary',
    lazy: () =>
      import('./diagnostics/ErrorProbe.tsx').then((m) => ({
        Component: m.ErrorProbe,
      })),
  },
  {
    path: 'diagnostics/ui',
    lazy: () =>
      withAreas(['help'], import('./diagnostics/UiKitSample.tsx')).then((m) => ({
        Component: m.UiKitSample,
      })),
  },
];

export const routes: RouteObject[] = [
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
        // Only when the shell itself fails: the fallback without the shell around it.
        errorElement: <RouteErrorBoundary root />,
        children: [
          {
            // Any page that throws shows the reload fallback inside the shell (SPEC §8).
            errorElement: <RouteErrorBoundary />,
            children: [
              ...areaRoutes,
              ...stationRoutes,
              ...dashboardRoutes,
              ...chartRoutes,
              ...reportRoutes,
              ...alertRoutes,
              ...actionRoutes,
              ...analyticsRoutes,
              ...remoteAlarmRoutes,
              ...maintenanceRoutes,
              ...sessionRoutes,
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
    ],
  },
];
