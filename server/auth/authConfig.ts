/** Sign-in settings beyond ServerConfig, read once from the environment. */

export interface AuthConfig {
  /** PEGEL_LOGIN_DISABLED=1: the control server refuses sign-ins (LoginNotPossible). */
  loginDisabled: boolean;
  /** Time from GET csrf until the sign-in (password and code) must be done. */
  loginWindowMs: number;
  recaptchaVerifyUrl: string;
  /** PEGEL_TOTP_ALLOW_REPLAY=1, for tests only: a TOTP step may be used again. */
  totpAllowReplay: boolean;
  maxActiveUsers: number;
  maxActivePvGroups: number;
  /** Active PV group registrations as seen by sign-in; the hubs may provide the live count. */
  activePvGroups: number;
  /** Demo accounts whose password is managed by a domain (comma list), to show SPEC §5. */
  domainManagedUsers: string[];
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${value}`);
  return Math.trunc(n);
}

export function readAuthConfig(
  license: { maxActiveUsers: number; maxActivePvGroupRegistrations: number },
  env: NodeJS.ProcessEnv = process.env,
): AuthConfig {
  return {
    loginDisabled: env.PEGEL_LOGIN_DISABLED === '1',
    loginWindowMs: int(env.PEGEL_LOGIN_WINDOW_MS, 10 * 60_000),
    recaptchaVerifyUrl:
      env.PEGEL_RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    totpAllowReplay: env.PEGEL_TOTP_ALLOW_REPLAY === '1',
    maxActiveUsers: int(env.PEGEL_LICENSE_MAX_USERS, license.maxActiveUsers),
    maxActivePvGroups: int(env.PEGEL_LICENSE_MAX_PVGROUPS, license.maxActivePvGroupRegistrations),
    activePvGroups: int(env.PEGEL_LICENSE_ACTIVE_PVGROUPS, 0),
    domainManagedUsers: (env.PEGEL_DOMAIN_MANAGED_USERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
