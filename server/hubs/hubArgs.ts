/**
 * Validation of hub method arguments. A bad argument becomes a HubError, whose message the
 * client receives as the error of its invocation; the connection stays up.
 */
import { SUBSCRIPTION_BATCH_SIZE } from '../../src/contract/hubs.ts';
import { parsePvKey } from '../../src/contract/keys.ts';
import { MAX_PV_NR } from './pvCode.ts';

/** An error meant for the caller: its message goes back in the Completion. */
export class HubError extends Error {}

/** Most keys one invocation may carry; the client sends batches of SUBSCRIPTION_BATCH_SIZE. */
export const MAX_KEYS_PER_INVOCATION = SUBSCRIPTION_BATCH_SIZE;
const MAX_KEY_CHARS = 128;

export type KeyCheck = (key: string) => boolean;

const STATION_KEY = /^st(\d{1,9})$/;
// Printable ASCII without spaces: keys are only map keys, never markup or SQL.
const GENERIC_KEY = /^[!-~]+$/;

/** PV keys such as `ai100001` (contract keys.ts). */
export const isPvKey: KeyCheck = (key) => {
  if (key.length > 32) return false;
  const ref = parsePvKey(key);
  return ref !== null && ref.nr <= MAX_PV_NR;
};
/** Station keys such as `st12` (contract stationKey). */
export const isStationKey: KeyCheck = (key) => STATION_KEY.test(key);
/** Keys whose format the contract leaves open (plans, lines, notes, …): short and printable. */
export const isGenericKey: KeyCheck = (key) => GENERIC_KEY.test(key);

export function stationNumberOfKey(key: string): number {
  return Number(STATION_KEY.exec(key)![1]);
}

export function expectArgCount(method: string, args: readonly unknown[], count: number): void {
  if (args.length !== count) {
    throw new HubError(
      `${method} expects ${count} argument${count === 1 ? '' : 's'}, got ${args.length}.`,
    );
  }
}

/** The single argument of a subscribe method: an array of distinct, well-formed keys. */
export function keyListArg(
  method: string,
  args: readonly unknown[],
  check: KeyCheck,
  what: string,
): string[] {
  expectArgCount(method, args, 1);
  const value = args[0];
  if (!Array.isArray(value)) throw new HubError(`${method} expects an array of ${what} keys.`);
  if (value.length > MAX_KEYS_PER_INVOCATION) {
    throw new HubError(
      `${method} accepts at most ${MAX_KEYS_PER_INVOCATION} keys per call, got ${value.length}.`,
    );
  }
  const keys: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const key: unknown = value[i];
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_CHARS || !check(key)) {
      const shown = typeof key === 'string' ? `'${key.slice(0, 40)}'` : typeof key;
      throw new HubError(`${method}: key ${i} (${shown}) is not a valid ${what} key.`);
    }
    keys.push(key);
  }
  return keys;
}
