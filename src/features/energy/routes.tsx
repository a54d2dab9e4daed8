import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Energy optimisation (DESIGN.md "Routes"), loaded with the first visit. */
export const energyRoutes: PageRoute[] = [
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
];
