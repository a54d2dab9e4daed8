import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Dashboards, process images and webcams; each loaded with its first visit. */
export const dashboardRoutes: PageRoute[] = [
  {
    path: 'dashboard',
    element: lazyPage(
      ['alarmState', 'dashboard', 'platform'],
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardListPage,
    ),
  },
  {
    path: 'dashboard/:id',
    element: lazyPage(
      ['alarmState', 'dashboard', 'platform'],
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'process-images',
    element: lazyPage(
      ['processImages'],
      () => import('../process-images/ProcessImageListPage.tsx'),
      (m) => m.ProcessImageListPage,
    ),
  },
  {
    path: 'process-images/:name',
    element: lazyPage(
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
      () => import('../process-images/ProcessImagePage.tsx'),
      (m) => m.ProcessImagePage,
    ),
  },
  {
    path: 'webcams',
    element: lazyPage(
      ['dashboard', 'webcam'],
      () => import('../webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
  {
    path: 'webcams/:id',
    element: lazyPage(
      ['dashboard', 'webcam'],
      () => import('../webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
];
