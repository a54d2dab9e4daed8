import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** Dashboards, process images and webcams; each loaded with its first visit. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () =>
      withAreas(['alarmState', 'dashboard', 'platform'], import('./DashboardPage.tsx')).then(
        (m) => ({ Component: m.DashboardListPage }),
      ),
  },
  {
    path: 'dashboard/:id',
    lazy: () =>
      withAreas(['alarmState', 'dashboard', 'platform'], import('./DashboardPage.tsx')).then(
        (m) => ({ Component: m.DashboardPage }),
      ),
  },
  {
    path: 'process-images',
    lazy: () =>
      withAreas(['processImages'], import('../process-images/ProcessImageListPage.tsx')).then(
        (m) => ({
          Component: m.ProcessImageListPage,
        }),
      ),
  },
  {
    path: 'process-images/:name',
    lazy: () =>
      withAreas(
        [
          'actions',
          'alarmState',
          'alerts',
          'maintenance',
          'platform',
          'processImages',
          'results',
          'safeOps',
          'stations',
          'validation',
        ],
        import('../process-images/ProcessImagePage.tsx'),
      ).then((m) => ({
        Component: m.ProcessImagePage,
      })),
  },
  {
    path: 'webcams',
    lazy: () =>
      withAreas(['dashboard', 'webcam'], import('../webcam/WebcamPage.tsx')).then((m) => ({
        Component: m.WebcamPage,
      })),
  },
  {
    path: 'webcams/:id',
    lazy: () =>
      withAreas(['dashboard', 'webcam'], import('../webcam/WebcamPage.tsx')).then((m) => ({
        Component: m.WebcamPage,
      })),
  },
];
