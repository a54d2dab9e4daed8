/** SPEC §7 "User and system": the signed-in user, rights, lease, password change. */
import type {
  ChangePasswordRequest,
  RightsInfo,
  StatusResult,
  UserInfo,
} from '../contract/auth.ts';
import { API } from '../contract/paths.ts';
import { getJson, postJson, takeEarlyJson } from './http.ts';

export const fetchUserInfo = () => getJson<UserInfo>(API.user.info);
export const fetchRights = () => getJson<RightsInfo>(API.user.rights);

type SessionAnswer = [UserInfo, RightsInfo];
let prefetched: Promise<SessionAnswer> | null = null;

/**
 * Asks for the signed-in user and rights while the page still loads (main.tsx), so the
 * session guard does not start the round trip only after the first render. The page's first
 * script has usually asked already (`EARLY_PATHS`): its answers are taken here.
 */
export function prefetchSession(): Promise<SessionAnswer> {
  prefetched ??= Promise.all([
    takeEarlyJson<UserInfo>(API.user.info) ?? fetchUserInfo(),
    takeEarlyJson<RightsInfo>(API.user.rights) ?? fetchRights(),
  ]);
  // The guard reports failures when it takes the answer; none is unhandled meanwhile.
  prefetched.catch(() => undefined);
  return prefetched;
}

/** The guard has the prefetched answer already (main.tsx applied it): no one takes it later. */
export function dropPrefetchedSession(answer: Promise<SessionAnswer>): void {
  if (prefetched === answer) prefetched = null;
}

/** The prefetched answer once, then fresh requests (a retry must ask again). */
export function loadSession(): Promise<SessionAnswer> {
  const answer = prefetched ?? Promise.all([fetchUserInfo(), fetchRights()]);
  prefetched = null;
  return answer;
}
export const renewLease = () => postJson<{ leaseExpiresAt: number }>(API.user.renewLease);
export const changePassword = (request: ChangePasswordRequest) =>
  postJson<StatusResult>(API.user.changePassword, request);
