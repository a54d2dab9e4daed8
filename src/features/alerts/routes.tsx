import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The alert and event screens (SPEC §2), loaded with their first visit. */
export const alertRoutes: PageRoute[] = [
  {
    path: 'alerts',
    element: lazyPage(
      [
        'actions',
        'alerts',
        'charts',
        'filters',
        'remoteAlarm',
        'results',
        'stations',
        'validation',
      ],
      () => import('./AlertsPage.tsx'),
      (m) => m.AlertListPage,
    ),
  },
  {
    path: 'alerts/archive',
    element: lazyPage(
      [
        'actions',
        'alerts',
        'charts',
        'filters',
        'remoteAlarm',
        'results',
        'stations',
        'validation',
      ],
      () => import('./AlertsPage.tsx'),
      (m) => m.AlertArchivePage,
    ),
  },
  {
    path: 'alerts/history',
    element: lazyPage(
      ['actions', 'alerts', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./PvAlertHistoryPage.tsx'),
      (m) => m.PvAlertHistoryPage,
    ),
  },
  {
    path: 'events/system',
    element: lazyPage(
      ['alerts', 'charts'],
      () => import('./EventsPage.tsx'),
      (m) => m.SystemEventsPage,
    ),
  },
  {
    path: 'events/control',
    element: lazyPage(
      ['alerts', 'charts'],
      () => import('./EventsPage.tsx'),
      (m) => m.ControlEventsPage,
    ),
  },
];
