/** Sign-in calls (DESIGN.md "Sign-in calls"). */
import type { CsrfResponse, LoginRequest, LoginResponse } from '../contract/auth.ts';
import { API } from '../contract/paths.ts';
import { getJson, postJson } from './http.ts';

export const fetchLoginToken = () => getJson<CsrfResponse>(API.account.csrf);
export const login = (request: LoginRequest) => postJson<LoginResponse>(API.account.login, request);
export const verifyCode = (code: string) => postJson<LoginResponse>(API.account.verify, { code });
