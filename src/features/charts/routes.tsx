import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/**
 * The chart screens (SPEC §2 charts, annotations overview, navigation targets). Loaded with
 * their first visit, so uPlot and the chart code stay out of the first screen's bundle.
 */
export const chartRoutes: RouteObject[] = [
  {
    path: 'charts',
    lazy: () =>
      withAreas(['charts'], import('./ChartDirectoryPage.tsx')).then((m) => ({
        Component: m.ChartDirectoryPage,
      })),
  },
  {
    path: 'charts/annotations',
    lazy: () =>
      withAreas(['charts'], import('./AnnotationsPage.tsx')).then((m) => ({
        Component: m.AnnotationsPage,
      })),
  },
  {
    path: 'charts/archive',
    lazy: () =>
      withAreas(['charts'], import('./ArchiveChartPage.tsx')).then((m) => ({
        Component: m.ArchiveChartPage,
      })),
  },
  {
    path: 'charts/:id',
    lazy: () =>
      withAreas(['alarmState', 'charts', 'safeOps'], import('./ChartPage.tsx')).then((m) => ({
        Component: m.ChartPage,
      })),
  },
  {
    path: 'trend/realtime',
    lazy: () =>
      withAreas(['alarmState', 'charts', 'safeOps'], import('./TrendPage.tsx')).then((m) => ({
        Component: m.RealtimeTrendPage,
      })),
  },
  {
    path: 'trend/archive',
    lazy: () =>
      withAreas(['alarmState', 'charts', 'safeOps'], import('./TrendPage.tsx')).then((m) => ({
        Component: m.ArchiveTrendPage,
      })),
  },
];
