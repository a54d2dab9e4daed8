/**
 * Lockout after too many wrong passwords or codes (SPEC §8 "Login", §9: 5 minutes). Pure:
 * the caller passes the time, so tests move it freely.
 */
export interface LockoutState {
  failedAttempts: number;
  /** Epoch ms until which every attempt is refused; 0 when not locked. */
  lockedUntil: number;
}

export interface LockoutPolicy {
  attempts: number;
  lockoutMs: number;
}

export function isLocked(state: LockoutState, nowMs: number): boolean {
  return state.lockedUntil > nowMs;
}

/** One more failure: the counter grows until it reaches the limit, then the account locks. */
export function afterFailure(
  state: LockoutState,
  nowMs: number,
  policy: LockoutPolicy,
): LockoutState {
  if (isLocked(state, nowMs)) return state;
  const failedAttempts = state.failedAttempts + 1;
  if (failedAttempts >= policy.attempts)
    return { failedAttempts: 0, lockedUntil: nowMs + policy.lockoutMs };
  return { failedAttempts, lockedUntil: 0 };
}

export function afterSuccess(): LockoutState {
  return { failedAttempts: 0, lockedUntil: 0 };
}
