/**
 * REST page data (SPEC §4 load states) on TanStack Query: one client for the tab, so two
 * views of one resource share one request and its answer, a view left cancels its read
 * (the AbortSignal TanStack passes), and a write invalidates exactly the keys it changed
 * (`pageKeys.ts`). The live data stays with the engine.
 *
 * The shell imports none of this: the client and the library load with the first page or
 * part of the shell that reads page data, so the first script stays in the startup budget.
 * The hooks pass the client themselves; a view never depends on where a provider sits.
 */
import {
  keepPreviousData,
  QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { failureKind, failureText, type FailureKind } from '../../app/failureText.ts';
import type { LoadStatus } from '../../ui/LoadingState.tsx';

export const pageDataClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failure shows at once with its retry (SPEC §4); a 401 has already left the page
      // for the sign-in (api/http.ts), so a repeat would only delay the message.
      retry: false,
      // Pages read again on mount and after a write; focus and reconnect do not re-read
      // every cached page (the live data is the engine's).
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // Offline, a read is sent and fails with the network failure's text, as every call
      // does (api/failures.ts), instead of waiting paused without a word.
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
pageDataClient.mount();

/**
 * What a view shows of one read: `updating` while a read runs behind data it shows. A read
 * that fails after an earlier one answered keeps that answer in `data` beside the failure:
 * a view that can show both (the favorites, a list with a failure line) loses nothing while
 * the server is away.
 */
export type PageState<T> =
  | { state: 'loading'; data?: undefined }
  | { state: 'ready'; data: T; updating: boolean }
  | { state: 'error'; data?: T; error: string; kind: FailureKind | 'shown' };

export interface PageQueryOptions {
  /** false: nothing is read (yet); the state stays loading. */
  enabled?: boolean;
  /** How long an answer counts as fresh: a mount within it reads nothing. */
  staleTime?: number;
  /** Read again when the tab comes back into view. */
  refetchOnWindowFocus?: boolean;
  /**
   * While the next key's first read runs, show the last key's data as updating (a view that
   * reads again when the live state says its list changed keeps the list meanwhile).
   */
  keepPrevious?: boolean;
  /**
   * Loading until a read made since the view mounted has answered: an editor that copies the
   * data into its own state then never starts from a cached answer older than the server's.
   */
  fresh?: boolean;
}

/**
 * The data of `key` as `fetcher` reads it, and a retry. Every view of the same key shares
 * one read in flight and its answer; `fetcher` gets the signal that aborts it when no view
 * wants the answer any more.
 */
export function usePageQuery<T>(
  key: QueryKey,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: PageQueryOptions = {},
): readonly [PageState<T>, () => void] {
  const query = useQuery(
    {
      queryKey: key,
      queryFn: ({ signal }) => fetcher(signal),
      enabled: options.enabled ?? true,
      ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
      ...(options.refetchOnWindowFocus ? { refetchOnWindowFocus: true } : {}),
      ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    },
    pageDataClient,
  );
  const { refetch, status, error, isFetching } = query;
  const data = options.fresh && !query.isFetchedAfterMount ? undefined : query.data;
  const retry = useCallback(() => void refetch(), [refetch]);
  // One object per change, as views memoize on it (TanStack keeps `data` as it was).
  const state = useMemo(
    () => pageState(status, data, error, isFetching),
    [status, data, error, isFetching],
  );
  return [state, retry] as const;
}

function pageState<T>(
  status: 'pending' | 'error' | 'success',
  data: T | undefined,
  error: unknown,
  fetching: boolean,
): PageState<T> {
  if (status === 'error') {
    const failed = { state: 'error', error: failureText(error), kind: failureKind(error) } as const;
    return data === undefined ? failed : { ...failed, data };
  }
  if (status === 'pending' || data === undefined) return { state: 'loading' };
  return { state: 'ready', data, updating: fetching };
}

/** The load state of SPEC §4 for `LoadingState`: a read behind shown data is 'updating'. */
export function loadStatus(page: PageState<unknown>): LoadStatus {
  return page.state === 'ready' && page.updating ? 'updating' : page.state;
}

export interface PageMutationOptions<V, R> {
  /** Names the write, so that any view can show its last failure (`usePageWriteError`). */
  name?: QueryKey;
  /** The keys the write changes: their reads in flight are cancelled, they are read again. */
  writes: (variables: V) => readonly QueryKey[];
  /** Takes the server's answer into the cache instead of reading again (the write's state). */
  answer?: (result: R, variables: V) => void;
}

/**
 * A write to the server. Before it is sent, reads of the keys it changes are cancelled: an
 * older answer on its way can then never overwrite the newer write. Afterwards the keys are
 * read again, unless `answer` took the server's state from the write's own answer.
 */
export function usePageMutation<V, R>(
  write: (variables: V) => Promise<R>,
  options: PageMutationOptions<V, R>,
): UseMutationResult<R, unknown, V> {
  return useMutation(
    {
      ...(options.name ? { mutationKey: options.name } : {}),
      mutationFn: (variables: V) => pageWrite(write, options, variables),
    },
    pageDataClient,
  );
}

/** The write of `usePageMutation`, for callers outside a component. */
export async function pageWrite<V, R>(
  write: (variables: V) => Promise<R>,
  options: PageMutationOptions<V, R>,
  variables: V,
): Promise<R> {
  const keys = options.writes(variables);
  await cancelReads(keys);
  try {
    const result = await write(variables);
    // A read started while the write was on its way may hold the state from before it.
    await cancelReads(keys);
    if (options.answer) options.answer(result, variables);
    else await invalidatePageData(keys);
    return result;
  } catch (error) {
    // A failed write leaves the server's state unknown here: what is shown is read again.
    void invalidatePageData(keys);
    throw error;
  }
}

/** The failure text of the last write named `name`, or null if it succeeded or none was made. */
export function usePageWriteError(name: QueryKey): string | null {
  const errors = useMutationState(
    {
      filters: { mutationKey: name },
      select: (m) => (m.state.status === 'error' ? m.state.error : null),
    },
    pageDataClient,
  );
  const last = errors.at(-1);
  return last ? failureText(last) : null;
}

function cancelReads(keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => pageDataClient.cancelQueries({ queryKey })));
}

/** Marks `keys` (and the keys below them) out of date; the ones on screen are read again. */
export function invalidatePageData(keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => pageDataClient.invalidateQueries({ queryKey })));
}

/** Puts the server's state after a write (its answer) in place of `key`'s data. */
export function setPageData<T>(key: QueryKey, update: (old: T | undefined) => T | undefined): void {
  pageDataClient.setQueryData<T>(key, update);
}

/** Forgets every answer (tests, sign-out). */
export function clearPageData(): void {
  pageDataClient.clear();
}
