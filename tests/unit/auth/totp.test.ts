import { describe, expect, it } from 'vitest';
import { acceptTotp, randomTotpSecret, totpCode, totpUri } from '../../../server/auth/totp.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;
/** Middle of a step, so ±1 step lands on whole neighbouring steps. */
const T = 1_800_000_000_000 + STEP_MS / 2;
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

describe('TOTP second factor (RFC 6238)', () => {
  it('TO1: the code of the current step is accepted and names its step', () => {
    expect(acceptTotp(SECRET, totpCode(SECRET, T), T, 0)).toBe(stepAt(T));
  });

  it('TO2: codes one step early or late are accepted, two steps are not', () => {
    expect(acceptTotp(SECRET, totpCode(SECRET, T - STEP_MS), T, 0)).toBe(stepAt(T) - 1);
    expect(acceptTotp(SECRET, totpCode(SECRET, T + STEP_MS), T, 0)).toBe(stepAt(T) + 1);
    expect(acceptTotp(SECRET, totpCode(SECRET, T - 2 * STEP_MS), T, 0)).toBeNull();
    expect(acceptTotp(SECRET, totpCode(SECRET, T + 2 * STEP_MS), T, 0)).toBeNull();
  });

  it('TO3: a step already used (or an earlier one) is refused: no replay', () => {
    const code = totpCode(SECRET, T);
    const used = acceptTotp(SECRET, code, T, 0)!;
    expect(acceptTotp(SECRET, code, T + 1000, used)).toBeNull();
    expect(acceptTotp(SECRET, totpCode(SECRET, T - STEP_MS), T, used)).toBeNull();
    expect(acceptTotp(SECRET, totpCode(SECRET, T + STEP_MS), T + STEP_MS, used)).toBe(used + 1);
  });

  it('TO4: the replay guard can be switched off for tests only', () => {
    const code = totpCode(SECRET, T);
    expect(acceptTotp(SECRET, code, T, stepAt(T), true)).toBe(stepAt(T));
  });

  it('TO5: malformed codes are refused without error', () => {
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(acceptTotp(SECRET, bad, T, 0)).toBeNull();
  });

  it('TO6: random secrets are base32 and the otpauth URI names issuer and account', () => {
    const secret = randomTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, 'operator')).toMatch(/^otpauth:\/\/totp\/Pegel:operator\?.*secret=/);
  });
});
