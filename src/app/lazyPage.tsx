/**
 * Route tables of the declarative router (`useRoutes` in App.tsx). A page not on the first
 * screen loads with its first visit, together with the texts of the areas it shows
 * (`withAreas`), so it never renders raw keys:
 * `{ path: 'charts', element: lazyPage(['charts'], () => import('./X.tsx'), (m) => m.X) }`.
 *
 * While it loads, a navigation keeps the previous page (the router navigates in a
 * transition); a first visit shows the page loading state inside the shell (PageBoundary).
 * A page whose code or texts cannot be fetched shows the reload fallback of the route error
 * boundary; its retry fetches again.
 */
import {
  createContext,
  lazy,
  useContext,
  Suspense,
  useSyncExternalStore,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchRoutes, type Params } from 'react-router';
import type { ParseKeys } from 'i18next';
import { withAreas } from './i18n.ts';
import type { LocaleArea } from './messages.ts';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * What a page route says about its page besides rendering it (react-router's `handle`).
 * `label` names the page's kind where a saved page is listed (favorites, recently visited;
 * src/features/favorites/pageKinds.ts): a text key, a key chosen by the address's parameters
 * (none: no kind), or null for a page that is never listed by kind (sign-in, diagnostics).
 */
export interface PageHandle {
  label: ParseKeys | null | ((params: Params) => ParseKeys | undefined);
  /** Pages of this kind show one subject (a station, PV, …) named in the saved subject. */
  subject?: true;
}

/**
 * A route of the tables: what the declarative router renders. Loaders, `lazy` and
 * `errorElement` belong to data routers and would be ignored, so the type leaves them out.
 * Every page (a route without children) has a handle, so a new route cannot lose its label;
 * a layout route (with children) has none.
 */
export type PageRoute =
  | { index: true; element: ReactNode; handle: PageHandle; children?: undefined }
  | { index?: false; path: string; element: ReactNode; handle: PageHandle; children?: undefined }
  | { index?: false; path?: string; element: ReactNode; handle?: undefined; children: PageRoute[] };

/**
 * The app's route table, for what reads its handles (a saved page's kind): a feature's module
 * cannot import the table that imports it, so App.tsx provides it.
 */
export const RouteTable = createContext<readonly PageRoute[]>([]);
export const useRouteTable = (): readonly PageRoute[] => useContext(RouteTable);

/** Fetches a page's code and texts; the first call starts it, later calls share it. */
const preloads = new WeakMap<object, () => Promise<unknown>>();

/** Pages that finished loading so far; PageSuspense re-renders when it grows. */
let pagesLoaded = 0;
const loadListeners = new Set<() => void>();
function subscribeLoads(listener: () => void): () => void {
  loadListeners.add(listener);
  return () => loadListeners.delete(listener);
}
const loadCount = () => pagesLoaded;

export function lazyPage<M>(
  areas: readonly LocaleArea[],
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ReactElement {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const fetchPage = () =>
    (pending ??= withAreas(areas, load()).then(
      (m) => {
        loaded = pick(m);
        pagesLoaded++;
        for (const listener of loadListeners) listener();
        return { default: loaded };
      },
      (error: unknown) => {
        // React keeps a failed lazy component failed: the retry renders a fresh one.
        pending = null;
        Page = lazy(fetchPage);
        throw error;
      },
    ));
  let Page = lazy(fetchPage);
  function LazyPage() {
    // A page already loaded renders in the same pass; only one still loading suspends.
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Page />;
  }
  const element = <LazyPage />;
  preloads.set(element, () => fetchPage().catch(() => undefined));
  return element;
}

/**
 * The Suspense boundary around lazy pages. A page that suspended shows the loading state, and
 * React reveals what it was waiting for in a retry, which it holds until 300 ms after the
 * fallback appeared (its Suspense throttle): a page opened directly that loaded 100 ms after
 * the shell's first paint waited another 200 ms in full. This boundary re-renders as an
 * ordinary update when a page has loaded, which React commits at once.
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  useSyncExternalStore(subscribeLoads, loadCount);
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/**
 * Starts fetching the lazy pages of the address the tab opens with, before i18n and the
 * session are ready: a bookmarked page does not wait for them to start its download.
 * Resolves when they have loaded or failed (a failure shows when the page renders).
 */
export function preloadPages(routes: PageRoute[], pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    const preload = element && typeof element === 'object' ? preloads.get(element) : undefined;
    if (preload) loads.push(preload());
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * When the first render may start: once the texts are in and the page opened directly has
 * loaded (`preloadPages`), or `waitMs` after the texts if it has not by then (the shell then
 * shows the page's loading state). Rendered with the shell, the page is in its first commit.
 * Rendered first, the shell took the main thread for its render and paint, and the page's
 * module resolved only after them: a second tab's archive rows came 60-120 ms later.
 */
export function firstRenderReady(
  texts: Promise<void>,
  page: Promise<void>,
  waitMs: number,
): Promise<void> {
  return texts.then(() =>
    Promise.race([page, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]),
  );
}

/** What the page area shows while a page opened directly loads (as LoadingState does). */
export function PageLoading() {
  return (
    <div className="loading-state" aria-busy="true">
      <Spinner size="large" showLabel />
    </div>
  );
}
