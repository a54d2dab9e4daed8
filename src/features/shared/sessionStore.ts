/** The signed-in user and rights of this tab, loaded by RequireSession (SPEC §6). */
import { proxy, useSnapshot } from 'valtio';
import type { Right, RightsInfo, UserInfo } from '../../contract/auth.ts';
import { onForbidden, setCsrfToken } from '../../api/http.ts';
import { fetchRights } from '../../api/userManagement.ts';

interface SessionState {
  user: UserInfo | null;
  rights: RightsInfo | null;
}

export const sessionState = proxy<SessionState>({ user: null, rights: null });

export function setSession(user: UserInfo, rights: RightsInfo): void {
  setCsrfToken(user.csrfToken);
  sessionState.user = user;
  sessionState.rights = rights;
}

export function clearSession(): void {
  setCsrfToken(null);
  sessionState.user = null;
  sessionState.rights = null;
}

let refreshing: Promise<void> | null = null;

/**
 * Reloads the signed-in user's rights (SPEC §8 "access denied, update user rights"). Calls
 * while one is under way share it; a failed reload keeps the rights the tab had.
 */
export function refreshRights(): Promise<void> {
  if (!sessionState.user) return Promise.resolve();
  refreshing ??= fetchRights()
    .then(
      (rights) => {
        if (sessionState.user) sessionState.rights = rights;
      },
      () => undefined,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

// A 403 means the rights the views were drawn with are out of date: reload them, and every
// view that asks useSession() follows without a page reload.
onForbidden(() => void refreshRights());

export interface Session {
  user: Readonly<UserInfo> | null;
  rights: readonly Right[];
  /** Station numbers the user may act on; null means every station. */
  stations: readonly number[] | null;
  /** True when the user holds the right (admin holds every right). */
  hasRight(right: Right): boolean;
  mayActOnStation(stationNumber: number): boolean;
}

export function useSession(): Session {
  const snap = useSnapshot(sessionState);
  const rights = snap.rights?.rights ?? [];
  const stations = snap.rights ? snap.rights.stations : null;
  return {
    user: snap.user,
    rights,
    stations,
    hasRight: (right) => rights.includes(right) || rights.includes('admin'),
    mayActOnStation: (n) => stations === null || stations.includes(n),
  };
}
