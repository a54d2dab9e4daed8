import { withAreas } from '../../app/i18n.ts';
import type { RouteObject } from 'react-router';

/** Remote alarming (DESIGN.md "Routes"), loaded with its first visit. */
export const remoteAlarmRoutes: RouteObject[] = [
  {
    path: 'remote-alarm/plans',
    lazy: () =>
      withAreas(
        ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
        import('./PlansPage.tsx'),
      ).then((m) => ({ Component: m.PlansPage })),
  },
  {
    path: 'remote-alarm/plans/confirm',
    lazy: () =>
      withAreas(
        ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
        import('./ConfirmPage.tsx'),
      ).then((m) => ({ Component: m.ConfirmPage })),
  },
  {
    path: 'remote-alarm/numbers',
    lazy: () =>
      withAreas(
        ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
        import('./NumbersPage.tsx'),
      ).then((m) => ({ Component: m.NumbersPage })),
  },
  {
    path: 'remote-alarm/numbers/edit',
    lazy: () =>
      withAreas(['remoteAlarm', 'results', 'safeOps'], import('./NumbersEditPage.tsx')).then(
        (m) => ({ Component: m.NumbersEditPage }),
      ),
  },
];
