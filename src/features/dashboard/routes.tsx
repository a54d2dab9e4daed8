import type { RouteObject } from 'react-router';

/** Dashboards, process images and webcams; each loaded with its first visit. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () => import('./DashboardPage.tsx').then((m) => ({ Component: m.DashboardListPage })),
  },
  {
    path: 'dashboard/:id',
    lazy: () => import('./DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'process-images',
    lazy: () =>
      import('../process-images/ProcessImageListPage.tsx').then((m) => ({
        Component: m.ProcessImageListPage,
      })),
  },
  {
    path: 'process-images/:name',
    lazy: () =>
      import('../process-images/ProcessImagePage.tsx').then((m) => ({
        Component: m.ProcessImagePage,
      })),
  },
  {
    path: 'webcams',
    lazy: () => import('../webcam/WebcamPage.tsx').then((m) => ({ Component: m.WebcamPage })),
  },
  {
    path: 'webcams/:id',
    lazy: () => import('../webcam/WebcamPage.tsx').then((m) => ({ Component: m.WebcamPage })),
  },
];
