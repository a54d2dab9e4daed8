import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The areas of AlertsPage.tsx: the alert list and the archive show the same texts. */
const ALERTS_PAGE_AREAS = [
  'actions',
  'alarmState',
  'alerts',
  'charts',
  'filters',
  'remoteAlarm',
  'results',
  'safeOps',
  'stations',
  'validation',
] as const;

/** The areas of EventsPage.tsx, for system and control events alike. */
const EVENTS_PAGE_AREAS = ['alarmState', 'alerts', 'charts'] as const;

/** The alert and event screens (SPEC §2), loaded with their first visit. */
export const alertRoutes: PageRoute[] = [
  {
    path: 'alerts',
    handle: { label: 'alerts.nav.list' },
    element: lazyPage(
      ALERTS_PAGE_AREAS,
      () => import('./AlertsPage.tsx'),
      (m) => m.AlertListPage,
    ),
  },
  {
    // ARCHIVE_PATH (main.tsx compares with it); a literal, as the build's preload map reads it.
    path: 'alerts/archive',
    handle: { label: 'alerts.nav.archive' },
    element: lazyPage(
      ALERTS_PAGE_AREAS,
      () => import('./AlertsPage.tsx'),
      (m) => m.AlertArchivePage,
    ),
  },
  {
    path: 'alerts/history',
    handle: { label: 'favorites.kind.alertHistory', subject: true },
    element: lazyPage(
      ['actions', 'alarmState', 'alerts', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./PvAlertHistoryPage.tsx'),
      (m) => m.PvAlertHistoryPage,
    ),
  },
  {
    path: 'alerts/performance',
    handle: { label: 'alerts.performance.nav' },
    element: lazyPage(
      ['alarmState', 'alerts', 'charts', 'results'],
      () => import('./performance/AlarmPerformancePage.tsx'),
      (m) => m.AlarmPerformancePage,
    ),
  },
  {
    path: 'events/system',
    handle: { label: 'alerts.nav.systemEvents' },
    element: lazyPage(
      EVENTS_PAGE_AREAS,
      () => import('./EventsPage.tsx'),
      (m) => m.SystemEventsPage,
    ),
  },
  {
    path: 'events/control',
    handle: { label: 'alerts.nav.controlEvents' },
    element: lazyPage(
      EVENTS_PAGE_AREAS,
      () => import('./EventsPage.tsx'),
      (m) => m.ControlEventsPage,
    ),
  },
];
