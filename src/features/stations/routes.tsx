import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Loaded with the first visit of a station page, not with the first screen. */
export const stationRoutes: PageRoute[] = [
  {
    path: 'stations',
    element: lazyPage(
      ['alarmState', 'stations'],
      () => import('./StationsOverview.tsx'),
      (m) => m.StationsOverview,
    ),
  },
  {
    path: 'stations/:nr',
    element: lazyPage(
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
      () => import('./StationPage.tsx'),
      (m) => m.StationPage,
    ),
  },
];
