import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Energy optimisation and pipe leakage (DESIGN.md "Routes"), loaded with their first visit. */
export const analyticsRoutes: PageRoute[] = [
  {
    path: 'energy',
    handle: { label: 'energy.nav' },
    element: lazyPage(
      ['energy'],
      () => import('./EnergyPages.tsx'),
      (m) => m.EnergyListPage,
    ),
  },
  {
    path: 'energy/:station',
    handle: { label: 'energy.nav', subject: true },
    element: lazyPage(
      ['energy'],
      () => import('./EnergyPages.tsx'),
      (m) => m.EnergyStationPage,
    ),
  },
  {
    path: 'leakage',
    handle: { label: 'leakage.nav' },
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('../leakage/LeakagePages.tsx'),
      (m) => m.LeakageListPage,
    ),
  },
  {
    path: 'leakage/:id',
    handle: { label: 'leakage.nav', subject: true },
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('../leakage/LeakagePages.tsx'),
      (m) => m.LeakageSectionPage,
    ),
  },
];
