import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The operating pages (SPEC §2 "set PVs", "priority outputs", "text output", "counter reset"). */
export const actionRoutes: PageRoute[] = [
  {
    path: 'actions',
    element: lazyPage(
      ['actions'],
      () => import('./ActionsPage.tsx'),
      (m) => m.ActionsPage,
    ),
  },
  {
    path: 'actions/set-values',
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./SetValuesPage.tsx'),
      (m) => m.SetValuesPage,
    ),
  },
  {
    path: 'actions/priority-outputs',
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./PriorityOutputsPage.tsx'),
      (m) => m.PriorityOutputsPage,
    ),
  },
  {
    path: 'actions/text-outputs',
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations'],
      () => import('./TextOutputsPage.tsx'),
      (m) => m.TextOutputsPage,
    ),
  },
  {
    path: 'actions/counters',
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations'],
      () => import('./CountersPage.tsx'),
      (m) => m.CountersPage,
    ),
  },
];
