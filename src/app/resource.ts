/**
 * A value loaded once per tab and shared by every view that shows it (the plant name in the
 * header and on "About this plant"), with the load states of SPEC §4 and a retry.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { failureText } from './failureText.ts';

export type ResourceState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ready'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: string };

export interface Resource<T> {
  get(): ResourceState<T>;
  subscribe(listener: () => void): () => void;
  /**
   * Starts the first load. Later calls do nothing, unless `force` (a retry button) or the last
   * load failed at least RETRY_ON_USE_AFTER_MS ago (a page opened later asks again).
   */
  load(force?: boolean): void;
}

/**
 * How long a failure stands before a view that mounts may ask again on its own. Without it,
 * every view that mounted after a failure (a page's lazy parts, a header slot) asked again at
 * once: the failure message and its retry button were replaced by a spinner while the
 * operator reached for the button (e2e SH8 clicked a detached button on a loaded machine).
 */
export const RETRY_ON_USE_AFTER_MS = 10_000;

export function createResource<T>(
  loader: () => Promise<T>,
  now: () => number = Date.now,
): Resource<T> {
  let state: ResourceState<T> = { status: 'loading' };
  let started = false;
  let failedAt = 0;
  const listeners = new Set<() => void>();
  const set = (next: ResourceState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(force = false) {
      if (started && !force) {
        if (state.status !== 'error' || now() - failedAt < RETRY_ON_USE_AFTER_MS) return;
      }
      started = true;
      if (state.status !== 'loading') set({ status: 'loading' });
      loader().then(
        (data) => set({ status: 'ready', data }),
        (error: unknown) => {
          failedAt = now();
          set({ status: 'error', error: failureText(error) });
        },
      );
    },
  };
}

/** The resource's state; starts loading on first use. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useEffect(() => resource.load(), [resource]);
  return useSyncExternalStore(resource.subscribe, resource.get);
}
