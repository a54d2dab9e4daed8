import type { RouteObject } from 'react-router';

/** Energy optimisation and pipe leakage (DESIGN.md "Routes"), loaded with their first visit. */
export const analyticsRoutes: RouteObject[] = [
  {
    path: 'energy',
    lazy: () => import('./EnergyPages.tsx').then((m) => ({ Component: m.EnergyListPage })),
  },
  {
    path: 'energy/:station',
    lazy: () => import('./EnergyPages.tsx').then((m) => ({ Component: m.EnergyStationPage })),
  },
  {
    path: 'leakage',
    lazy: () =>
      import('../leakage/LeakagePages.tsx').then((m) => ({ Component: m.LeakageListPage })),
  },
  {
    path: 'leakage/:id',
    lazy: () =>
      import('../leakage/LeakagePages.tsx').then((m) => ({ Component: m.LeakageSectionPage })),
  },
];
