/**
 * Remote alarms waiting for confirmation, live in every tab (issue "One truth on every
 * screen" item 4): the header, the navigation and the current alert list read the count.
 *
 * The engine derives it from every plan of the plant (workers/PendingPlanCount.ts) and sends a
 * tab only the count, one live item (`pendingRemoteAlarms`) leased once however many parts of
 * the tab read it. A tab held the plant's plans before, with a lease each: at 1,000 plans with
 * their recipients 0.7 MB of every tab's heap for one number (bench/README.md "JS heap per
 * tab").
 */
import {
  NO_PENDING_REMOTE_ALARMS,
  PENDING_REMOTE_ALARMS_KEY,
  type PendingRemoteAlarms,
} from '../../../domain/pendingRemoteAlarms.ts';
import { useLiveItem } from '../../../live/useLiveItem.ts';

export type { PendingRemoteAlarms } from '../../../domain/pendingRemoteAlarms.ts';

/** The count; none waits until the engine sent it (or when it could not be derived). */
export function usePendingRemoteAlarms(): PendingRemoteAlarms {
  return useLiveItem('pendingRemoteAlarms', PENDING_REMOTE_ALARMS_KEY) ?? NO_PENDING_REMOTE_ALARMS;
}
