/** SPEC §7 "User and system": the signed-in user, rights, lease, password change. */
import type {
  ChangePasswordRequest,
  RightsInfo,
  StatusResult,
  UserInfo,
} from '../contract/auth.ts';
import { API } from '../contract/paths.ts';
import { getJson, postJson } from './http.ts';

export const fetchUserInfo = () => getJson<UserInfo>(API.user.info);
export const fetchRights = () => getJson<RightsInfo>(API.user.rights);

type SessionAnswer = [UserInfo, RightsInfo];
let prefetched: Promise<SessionAnswer> | null = null;

/**
 * Asks for the signed-in user and rights while the page still loads (main.tsx), so the
 * session guard does not start the round trip only after the first render.
 */
export function prefetchSession(): void {
  prefetched ??= Promise.all([fetchUserInfo(), fetchRights()]);
  // The guard reports failures when it takes the answer; none is unhandled meanwhile.
  prefetched.catch(() => undefined);
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
