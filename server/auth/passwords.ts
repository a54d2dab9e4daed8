/** Password hashing with scrypt (node:crypto): salted, compared in constant time. */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** N=2^14, r=8, p=1: the Node default cost, about 50 ms per hash on this machine class. */
const COST = { N: 16384, r: 8, p: 1 } as const;

/** `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later per hash. */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(
    password.normalize('NFC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing, verified against for unknown users so their answer takes as long. */
export const DUMMY_HASH = hashPassword(randomBytes(12).toString('base64url'));
