import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Maintenance (SPEC §2): machine pages by PV (`TYPE-NR`), the overview and the notifications. */
export const maintenanceRoutes: PageRoute[] = [
  {
    path: 'machines/:pv/datasheet',
    handle: { label: 'favorites.kind.datasheet', subject: true },
    element: lazyPage(
      ['maintenance'],
      () => import('./DatasheetPage.tsx'),
      (m) => m.DatasheetPage,
    ),
  },
  {
    path: 'machines/:pv/lifecycle',
    handle: { label: 'favorites.kind.lifecycle', subject: true },
    element: lazyPage(
      ['maintenance'],
      () => import('./LifecyclePage.tsx'),
      (m) => m.LifecyclePage,
    ),
  },
  {
    path: 'machines/:pv/runtime',
    handle: { label: 'favorites.kind.runtime', subject: true },
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./RuntimePage.tsx'),
      (m) => m.RuntimePage,
    ),
  },
  {
    path: 'maintenance',
    handle: { label: 'maintenance.nav.overview' },
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./MaintenancePage.tsx'),
      (m) => m.MaintenancePage,
    ),
  },
  {
    path: 'maintenance/notifications',
    handle: { label: 'favorites.kind.notifications' },
    element: lazyPage(
      ['maintenance', 'results', 'safeOps'],
      () => import('./NotificationsPage.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
];
