import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** The alert and event screens (SPEC §2), loaded with their first visit. */
export const alertRoutes: RouteObject[] = [
  {
    path: 'alerts',
    lazy: () =>
      withAreas(
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
        import('./AlertsPage.tsx'),
      ).then((m) => ({ Component: m.AlertListPage })),
  },
  {
    path: 'alerts/archive',
    lazy: () =>
      withAreas(
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
        import('./AlertsPage.tsx'),
      ).then((m) => ({ Component: m.AlertArchivePage })),
  },
  {
    path: 'alerts/history',
    lazy: () =>
      withAreas(
        ['actions', 'alerts', 'results', 'safeOps', 'stations', 'validation'],
        import('./PvAlertHistoryPage.tsx'),
      ).then((m) => ({ Component: m.PvAlertHistoryPage })),
  },
  {
    path: 'events/system',
    lazy: () =>
      withAreas(['alerts', 'charts'], import('./EventsPage.tsx')).then((m) => ({
        Component: m.SystemEventsPage,
      })),
  },
  {
    path: 'events/control',
    lazy: () =>
      withAreas(['alerts', 'charts'], import('./EventsPage.tsx')).then((m) => ({
        Component: m.ControlEventsPage,
      })),
  },
];
