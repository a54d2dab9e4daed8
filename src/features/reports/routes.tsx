import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/**
 * The report screens (SPEC §2 reports area, archive browser; DESIGN.md "Routes"), loaded with
 * their first visit.
 */
export const reportRoutes: PageRoute[] = [
  {
    path: 'reports',
    element: lazyPage(
      ['reports'],
      () => import('./ReportsIndexPage.tsx'),
      (m) => m.ReportsIndexPage,
    ),
  },
  {
    path: 'reports/overflow',
    element: lazyPage(
      ['reports'],
      () => import('./OverflowPage.tsx'),
      (m) => m.OverflowPage,
    ),
  },
  {
    path: 'reports/:kind/:id',
    element: lazyPage(
      ['reports', 'validation'],
      () => import('./ReportPage.tsx'),
      (m) => m.ReportPage,
    ),
  },
  {
    path: 'archive',
    element: lazyPage(
      ['reports'],
      () => import('./ArchiveBrowserPage.tsx'),
      (m) => m.ArchiveBrowserPage,
    ),
  },
];
