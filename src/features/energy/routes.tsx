import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Energy optimisation and pipe leakage (DESIGN.md "Routes"), loaded with their first visit. */
export const analyticsRoutes: PageRoute[] = [
  {
    path: 'energy',
    element: lazyPage(
      ['energy'],
      () => import('./EnergyPages.tsx'),
      (m) => m.EnergyListPage,
    ),
  },
  {
    path: 'energy/:station',
    element: lazyPage(
      ['energy'],
      () => import('./EnergyPages.tsx'),
      (m) => m.EnergyStationPage,
    ),
  },
  {
    path: 'leakage',
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('../leakage/LeakagePages.tsx'),
      (m) => m.LeakageListPage,
    ),
  },
  {
    path: 'leakage/:id',
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('../leakage/LeakagePages.tsx'),
      (m) => m.LeakageSectionPage,
    ),
  },
];
