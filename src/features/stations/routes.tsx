import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** Loaded with the first visit of a station page, not with the first screen. */
export const stationRoutes: RouteObject[] = [
  {
    path: 'stations',
    lazy: () =>
      withAreas(['alarmState', 'stations'], import('./StationsOverview.tsx')).then((m) => ({
        Component: m.StationsOverview,
      })),
  },
  {
    path: 'stations/:nr',
    lazy: () =>
      withAreas(
        [
          'actions',
          'alarmState',
          'alerts',
          'charts',
          'maintenance',
          'platform',
          'remoteAlarm',
          'results',
          'safeOps',
          'stations',
          'validation',
        ],
        import('./StationPage.tsx'),
      ).then((m) => ({ Component: m.StationPage })),
  },
];
