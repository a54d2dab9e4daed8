import type { RouteObject } from 'react-router';

/** Loaded with the first visit of a station page, not with the first screen. */
export const stationRoutes: RouteObject[] = [
  {
    path: 'stations',
    lazy: () => import('./StationsOverview.tsx').then((m) => ({ Component: m.StationsOverview })),
  },
  {
    path: 'stations/:nr',
    lazy: () => import('./StationPage.tsx').then((m) => ({ Component: m.StationPage })),
  },
];
