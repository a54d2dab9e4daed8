import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The list of process images and one image with its PV actions, loaded with the first visit. */
export const processImageRoutes: PageRoute[] = [
  {
    path: 'process-images',
    handle: { label: 'processImages.nav' },
    element: lazyPage(
      ['processImages'],
      () => import('./ProcessImageListPage.tsx'),
      (m) => m.ProcessImageListPage,
    ),
  },
  {
    path: 'process-images/:name',
    handle: { label: 'favorites.kind.processImage', subject: true },
    // Bedienen's dialogs bring their own texts (LazyPvActions.ts).
    element: lazyPage(
      [
        'actions',
        'alarmState',
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
