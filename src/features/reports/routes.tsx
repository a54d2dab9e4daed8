import type { RouteObject } from 'react-router';

/**
 * The report screens (SPEC §2 reports area, archive browser; DESIGN.md "Routes"), loaded with
 * their first visit.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: () => import('./ReportsIndexPage.tsx').then((m) => ({ Component: m.ReportsIndexPage })),
  },
  {
    path: 'reports/overflow',
    lazy: () => import('./OverflowPage.tsx').then((m) => ({ Component: m.OverflowPage })),
  },
  {
    path: 'reports/:kind/:id',
    lazy: () => import('./ReportPage.tsx').then((m) => ({ Component: m.ReportPage })),
  },
  {
    path: 'archive',
    lazy: () =>
      import('./ArchiveBrowserPage.tsx').then((m) => ({ Component: m.ArchiveBrowserPage })),
  },
];
