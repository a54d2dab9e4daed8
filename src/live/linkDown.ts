/**
 * What the tab shows of its link to the plant: the engine's connection states and the one only
 * the tab knows (EL2), and whether the link vouches for the values held (workers/SPEC.md LD1).
 */
import type { DisplayConnectionState } from '../contract/enums.ts';
import type { LinkDown } from '../domain/valueStanding.ts';
import type { ConnectionStatus } from '../../workers/engineProtocol.ts';

/**
 * The connection states a tab shows: those the engine reports (SPEC §4), and `engineLost`,
 * which only the tab can know: the engine itself has ended and a new one is starting (EL2).
 */
export type TabConnectionState = DisplayConnectionState | 'engineLost';

export interface TabConnectionStatus extends Omit<ConnectionStatus, 'display'> {
  display: TabConnectionState;
}

/**
 * LD1: whether the live link vouches for the values a tab holds, from its connection state.
 * Only a connected link does (domain/freshness.ts: its keep-alive vouches for quiet values).
 * The first attempt to connect names no fault (CD4), so values arriving then are not marked;
 * after an engine loss the new engine's start is the restart still (issue 55 item 11).
 */
export function linkDownOf(status: TabConnectionStatus, before: LinkDown | null): LinkDown | null {
  switch (status.display) {
    case 'connected':
      return null;
    case 'engineLost':
      return 'restarting';
    case 'connecting':
      if (before === 'restarting') return 'restarting';
      return status.firstStart ? null : 'linkDown';
    default:
      return 'linkDown';
  }
}
