import type { ParseKeys } from 'i18next';
import type { Params } from 'react-router';
import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** A report's kind in its address (`/reports/daily/201`) names the saved page. */
const REPORT_KIND_LABELS: Readonly<Record<string, ParseKeys>> = {
  daily: 'reports.kind.Daily',
  weekly: 'reports.kind.Weekly',
  monthly: 'reports.kind.Monthly',
  annual: 'reports.kind.Annual',
  special: 'reports.kind.Special',
};
const reportKindLabel = ({ kind = '' }: Params): ParseKeys | undefined =>
  Object.hasOwn(REPORT_KIND_LABELS, kind.toLowerCase())
    ? REPORT_KIND_LABELS[kind.toLowerCase()]
    : undefined;

/**
 * The report screens (SPEC §2 reports area, archive browser; DESIGN.md "Routes"), loaded with
 * their first visit.
 */
export const reportRoutes: PageRoute[] = [
  {
    path: 'reports',
    handle: { label: 'reports.nav.title' },
    element: lazyPage(
      ['reports'],
      () => import('./ReportsIndexPage.tsx'),
      (m) => m.ReportsIndexPage,
    ),
  },
  {
    path: 'reports/overflow',
    handle: { label: 'favorites.kind.overflow' },
    element: lazyPage(
      ['reports'],
      () => import('./OverflowPage.tsx'),
      (m) => m.OverflowPage,
    ),
  },
  {
    path: 'reports/:kind/:id',
    handle: { label: reportKindLabel, subject: true },
    element: lazyPage(
      ['reports', 'validation'],
      () => import('./ReportPage.tsx'),
      (m) => m.ReportPage,
    ),
  },
  {
    path: 'archive',
    handle: { label: 'reports.nav.archive' },
    element: lazyPage(
      ['reports'],
      () => import('./ArchiveBrowserPage.tsx'),
      (m) => m.ArchiveBrowserPage,
    ),
  },
];
