import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** The operating pages (SPEC §2 "set PVs", "priority outputs", "text output", "counter reset"). */
export const actionRoutes: PageRoute[] = [
  {
    path: 'actions',
    handle: { label: 'actions.nav' },
    element: lazyPage(
      ['actions'],
      () => import('./ActionsPage.tsx'),
      (m) => m.ActionsPage,
    ),
  },
  {
    path: 'actions/set-values',
    handle: { label: 'favorites.kind.setValues' },
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./SetValuesPage.tsx'),
      (m) => m.SetValuesPage,
    ),
  },
  {
    path: 'actions/priority-outputs',
    handle: { label: 'favorites.kind.priorityOutputs' },
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations', 'validation'],
      () => import('./PriorityOutputsPage.tsx'),
      (m) => m.PriorityOutputsPage,
    ),
  },
  {
    path: 'actions/text-outputs',
    handle: { label: 'favorites.kind.textOutputs' },
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations'],
      () => import('./TextOutputsPage.tsx'),
      (m) => m.TextOutputsPage,
    ),
  },
  {
    path: 'actions/counters',
    handle: { label: 'favorites.kind.counters' },
    element: lazyPage(
      ['actions', 'results', 'safeOps', 'stations'],
      () => import('./CountersPage.tsx'),
      (m) => m.CountersPage,
    ),
  },
];
