/** TOTP second factor (RFC 6238 through otpauth): window ±1 step, a used step never twice. */
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Pegel';

export function randomTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, username = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

export function totpCode(secret: string, timestampMs: number): string {
  return totpOf(secret).generate({ timestamp: timestampMs });
}

/**
 * The time step a code was accepted for, or null. `lastStep` is the last step this user
 * signed in with: a step at or before it is refused (replay), unless `allowReplay` (tests).
 */
export function acceptTotp(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number,
  allowReplay = false,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  if (!allowReplay && step <= lastStep) return null;
  return step;
}
