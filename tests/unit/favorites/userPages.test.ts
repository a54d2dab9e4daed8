// @vitest-environment happy-dom
/**
 * The user's pages in a tab (src/features/favorites/userPages.ts, on shared/pageData.ts): a
 * change's answer is newer than a read that was still on its way, so that read never puts the
 * old order back.
 */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_PAGES_API, type SavedPage, type UserPages } from '../../../src/contract/userPages.ts';
import {
  recordVisit,
  useFavoriteChanges,
  useUserPages,
  type UserPagesState,
} from '../../../src/features/favorites/userPages.ts';
import { clearPageData, pageWrite } from '../../../src/features/shared/pageData.ts';
import { pageKeys } from '../../../src/features/shared/pageKeys.ts';
import { mountRoot, type TestRoot } from '../../support/reactRoot.ts';

const USER_PAGES_KEY = pageKeys.userPages;
const page = (path: string, title: string): SavedPage => ({ path, title, at: 0 });
const STATION = page('/stations/2', 'Station');
const ENERGY = page('/energy', 'Energie');
const lists = (favorites: SavedPage[]): UserPages => ({ favorites, recent: [] });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

describe('user pages', () => {
  let mounted: TestRoot | null = null;
  let seen: UserPagesState;
  let changes: ReturnType<typeof useFavoriteChanges>;
  function Pages() {
    seen = useUserPages();
    changes = useFavoriteChanges();
    return null;
  }
  /** The answers to the list's GET, held until the test gives them. */
  let answerList: ((pages: UserPages) => void)[];

  beforeEach(() => {
    clearPageData();
    answerList = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://pegel.test').pathname;
      if (path === USER_PAGES_API.list && (init?.method ?? 'GET') === 'GET')
        return new Promise<Response>((resolve) => answerList.push((p) => resolve(json(p))));
      if (path === USER_PAGES_API.favorites) {
        const body = JSON.parse(String(init?.body)) as { pages: SavedPage[] };
        return Promise.resolve(json(lists(body.pages.map((p) => ({ ...p, at: 0 })))));
      }
      if (path === USER_PAGES_API.recent) return Promise.resolve(json(lists([STATION, ENERGY])));
      return Promise.reject(new Error(`unexpected ${path}`));
    });
  });
  afterEach(async () => {
    await mounted?.unmount();
    mounted = null;
    vi.unstubAllGlobals();
  });

  it('UP1: a move answered before the slower first load keeps its order', async () => {
    mounted = mountRoot();
    await mounted.render(createElement(Pages));
    expect(answerList).toHaveLength(1);
    // A visit's answer brings the lists first (the start page records one as it opens).
    recordVisit('/', 'Übersicht');
    await vi.waitFor(() => expect(seen.pages?.favorites).toHaveLength(2));
    expect(await changes.move('/energy', -1)).toBe(true);
    await vi.waitFor(() =>
      expect(seen.pages?.favorites.map((p) => p.path)).toEqual(['/energy', '/stations/2']),
    );
    // The load asked for at mount answers last, with the order from before the move.
    answerList[0]!(lists([STATION, ENERGY]));
    await new Promise((r) => setTimeout(r, 10));
    expect(seen.pages?.favorites.map((p) => p.path)).toEqual(['/energy', '/stations/2']);
    expect(seen.error).toBeNull();
  });

  it('UP2: a load with no change meanwhile fills the lists', async () => {
    mounted = mountRoot();
    await mounted.render(createElement(Pages));
    answerList[0]!(lists([ENERGY]));
    await vi.waitFor(() => expect(seen.pages?.favorites.map((p) => p.path)).toEqual(['/energy']));
  });

  it('UP3: a failed read is no failed save: no "not saved" error, the star waits for the lists', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    mounted = mountRoot();
    await mounted.render(createElement(Pages));
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.pages).toBeNull();
    expect(seen.error).toBeNull();
    // A change that fails says so.
    expect(await changes.toggle('/energy', 'Energie')).toBe(false);
    await vi.waitFor(() => expect(seen.error).not.toBeNull());
  });

  it('UP4: a read that fails while the server is away keeps the lists shown', async () => {
    mounted = mountRoot();
    await mounted.render(createElement(Pages));
    answerList[0]!(lists([ENERGY]));
    await vi.waitFor(() => expect(seen.pages?.favorites).toHaveLength(1));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    // Something asks for the lists again (as a write elsewhere does); the read fails.
    await pageWrite(() => Promise.resolve(null), { writes: () => [USER_PAGES_KEY] }, undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.pages?.favorites.map((p) => p.path)).toEqual(['/energy']);
    expect(seen.error).toBeNull();
  });
});
