/** Sign-in, users, rights and system settings (DESIGN.md "Sign-in calls", SPEC §6, §8). */
import type { ResultStatus } from './enums.ts';

/** Every outcome of POST /api/Account/login and /verify (SPEC §8 "Login"). */
export const LOGIN_OUTCOMES = [
  'Success',
  'SecondFactorRequired',
  'InvalidCredentials',
  'LoginWindowExpired',
  'CsrfTokenExpired',
  'LoginNotPossible',
  'LockedOut',
  'RecaptchaInvalid',
  'TokenIncorrect',
  'LicenseExceededUsers',
  'LicenseExceededPvGroups',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

export interface CsrfResponse {
  csrfToken: string;
}

export interface LoginRequest {
  csrfToken: string;
  recaptchaToken: string;
  username: string;
  password: string;
}

export interface LoginResponse {
  status: LoginOutcome;
  /** For LockedOut: epoch ms when a new attempt is allowed. */
  lockedUntil?: number;
  /** For Success of /verify: the session's token for the CSRF header. */
  csrfToken?: string;
}

export interface VerifyRequest {
  code: string;
}

export const RIGHTS = [
  'writePvs',
  'writePlans',
  'writeCounters',
  'ackPlans',
  'ackFailureInputs',
  'ackAlerts',
  'deleteAlerts',
  'dialStations',
  'editCharts',
  'editDashboards',
  'editMaintenance',
  'admin',
] as const;
export type Right = (typeof RIGHTS)[number];

export const ROLES = ['operator', 'maintenance', 'viewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface UserInfo {
  username: string;
  displayName: string;
  role: Role;
  /** A user whose password is managed by a domain must change it there (SPEC §5). */
  domainManaged: boolean;
  /** Auto-logout timeout in ms (SPEC §9), 0 when disabled. */
  autoLogoutMs: number;
  /** Epoch ms when the current session lease ends unless renewed. */
  leaseExpiresAt: number;
  /** The session's token for the CSRF header of state-changing calls. */
  csrfToken: string;
}

export interface RightsInfo {
  rights: Right[];
  /** Station numbers this user may act on; null means all stations. */
  stations: number[] | null;
}

export interface PasswordPolicy {
  minLength: number;
  requireDigit: boolean;
  requireUpper: boolean;
  requireLower: boolean;
}

export interface ChangePasswordRequest {
  oldPassword: string;
  newPassword: string;
  newConfirmation: string;
}

export interface StatusResult {
  status: ResultStatus;
  message: string | null;
}

export interface LicenseOptions {
  maxActiveUsers: number;
  maxActivePvGroupRegistrations: number;
}

export interface SystemSettings {
  plantName: string;
  operator: string;
  address: string;
  serverVersion: string;
  timeZone: string;
  supportEmail: string;
  supportPhone: string;
}
