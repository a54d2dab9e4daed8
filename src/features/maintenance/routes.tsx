import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** Maintenance (SPEC §2): machine pages by PV (`TYPE-NR`), the overview and the notifications. */
export const maintenanceRoutes: RouteObject[] = [
  {
    path: 'machines/:pv/datasheet',
    lazy: () =>
      withAreas(['maintenance'], import('./DatasheetPage.tsx')).then((m) => ({
        Component: m.DatasheetPage,
      })),
  },
  {
    path: 'machines/:pv/lifecycle',
    lazy: () =>
      withAreas(['maintenance'], import('./LifecyclePage.tsx')).then((m) => ({
        Component: m.LifecyclePage,
      })),
  },
  {
    path: 'machines/:pv/runtime',
    lazy: () =>
      withAreas(['maintenance', 'results', 'safeOps'], import('./RuntimePage.tsx')).then((m) => ({
        Component: m.RuntimePage,
      })),
  },
  {
    path: 'maintenance',
    lazy: () =>
      withAreas(['maintenance', 'results', 'safeOps'], import('./MaintenancePage.tsx')).then(
        (m) => ({ Component: m.MaintenancePage }),
      ),
  },
  {
    path: 'maintenance/notifications',
    lazy: () =>
      withAreas(['maintenance', 'results', 'safeOps'], import('./NotificationsPage.tsx')).then(
        (m) => ({ Component: m.NotificationsPage }),
      ),
  },
];
