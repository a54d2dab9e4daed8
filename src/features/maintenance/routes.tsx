import type { RouteObject } from 'react-router';

/** Maintenance (SPEC §2): machine pages by PV (`TYPE-NR`), the overview and the notifications. */
export const maintenanceRoutes: RouteObject[] = [
  {
    path: 'machines/:pv/datasheet',
    lazy: () => import('./DatasheetPage.tsx').then((m) => ({ Component: m.DatasheetPage })),
  },
  {
    path: 'machines/:pv/lifecycle',
    lazy: () => import('./LifecyclePage.tsx').then((m) => ({ Component: m.LifecyclePage })),
  },
  {
    path: 'machines/:pv/runtime',
    lazy: () => import('./RuntimePage.tsx').then((m) => ({ Component: m.RuntimePage })),
  },
  {
    path: 'maintenance',
    lazy: () => import('./MaintenancePage.tsx').then((m) => ({ Component: m.MaintenancePage })),
  },
  {
    path: 'maintenance/notifications',
    lazy: () => import('./NotificationsPage.tsx').then((m) => ({ Component: m.NotificationsPage })),
  },
];
