import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The list of process images and one image with its PV actions, loaded with the first visit. */
export const processImageRoutes: PageRoute[] = [
  {
    path: 'process-images',
    element: lazyPage(
      ['processImages'],
      () => import('./ProcessImageListPage.tsx'),
      (m) => m.ProcessImageListPage,
    ),
  },
  {
    path: 'process-images/:name',
    element: lazyPage(
      [
        'actions',
        'alarmState',
        'alerts',
        'maintenance',
        'platform',
        'processImages',
        'results',
        'safeOps',
        'stations',
        'validation',
      ],
      () => import('./ProcessImagePage.tsx'),
      (m) => m.ProcessImagePage,
    ),
  },
];
