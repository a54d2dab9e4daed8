import type { RouteObject } from 'react-router';

/** The alert and event screens (SPEC §2), loaded with their first visit. */
export const alertRoutes: RouteObject[] = [
  {
    path: 'alerts',
    lazy: () => import('./AlertsPage.tsx').then((m) => ({ Component: m.AlertListPage })),
  },
  {
    path: 'alerts/archive',
    lazy: () => import('./AlertsPage.tsx').then((m) => ({ Component: m.AlertArchivePage })),
  },
  {
    path: 'alerts/history',
    lazy: () =>
      import('./PvAlertHistoryPage.tsx').then((m) => ({ Component: m.PvAlertHistoryPage })),
  },
  {
    path: 'events/system',
    lazy: () => import('./EventsPage.tsx').then((m) => ({ Component: m.SystemEventsPage })),
  },
  {
    path: 'events/control',
    lazy: () => import('./EventsPage.tsx').then((m) => ({ Component: m.ControlEventsPage })),
  },
];
