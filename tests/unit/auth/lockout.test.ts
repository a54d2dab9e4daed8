import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterSuccess,
  isLocked,
  type LockoutState,
} from '../../../server/auth/lockout.ts';

const policy = { attempts: 5, lockoutMs: 5 * 60_000 };

describe('lockout (SPEC §8 "Login", §9: 5 minutes)', () => {
  it('LO1: the fifth failure locks for five minutes, measured from that failure', () => {
    let state: LockoutState = afterSuccess();
    let now = 1_000_000;
    for (let i = 0; i < 4; i++) {
      state = afterFailure(state, now, policy);
      expect(isLocked(state, now)).toBe(false);
      now += 10_000;
    }
    state = afterFailure(state, now, policy);
    expect(state.lockedUntil).toBe(now + 5 * 60_000);
    expect(isLocked(state, now + 5 * 60_000 - 1)).toBe(true);
    expect(isLocked(state, now + 5 * 60_000)).toBe(false);
  });

  it('LO2: failures while locked neither extend the lock nor count', () => {
    let state: LockoutState = { failedAttempts: 0, lockedUntil: 0 };
    for (let i = 0; i < 5; i++) state = afterFailure(state, 0, policy);
    const locked = state;
    state = afterFailure(state, 60_000, policy);
    expect(state).toEqual(locked);
  });

  it('LO3: after the lock ends the count starts again from zero', () => {
    let state: LockoutState = { failedAttempts: 0, lockedUntil: 0 };
    for (let i = 0; i < 5; i++) state = afterFailure(state, 0, policy);
    const later = 5 * 60_000 + 1;
    state = afterFailure(state, later, policy);
    expect(state).toEqual({ failedAttempts: 1, lockedUntil: 0 });
  });

  it('LO4: success clears the count', () => {
    let state = afterFailure(afterFailure(afterSuccess(), 0, policy), 0, policy);
    expect(state.failedAttempts).toBe(2);
    state = afterSuccess();
    expect(state).toEqual({ failedAttempts: 0, lockedUntil: 0 });
  });
});
