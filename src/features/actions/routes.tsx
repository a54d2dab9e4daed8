import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** The operating pages (SPEC §2 "set PVs", "priority outputs", "text output", "counter reset"). */
export const actionRoutes: RouteObject[] = [
  {
    path: 'actions',
    lazy: () =>
      withAreas(['actions'], import('./ActionsPage.tsx')).then((m) => ({
        Component: m.ActionsPage,
      })),
  },
  {
    path: 'actions/set-values',
    lazy: () =>
      withAreas(
        ['actions', 'results', 'safeOps', 'stations', 'validation'],
        import('./SetValuesPage.tsx'),
      ).then((m) => ({ Component: m.SetValuesPage })),
  },
  {
    path: 'actions/priority-outputs',
    lazy: () =>
      withAreas(
        ['actions', 'results', 'safeOps', 'stations', 'validation'],
        import('./PriorityOutputsPage.tsx'),
      ).then((m) => ({ Component: m.PriorityOutputsPage })),
  },
  {
    path: 'actions/text-outputs',
    lazy: () =>
      withAreas(
        ['actions', 'results', 'safeOps', 'stations'],
        import('./TextOutputsPage.tsx'),
      ).then((m) => ({ Component: m.TextOutputsPage })),
  },
  {
    path: 'actions/counters',
    lazy: () =>
      withAreas(['actions', 'results', 'safeOps', 'stations'], import('./CountersPage.tsx')).then(
        (m) => ({ Component: m.CountersPage }),
      ),
  },
];
