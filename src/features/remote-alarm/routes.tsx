import { lazyPage, type PageRoute } from '../../app/lazyPage.tsx';

/** Remote alarming (DESIGN.md "Routes"), loaded with its first visit. */
export const remoteAlarmRoutes: PageRoute[] = [
  {
    path: 'remote-alarm/plans',
    handle: { label: 'remoteAlarm.nav' },
    element: lazyPage(
      ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
      () => import('./PlansPage.tsx'),
      (m) => m.PlansPage,
    ),
  },
  {
    path: 'remote-alarm/plans/confirm',
    handle: { label: 'favorites.kind.plansConfirm' },
    element: lazyPage(
      ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
      () => import('./ConfirmPage.tsx'),
      (m) => m.ConfirmPage,
    ),
  },
  {
    path: 'remote-alarm/numbers',
    handle: { label: 'remoteAlarm.navNumbers' },
    element: lazyPage(
      ['actions', 'remoteAlarm', 'results', 'safeOps', 'stations'],
      () => import('./NumbersPage.tsx'),
      (m) => m.NumbersPage,
    ),
  },
  {
    path: 'remote-alarm/numbers/edit',
    handle: { label: 'favorites.kind.numbersEdit' },
    element: lazyPage(
      ['remoteAlarm', 'results', 'safeOps'],
      () => import('./NumbersEditPage.tsx'),
      (m) => m.NumbersEditPage,
    ),
  },
];
