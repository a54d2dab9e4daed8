/**
 * The sign-in steps of DESIGN.md "Sign-in calls": csrf opens a login window, login checks
 * the password (and licence, reCAPTCHA, lockout), verify checks the TOTP code and creates
 * the session. Every refusal is one outcome of SPEC §8 "Login".
 */
import { timingSafeEqual } from 'node:crypto';
import type { LoginOutcome, LoginRequest, LoginResponse } from '../../src/contract/auth.ts';
import type { ServerConfig } from '../config.ts';
import type { AuthConfig } from './authConfig.ts';
import { afterFailure, afterSuccess, isLocked } from './lockout.ts';
import { DUMMY_HASH, verifyPassword } from './passwords.ts';
import type { PreloginStore } from './PreloginStore.ts';
import { verifyRecaptcha } from './recaptcha.ts';
import type { SessionStore } from './SessionStore.ts';
import { acceptTotp } from './totp.ts';
import type { UserRow, UserStore } from './UserStore.ts';

export interface VerifyResult {
  response: LoginResponse;
  /** Set on Success: the new session cookie value. */
  sessionCookie?: string;
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SignInFlow {
  constructor(
    private readonly config: ServerConfig,
    private readonly authConfig: AuthConfig,
    private readonly users: UserStore,
    private readonly sessions: SessionStore,
    private readonly prelogins: PreloginStore,
    private readonly now: () => number,
    /** Active PV group registrations now (the hubs may provide the live count). */
    private readonly activePvGroups: () => number,
    private readonly counted: (outcome: LoginOutcome) => void,
  ) {}

  private done(response: LoginResponse): LoginResponse {
    this.counted(response.status);
    return response;
  }

  async login(preloginId: string | null, request: LoginRequest): Promise<LoginResponse> {
    const now = this.now();
    if (this.authConfig.loginDisabled) return this.done({ status: 'LoginNotPossible' });
    const prelogin = this.prelogins.get(preloginId);
    if (!prelogin || !sameToken(prelogin.csrfToken, request.csrfToken))
      return this.done({ status: 'CsrfTokenExpired' });
    if (this.prelogins.isExpired(prelogin, now)) return this.done({ status: 'LoginWindowExpired' });
    prelogin.pendingUserId = null;
    if (
      this.config.recaptchaSecret &&
      !(await verifyRecaptcha(
        this.authConfig.recaptchaVerifyUrl,
        this.config.recaptchaSecret,
        request.recaptchaToken,
      ))
    )
      return this.done({ status: 'RecaptchaInvalid' });

    const user = this.users.byUsername(request.username.trim());
    if (!user) {
      // Same work as for a known user, so timing does not tell which names exist.
      await verifyPassword(request.password, DUMMY_HASH);
      return this.done({ status: 'InvalidCredentials' });
    }
    if (isLocked(user, now))
      return this.done({ status: 'LockedOut', lockedUntil: user.lockedUntil });
    if (!(await verifyPassword(request.password, user.passwordHash)))
      return this.done(this.fail(user, now, 'InvalidCredentials'));

    const licence = this.licenceOutcome(user, now);
    if (licence) return this.done({ status: licence });
    prelogin.pendingUserId = user.id;
    return this.done({ status: 'SecondFactorRequired' });
  }

  verify(preloginId: string | null, code: string): VerifyResult {
    const now = this.now();
    const prelogin = this.prelogins.get(preloginId);
    if (!prelogin || prelogin.pendingUserId === null || this.prelogins.isExpired(prelogin, now))
      return { response: this.done({ status: 'LoginWindowExpired' }) };
    const user = this.users.byId(prelogin.pendingUserId);
    if (!user) return { response: this.done({ status: 'LoginWindowExpired' }) };
    if (isLocked(user, now)) {
      this.prelogins.close(preloginId);
      return { response: this.done({ status: 'LockedOut', lockedUntil: user.lockedUntil }) };
    }
    const step = acceptTotp(
      user.totpSecret,
      code.trim(),
      now,
      user.lastTotpStep,
      this.authConfig.totpAllowReplay,
    );
    if (step === null) {
      // NOTE: a wrong code counts as one failed attempt on the same counter as a wrong
      // password, so guessing codes after a leaked password also ends in the lockout; when
      // it locks, the pending sign-in is dropped and must start over with the password.
      const response = this.fail(user, now, 'TokenIncorrect');
      if (response.status === 'LockedOut') this.prelogins.close(preloginId);
      return { response: this.done(response) };
    }
    this.users.saveTotpStep(user.id, step);
    this.users.saveLockout(user.id, afterSuccess());
    this.prelogins.close(preloginId);
    this.sessions.purgeExpired(now);
    const { cookie, record } = this.sessions.create(user.id, now, this.config.sessionLeaseMs);
    return {
      response: this.done({ status: 'Success', csrfToken: record.csrfToken }),
      sessionCookie: cookie,
    };
  }

  private fail(user: UserRow, now: number, outcome: LoginOutcome): LoginResponse {
    const next = afterFailure(user, now, {
      attempts: this.config.lockoutAttempts,
      lockoutMs: this.config.lockoutMs,
    });
    this.users.saveLockout(user.id, next);
    return isLocked(next, now)
      ? { status: 'LockedOut', lockedUntil: next.lockedUntil }
      : { status: outcome };
  }

  /** Licence limits (SPEC §6): a user already signed in elsewhere does not count twice. */
  private licenceOutcome(user: UserRow, now: number): LoginOutcome | null {
    const active = this.sessions.activeUserIds(now);
    if (!active.has(user.id) && active.size + 1 > this.authConfig.maxActiveUsers)
      return 'LicenseExceededUsers';
    if (this.activePvGroups() > this.authConfig.maxActivePvGroups) return 'LicenseExceededPvGroups';
    return null;
  }
}
