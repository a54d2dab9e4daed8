/**
 * Engine-loss detection (workers/SPEC.md EL1), the reverse of tabLocks.ts: the engine holds a
 * Web Lock named after its instance for its whole life, and each tab queues for that lock. A
 * tab is granted it only once the engine has ended (its worker closed, crashed or was ended
 * by the browser), which no port event would tell: a dead worker's port stays silent.
 */
export const ENGINE_LOCK_PREFIX = 'pegel-engine-';

/**
 * Takes this engine's lock and keeps it while the engine lives. Resolves with its name once
 * held, so a tab that queues for the name afterwards waits behind the engine; null where
 * there are no Web Locks (the tabs then cannot tell a lost engine).
 */
export function holdEngineLock(locks: LockManager | undefined): Promise<string | null> {
  const name = `${ENGINE_LOCK_PREFIX}${crypto.randomUUID()}`;
  // Granted: resolve with the name, and hold the lock by never settling (it goes with the
  // engine's worker). Without Web Locks, or refused: null.
  return new Promise((held) =>
    locks
      ? void locks.request(name, () => new Promise(() => held(name))).catch(() => held(null))
      : held(null),
  );
}

/**
 * Calls `onGone` once when the engine holding `name` has ended; the returned function stops
 * waiting (the tab closes, or has already moved on to another engine).
 */
export function whenEngineGone(locks: LockManager, name: string, onGone: () => void): () => void {
  const controller = new AbortController();
  locks
    .request(name, { signal: controller.signal }, () => {
      if (!controller.signal.aborted) onGone();
    })
    .catch(() => {
      // Aborted: this tab stopped waiting.
    });
  return () => controller.abort();
}
