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
export const renewLease = () => postJson<{ leaseExpiresAt: number }>(API.user.renewLease);
export const changePassword = (request: ChangePasswordRequest) =>
  postJson<StatusResult>(API.user.changePassword, request);
