import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/**
 * The areas of DashboardPage.tsx, for the list of dashboards and one dashboard alike; a
 * machine's tile offers its commands (actions and what they show); Bedienen's dialogs bring
 * their own texts (LazyPvActions.ts).
 */
const DASHBOARD_PAGE_AREAS = [
  'actions',
  'alarmState',
  'dashboard',
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
    handle: { label: 'dashboard.nav.dashboard' },
    element: lazyPage(
      DASHBOARD_PAGE_AREAS,
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardListPage,
    ),
  },
  {
    path: 'dashboard/:id',
    handle: { label: 'favorites.kind.dashboard', subject: true },
    element: lazyPage(
      DASHBOARD_PAGE_AREAS,
      () => import('./DashboardPage.tsx'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'webcams',
    handle: { label: 'webcam.nav' },
    element: lazyPage(
      WEBCAM_PAGE_AREAS,
      () => import('./webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
  {
    path: 'webcams/:id',
    handle: { label: 'favorites.kind.webcam', subject: true },
    element: lazyPage(
      WEBCAM_PAGE_AREAS,
      () => import('./webcam/WebcamPage.tsx'),
      (m) => m.WebcamPage,
    ),
  },
];
