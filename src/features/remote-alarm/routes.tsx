import type { RouteObject } from 'react-router';

/** Remote alarming (DESIGN.md "Routes"), loaded with its first visit. */
export const remoteAlarmRoutes: RouteObject[] = [
  {
    path: 'remote-alarm/plans',
    lazy: () => import('./PlansPage.tsx').then((m) => ({ Component: m.PlansPage })),
  },
  {
    path: 'remote-alarm/plans/confirm',
    lazy: () => import('./ConfirmPage.tsx').then((m) => ({ Component: m.ConfirmPage })),
  },
  {
    path: 'remote-alarm/numbers',
    lazy: () => import('./NumbersPage.tsx').then((m) => ({ Component: m.NumbersPage })),
  },
  {
    path: 'remote-alarm/numbers/edit',
    lazy: () => import('./NumbersEditPage.tsx').then((m) => ({ Component: m.NumbersEditPage })),
  },
];
