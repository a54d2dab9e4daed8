import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Pipe leakage (DESIGN.md "Routes"), loaded with the first visit. */
export const leakageRoutes: PageRoute[] = [
  {
    path: 'leakage',
    handle: { label: 'leakage.nav' },
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('./LeakagePages.tsx'),
      (m) => m.LeakageListPage,
    ),
  },
  {
    path: 'leakage/:id',
    handle: { label: 'leakage.nav', subject: true },
    element: lazyPage(
      ['alarmState', 'leakage'],
      () => import('./LeakagePages.tsx'),
      (m) => m.LeakageSectionPage,
    ),
  },
];
