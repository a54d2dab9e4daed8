/**
 * Requests the page's first script starts before the app's modules have loaded
 * (vite.config.ts): the signed-in user and rights, which the session guard waits for before
 * it renders any page; the priorities, whose colours the alarm banner shows on every page and
 * the alert rows on theirs; and the plant's settings, whose time zone every time on screen is
 * shown in (until they are in, a page without the zone gate formats in the browser's zone).
 * Started from the main module, they went out only after its compile and evaluation: a second
 * tab's shell waited for the session, and its first rows were drawn without colours, then all
 * again with them. Shared by the build and by `takeEarlyJson` (http.ts); free of anything
 * else so the build can read it.
 */
import { API } from '../contract/paths.ts';

/** The global the page's first script keeps the responses on, by path. */
export const EARLY_REQUESTS_KEY = '__pegelEarly';
/** The paths it asks for (GET, JSON), on every page but the sign-in page. */
export const EARLY_PATHS = [
  API.user.info,
  API.user.rights,
  API.system.priorities,
  API.system.settings,
] as const;
/** Pages that ask for no session (as main.tsx). */
export const SIGN_IN_PREFIX = '/login';
