/**
 * Dead-tab detection (DESIGN.md "A dead tab releases its leases"). Each tab holds a Web
 * Lock named after its id for its whole life; the engine queues for the same lock and is
 * granted it only when the tab has closed or crashed.
 */
export interface TabLockManager {
  /** Calls `onGone` once the tab's lock is free; the returned function stops waiting. */
  whenGone(tabId: string, onGone: () => void): () => void;
}

export function tabLockName(tabId: string): string {
  return `pegel-tab-${tabId}`;
}

/** The real one, over `navigator.locks` (available in windows and workers). */
export function createWebLockManager(locks: LockManager): TabLockManager {
  return {
    whenGone(tabId, onGone) {
      const controller = new AbortController();
      locks
        .request(tabLockName(tabId), { signal: controller.signal }, () => {
          onGone();
        })
        .catch(() => {
          // Aborted: the tab said goodbye itself.
        });
      return () => controller.abort();
    },
  };
}

/** Where Web Locks are missing (Node, old browsers), tabs must disconnect themselves. */
export const noTabLocks: TabLockManager = {
  whenGone: () => () => undefined,
};
