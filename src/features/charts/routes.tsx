import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/**
 * The chart screens (SPEC §2 charts, annotations overview, navigation targets). Loaded with
 * their first visit, so uPlot and the chart code stay out of the first screen's bundle.
 */
export const chartRoutes: PageRoute[] = [
  {
    path: 'charts',
    handle: { label: 'charts.nav.title' },
    element: lazyPage(
      ['charts'],
      () => import('./ChartDirectoryPage.tsx'),
      (m) => m.ChartDirectoryPage,
    ),
  },
  {
    path: 'charts/annotations',
    handle: { label: 'favorites.kind.annotations' },
    element: lazyPage(
      ['charts'],
      () => import('./AnnotationsPage.tsx'),
      (m) => m.AnnotationsPage,
    ),
  },
  {
    path: 'charts/archive',
    handle: { label: 'favorites.kind.archiveChart' },
    element: lazyPage(
      ['charts'],
      () => import('./ArchiveChartPage.tsx'),
      (m) => m.ArchiveChartPage,
    ),
  },
  {
    path: 'charts/:id',
    handle: { label: 'favorites.kind.chart', subject: true },
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./ChartPage.tsx'),
      (m) => m.ChartPage,
    ),
  },
  {
    path: 'trend/realtime',
    handle: { label: 'favorites.kind.realtimeTrend' },
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./TrendPage.tsx'),
      (m) => m.RealtimeTrendPage,
    ),
  },
  {
    path: 'trend/archive',
    handle: { label: 'favorites.kind.archiveTrend' },
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./TrendPage.tsx'),
      (m) => m.ArchiveTrendPage,
    ),
  },
];
