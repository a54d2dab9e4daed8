/** Method pairs shared by the hubs: subscribe/unsubscribe a list of keys, or a flag. */
import type { CoalesceMode, HubConnection } from './HubConnection.ts';
import type { HubMethod } from './HubServer.ts';
import type { FlagSubscriptions, KeyedSubscriptions } from './KeyedSubscriptions.ts';
import { expectArgCount, keyListArg, type KeyCheck } from './hubArgs.ts';

export interface MethodPair {
  subscribe: string;
  unsubscribe: string;
}

/**
 * `subscribe(keys)` adds keys and then calls `onSubscribed` with the keys new to this
 * connection (to push their current state); `unsubscribe(keys)` frees them.
 */
export function keyedMethods(
  subscriptions: KeyedSubscriptions,
  names: MethodPair,
  check: KeyCheck,
  what: string,
  onSubscribed?: (conn: HubConnection, added: readonly string[]) => void,
): Record<string, HubMethod> {
  return keyedMethodsWith(subscriptions, names, check, what, (key) => key, onSubscribed);
}

/** Like keyedMethods, for subscriptions keyed by something derived from the wire key. */
export function keyedMethodsWith<K extends string | number>(
  subscriptions: KeyedSubscriptions<K>,
  names: MethodPair,
  check: KeyCheck,
  what: string,
  toKey: (wireKey: string) => K,
  onSubscribed?: (conn: HubConnection, added: readonly K[]) => void,
): Record<string, HubMethod> {
  return {
    [names.subscribe]: (conn, ...args) => {
      const keys = keyListArg(names.subscribe, args, check, what).map(toKey);
      const added = subscriptions.subscribe(conn, keys);
      if (onSubscribed && added.length > 0) onSubscribed(conn, added);
    },
    [names.unsubscribe]: (conn, ...args) => {
      subscriptions.unsubscribe(conn, keyListArg(names.unsubscribe, args, check, what).map(toKey));
    },
  };
}

/**
 * An `onSubscribed` that sends each added key's current state to the connection, one message
 * per item `current(key)` gives (none when the key has nothing yet).
 */
export function sendCurrent(
  target: string,
  current: (key: string) => readonly unknown[],
): (conn: HubConnection, added: readonly string[]) => void {
  return (conn, added) => {
    for (const key of added) for (const message of current(key)) conn.send(target, message);
  };
}

/** `subscribe()` / `unsubscribe()` without arguments. */
export function flagMethods(
  subscriptions: FlagSubscriptions,
  names: MethodPair,
): Record<string, HubMethod> {
  return {
    [names.subscribe]: (conn, ...args) => {
      expectArgCount(names.subscribe, args, 0);
      subscriptions.subscribe(conn);
    },
    [names.unsubscribe]: (conn, ...args) => {
      expectArgCount(names.unsubscribe, args, 0);
      subscriptions.unsubscribe(conn);
    },
  };
}

/**
 * The current item of each key a connection newly subscribes, pushed with the message that
 * carries its changes (server/hubs/SPEC.md), so a subscriber never waits for the next change.
 * Pass `onSubscribed` to keyedMethods; the feature behind the hub sets the source once it exists.
 */
export function currentItems<K extends string | number>(
  subscriptions: KeyedSubscriptions<K>,
  message: string,
  mode: CoalesceMode = 'each',
) {
  let source: (key: K) => unknown = () => undefined;
  return {
    setSource(next: (key: K) => unknown): void {
      source = next;
    },
    onSubscribed(conn: HubConnection, added: readonly K[]): void {
      for (const key of added) {
        const item = source(key);
        if (item !== undefined && item !== null)
          subscriptions.pushLatest(conn, key, message, item, mode);
      }
    },
  };
}
