import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/**
 * The chart screens (SPEC §2 charts, annotations overview, navigation targets). Loaded with
 * their first visit, so uPlot and the chart code stay out of the first screen's bundle.
 */
export const chartRoutes: PageRoute[] = [
  {
    path: 'charts',
    element: lazyPage(
      ['charts'],
      () => import('./ChartDirectoryPage.tsx'),
      (m) => m.ChartDirectoryPage,
    ),
  },
  {
    path: 'charts/annotations',
    element: lazyPage(
      ['charts'],
      () => import('./AnnotationsPage.tsx'),
      (m) => m.AnnotationsPage,
    ),
  },
  {
    path: 'charts/archive',
    element: lazyPage(
      ['charts'],
      () => import('./ArchiveChartPage.tsx'),
      (m) => m.ArchiveChartPage,
    ),
  },
  {
    path: 'charts/:id',
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./ChartPage.tsx'),
      (m) => m.ChartPage,
    ),
  },
  {
    path: 'trend/realtime',
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./TrendPage.tsx'),
      (m) => m.RealtimeTrendPage,
    ),
  },
  {
    path: 'trend/archive',
    element: lazyPage(
      ['alarmState', 'charts', 'safeOps'],
      () => import('./TrendPage.tsx'),
      (m) => m.ArchiveTrendPage,
    ),
  },
];
