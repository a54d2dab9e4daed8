import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/**
 * The areas of DashboardPage.tsx, for the list of dashboards and one dashboard alike; a
 * machine's tile opens its commands and Bedienen's dialogs (actions and what they show).
 */
const DASHBOARD_PAGE_AREAS = [
  'actions',
  'alarmState',
  'alerts',
  'dashboard',
  'maintenance',
  'platform',
  'results',
  'safeOps',
  'stations',
  'validation',
] as const;

/** The areas of WebcamPage.tsx, with or without a chosen webcam. */
const WEBCAM_PAGE_AREAS = ['dashboard', 'webcam'] as const;

/** Dashboards and webcams; each loaded with its first visit. */
export const dashboardRoutes: PageRoute[] = [
  {
    path: 'dashboard',
    element: lazyPage(
      DASHBOARD_PAGE_AREAS,
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardListPage,
    ),
  },
  {
    path: 'dashboard/:id',
    element: lazyPage(
      DASHBOARD_PAGE_AREAS,
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'webcams',
    element: lazyPage(
      WEBCAM_PAGE_AREAS,
      () => import('./webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
  {
    path: 'webcams/:id',
    element: lazyPage(
      WEBCAM_PAGE_AREAS,
      () => import('./webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
];
