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
  /** Starts the first load; later calls do nothing unless the last load failed or `force`. */
  load(force?: boolean): void;
}

export function createResource<T>(loader: () => Promise<T>): Resource<T> {
  let state: ResourceState<T> = { status: 'loading' };
  let started = false;
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
      if (started && !force && state.status !== 'error') return;
      started = true;
      if (state.status !== 'loading') set({ status: 'loading' });
      loader().then(
        (data) => set({ status: 'ready', data }),
        (error: unknown) => set({ status: 'error', error: failureText(error) }),
      );
    },
  };
}

/** The resource's state; starts loading on first use. */
export function useResource<T>(resource: Resource<T>): ResourceState<T> {
  useEffect(() => resource.load(), [resource]);
  return useSyncExternalStore(resource.subscribe, resource.get);
}
