/**
 * Password hashing with scrypt (node:crypto): salted, compared in constant time. A sign-in or
 * a password change hashes with the asynchronous `scrypt`, on libuv's thread pool: its 50 ms
 * would otherwise stop the event loop that serves every hub frame (issue 58 item 5). Only the
 * demo accounts at the first start hash synchronously (`hashPasswordSync`), inside their one
 * database transaction, before the server listens.
 */
import { availableParallelism } from 'node:os';
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** N=2^14, r=8, p=1: the Node default cost, about 50 ms per hash on this machine class. */
const COST = { N: 16384, r: 8, p: 1 } as const;

/**
 * Hashes at once at most: one core less than the machine has (at least one), so a burst of
 * sign-ins (20 at a shift change) leaves a core to the event loop instead of starving it with
 * libuv's four pool threads; the rest wait their turn.
 */
const HASHES_AT_ONCE = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot to the next in line, so the count never goes above.
  if (hashing < HASHES_AT_ONCE) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** The asynchronous scrypt, a seam so a test can see that a sign-in does not hash in line. */
export const scryptHooks = {
  scrypt: (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
    limited(
      () =>
        new Promise<Buffer>((resolve, reject) =>
          scrypt(password, salt, length, options, (error, key) =>
            error ? reject(error) : resolve(key),
          ),
        ),
    ),
};

function encode(salt: Buffer, hash: Buffer): string {
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later per hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return encode(salt, await scryptHooks.scrypt(password.normalize('NFC'), salt, KEY_LENGTH, COST));
}

/** The same hash on the calling thread: only for the first start, before the server listens. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return encode(salt, scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, COST));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptHooks.scrypt(
    password.normalize('NFC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    { N: Number(n), r: Number(r), p: Number(p) },
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing, verified against for unknown users so their answer takes as long. */
export const DUMMY_HASH = hashPasswordSync(randomBytes(12).toString('base64url'));
