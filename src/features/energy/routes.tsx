import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** Energy optimisation and pipe leakage (DESIGN.md "Routes"), loaded with their first visit. */
export const analyticsRoutes: RouteObject[] = [
  {
    path: 'energy',
    lazy: () =>
      withAreas(['energy'], import('./EnergyPages.tsx')).then((m) => ({
        Component: m.EnergyListPage,
      })),
  },
  {
    path: 'energy/:station',
    lazy: () =>
      withAreas(['energy'], import('./EnergyPages.tsx')).then((m) => ({
        Component: m.EnergyStationPage,
      })),
  },
  {
    path: 'leakage',
    lazy: () =>
      withAreas(['alarmState', 'leakage'], import('../leakage/LeakagePages.tsx')).then((m) => ({
        Component: m.LeakageListPage,
      })),
  },
  {
    path: 'leakage/:id',
    lazy: () =>
      withAreas(['alarmState', 'leakage'], import('../leakage/LeakagePages.tsx')).then((m) => ({
        Component: m.LeakageSectionPage,
      })),
  },
];
