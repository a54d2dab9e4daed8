import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Loaded with the first visit of a station page, not with the first screen. */
export const stationRoutes: PageRoute[] = [
  {
    path: 'stations',
    handle: { label: 'nav.stations' },
    element: lazyPage(
      ['alarmState', 'stations'],
      () => import('./StationsOverview.tsx'),
      (m) => m.StationsOverview,
    ),
  },
  {
    path: 'stations/:nr',
    handle: { label: 'favorites.kind.station', subject: true },
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
