import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/**
 * The report screens (SPEC §2 reports area, archive browser; DESIGN.md "Routes"), loaded with
 * their first visit.
 */
export const reportRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: () =>
      withAreas(['reports'], import('./ReportsIndexPage.tsx')).then((m) => ({
        Component: m.ReportsIndexPage,
      })),
  },
  {
    path: 'reports/overflow',
    lazy: () =>
      withAreas(['reports'], import('./OverflowPage.tsx')).then((m) => ({
        Component: m.OverflowPage,
      })),
  },
  {
    path: 'reports/:kind/:id',
    lazy: () =>
      withAreas(['reports', 'validation'], import('./ReportPage.tsx')).then((m) => ({
        Component: m.ReportPage,
      })),
  },
  {
    path: 'archive',
    lazy: () =>
      withAreas(['reports'], import('./ArchiveBrowserPage.tsx')).then((m) => ({
        Component: m.ArchiveBrowserPage,
      })),
  },
];
