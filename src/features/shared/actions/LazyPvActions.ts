/**
 * Bedienen's dialogs for one PV (PvActions.tsx), loaded on first use together with the texts
 * they show (`withAreas`): the station page, a dashboard's machine tile and a process image
 * offer them, and none of those tabs loads these texts before an operator opens one (issue 58:
 * the page named every area of the dialogs, 38 kB of German texts in each such tab).
 */
import { lazy } from 'react';
import { withAreas } from '../../../app/i18n.ts';

/** The areas PvActions.tsx and the dialogs it opens show (tests/unit/i18n L5 checks). */
const PV_ACTIONS_AREAS = [
  'actions',
  'alarmState',
  'alerts',
  'maintenance',
  'platform',
  'results',
  'safeOps',
  'stations',
  'validation',
] as const;

/**
 * The dialogs' code or texts could not be fetched (a dropped link, a version the server no
 * longer has): told apart from an error while they render, which is no load failure
 * (PvActionsLoader.tsx says which).
 */
export class PvActionsLoadError extends Error {
  override readonly name = 'PvActionsLoadError';
  constructor(cause: unknown) {
    super(`the action dialogs could not be loaded: ${String(cause)}`, { cause });
  }
}

export const LazyPvActions = lazy(() =>
  withAreas(PV_ACTIONS_AREAS, import('./PvActions.tsx')).then(
    (m) => ({ default: m.PvActions }),
    (cause: unknown) => {
      throw new PvActionsLoadError(cause);
    },
  ),
);
