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
    // Bedienen's dialogs bring their own texts (LazyPvActions.ts); the row's trend link and
    // action button have their words in `stations`, not in all of `charts` and `actions`.
    element: lazyPage(
      ['alarmState', 'remoteAlarm', 'stations'],
      () => import('./StationPage.tsx'),
      (m) => m.StationPage,
    ),
  },
];
