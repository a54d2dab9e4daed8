import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Maintenance (SPEC §2): machine pages by PV (`TYPE-NR`), the overview and the notifications. */
export const maintenanceRoutes: PageRoute[] = [
  {
    path: 'machines/:pv/datasheet',
    element: lazyPage(
      ['maintenance'],
      () => import('./DatasheetPage.tsx'),
      (m) => m.DatasheetPage,
    ),
  },
  {
    path: 'machines/:pv/lifecycle',
    element: lazyPage(
      ['maintenance'],
      () => import('./LifecyclePage.tsx'),
      (m) => m.LifecyclePage,
    ),
  },
  {
    path: 'machines/:pv/runtime',
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./RuntimePage.tsx'),
      (m) => m.RuntimePage,
    ),
  },
  {
    path: 'maintenance',
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./MaintenancePage.tsx'),
      (m) => m.MaintenancePage,
    ),
  },
  {
    path: 'maintenance/notifications',
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./NotificationsPage.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
];
