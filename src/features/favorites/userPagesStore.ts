/**
 * The user's favorites and recently visited pages in this tab: loaded once, changed through
 * the server (which answers both lists), shared by the navigation, the start page and the pin
 * button. A failed change keeps the lists as they were and says so.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getJson, http, postJson } from '../../api/http.ts';
import { USER_PAGES_API, type SavedPage, type UserPages } from '../../contract/userPages.ts';
import { failureText } from '../../app/failureText.ts';

export interface UserPagesState {
  pages: UserPages | null;
  error: string | null;
}

let state: UserPagesState = { pages: null, error: null };
let loading = false;
/** Changes asked for so far: a load answered after one began holds older lists than its answer. */
let changes = 0;
const listeners = new Set<() => void>();
const set = (next: UserPagesState) => {
  state = next;
  for (const l of listeners) l();
};
const message = (e: unknown) => failureText(e);

function load(): void {
  if (loading || state.pages) return;
  loading = true;
  const before = changes;
  getJson<UserPages>(USER_PAGES_API.list).then(
    (pages) => {
      if (changes === before) set({ pages, error: null });
      // A pin, move or removal asked for since the load began answers newer lists (a slow
      // load answered after it put the old order back): the load only fills an empty store.
      else if (!state.pages) set({ pages, error: state.error });
    },
    (e: unknown) => {
      loading = false;
      set({ ...state, error: message(e) });
    },
  );
}

async function change(call: () => Promise<UserPages>): Promise<boolean> {
  changes++;
  try {
    set({ pages: await call(), error: null });
    return true;
  } catch (e) {
    set({ ...state, error: message(e) });
    return false;
  }
}

const toInput = (pages: readonly SavedPage[]) =>
  pages.map(({ path, title, subject }) => (subject ? { path, title, subject } : { path, title }));

export const userPages = {
  /** Pins a page (at the end) or unpins it. */
  toggle(path: string, title: string, subject?: string): Promise<boolean> {
    const favorites = state.pages?.favorites ?? [];
    const next = favorites.some((p) => p.path === path)
      ? favorites.filter((p) => p.path !== path)
      : [...favorites, { path, title, at: 0, ...(subject ? { subject } : {}) }];
    return change(() =>
      http<UserPages>(USER_PAGES_API.favorites, { method: 'PUT', body: { pages: toInput(next) } }),
    );
  },
  /** Moves a favorite one place up (-1) or down (+1). */
  move(path: string, by: -1 | 1): Promise<boolean> {
    const favorites = [...(state.pages?.favorites ?? [])];
    const i = favorites.findIndex((p) => p.path === path);
    const j = i + by;
    if (i < 0 || j < 0 || j >= favorites.length) return Promise.resolve(false);
    [favorites[i], favorites[j]] = [favorites[j]!, favorites[i]!];
    return change(() =>
      http<UserPages>(USER_PAGES_API.favorites, {
        method: 'PUT',
        body: { pages: toInput(favorites) },
      }),
    );
  },
  /** Records a visit; failures are silent (a visit is no user input to keep). */
  visit(path: string, title: string, subject?: string): void {
    const body = subject ? { path, title, subject } : { path, title };
    void postJson<UserPages>(USER_PAGES_API.recent, body).then(
      // Only the recent list: a pin answered meanwhile holds the newer favorites (a visit's
      // answer, sent before the pin, can arrive after it).
      (pages) =>
        set({
          pages: state.pages ? { ...state.pages, recent: pages.recent } : pages,
          error: state.error,
        }),
      () => undefined,
    );
  },
};

/** Forgets the lists (tests). */
export function resetUserPages(): void {
  state = { pages: null, error: null };
  loading = false;
  changes = 0;
}

export function useUserPages(): UserPagesState {
  useEffect(load, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}
