import type { RouteObject } from 'react-router';

/** The operating pages (SPEC §2 "set PVs", "priority outputs", "text output", "counter reset"). */
export const actionRoutes: RouteObject[] = [
  {
    path: 'actions',
    lazy: () => import('./ActionsPage.tsx').then((m) => ({ Component: m.ActionsPage })),
  },
  {
    path: 'actions/set-values',
    lazy: () => import('./SetValuesPage.tsx').then((m) => ({ Component: m.SetValuesPage })),
  },
  {
    path: 'actions/priority-outputs',
    lazy: () =>
      import('./PriorityOutputsPage.tsx').then((m) => ({ Component: m.PriorityOutputsPage })),
  },
  {
    path: 'actions/text-outputs',
    lazy: () => import('./TextOutputsPage.tsx').then((m) => ({ Component: m.TextOutputsPage })),
  },
  {
    path: 'actions/counters',
    lazy: () => import('./CountersPage.tsx').then((m) => ({ Component: m.CountersPage })),
  },
];
