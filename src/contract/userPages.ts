/**
 * Favorites and recently visited pages per user (SPEC §2 "favorites and recently visited"),
 * stored on the server so they follow the user to another browser.
 */
export interface SavedPage {
  /** An address inside the app: starts with one slash, no scheme or host. */
  path: string;
  /** The page's title as it was shown when saved (in the language of that moment). */
  title: string;
  /**
   * What the page shows, as the plant names it (a station, PV, dashboard or report name), for
   * pages of one subject. The client names a page by its kind (from `path`) and this subject in
   * the current language; entries saved without it show `title`.
   */
  subject?: string;
  /** When it was pinned or last visited (ms since epoch). */
  at: number;
}

export interface UserPages {
  favorites: SavedPage[];
  recent: SavedPage[];
}

export const MAX_FAVORITES = 30;
export const MAX_RECENT = 10;

export const USER_PAGES_API = {
  list: '/api/user/pages',
  /** PUT the whole list, in the user's order. */
  favorites: '/api/user/pages/favorites',
  /** POST one visit. */
  recent: '/api/user/pages/recent',
} as const;

/** An app-internal address: one leading slash, no second one, no scheme, no whitespace. */
export const APP_PATH = /^\/(?!\/)[^\s\\]{0,499}$/;
