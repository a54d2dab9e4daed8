import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Energy optimisation (DESIGN.md "Routes"), loaded with the first visit. */
export const energyRoutes: PageRoute[] = [
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
];
