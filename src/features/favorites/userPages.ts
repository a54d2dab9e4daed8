/**
 * The user's favorites and recently visited pages (SPEC §2), one page-data resource shared
 * by the navigation, the start page and the pin button: read once for all of them, changed
 * through the server (which answers both lists), and a change's answer is the lists from
 * then on. A read still on its way when a change is sent is dropped (`pageWrite`): it holds
 * the order from before the change (392274a). A failed change keeps the lists and says so; a
 * failed read says nothing (it saved nothing).
 */
import { getJson, http, postJson } from '../../api/http.ts';
import { USER_PAGES_API, type SavedPage, type UserPages } from '../../contract/userPages.ts';
import {
  pageDataClient,
  setPageData,
  usePageMutation,
  usePageQuery,
  usePageWriteError,
} from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

const KEY = pageKeys.userPages;
/** The changes of the favorites, named so that every view shows the last one's failure. */
const CHANGE = [...KEY, 'change'];

export interface UserPagesState {
  /** The lists; null until read (or when the read failed: the star waits, the start page shows its areas). */
  pages: UserPages | null;
  /**
   * Why the last change (pin, unpin, move) was not saved. A failed read is no change: it
   * said "Favoriten nicht gespeichert" as an alert in the header of every page while the
   * server was away, though the operator had saved nothing (e2e ME3 found two alerts).
   */
  error: string | null;
}

const readPages = (signal: AbortSignal) => getJson<UserPages>(USER_PAGES_API.list, { signal });

export function useUserPages(): UserPagesState {
  const [pages] = usePageQuery(KEY, readPages);
  return { pages: pages.data ?? null, error: usePageWriteError(CHANGE) };
}

type PageInput = Pick<SavedPage, 'path' | 'title' | 'subject'>;

const toInput = (pages: readonly SavedPage[]): PageInput[] =>
  pages.map(({ path, title, subject }) => (subject ? { path, title, subject } : { path, title }));

const favorites = () => pageDataClient.getQueryData<UserPages>(KEY)?.favorites ?? [];

/** Pin, unpin and reorder; each resolves to whether the server took the change. */
export function useFavoriteChanges() {
  const change = usePageMutation(
    (pages: PageInput[]) =>
      http<UserPages>(USER_PAGES_API.favorites, { method: 'PUT', body: { pages } }),
    { name: CHANGE, writes: () => [KEY], answer: (lists) => setPageData(KEY, () => lists) },
  );
  const send = (pages: readonly SavedPage[]) =>
    change.mutateAsync(toInput(pages)).then(
      () => true,
      () => false,
    );
  return {
    /** Pins a page (at the end) or unpins it. */
    toggle(path: string, title: string, subject?: string): Promise<boolean> {
      const now = favorites();
      return send(
        now.some((p) => p.path === path)
          ? now.filter((p) => p.path !== path)
          : [...now, { path, title, at: 0, ...(subject ? { subject } : {}) }],
      );
    },
    /** Moves a favorite one place up (-1) or down (+1). */
    move(path: string, by: -1 | 1): Promise<boolean> {
      const next = [...favorites()];
      const i = next.findIndex((p) => p.path === path);
      const j = i + by;
      if (i < 0 || j < 0 || j >= next.length) return Promise.resolve(false);
      [next[i], next[j]] = [next[j]!, next[i]!];
      return send(next);
    },
  };
}

/** Records a visit; failures are silent (a visit is no user input to keep). */
export function recordVisit(path: string, title: string, subject?: string): void {
  const body = subject ? { path, title, subject } : { path, title };
  void postJson<UserPages>(USER_PAGES_API.recent, body).then(
    // Only the recent list: a pin answered meanwhile holds the newer favorites (a visit's
    // answer, sent before the pin, can arrive after it).
    (pages) =>
      setPageData<UserPages>(KEY, (old) => (old ? { ...old, recent: pages.recent } : pages)),
    () => undefined,
  );
}
