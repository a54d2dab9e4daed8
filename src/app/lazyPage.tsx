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
import { lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { withAreas } from './i18n.ts';
import type { LocaleArea } from './messages.ts';
import { Spinner } from '../ui/Spinner.tsx';

/**
 * A route of the tables: what the declarative router renders. Loaders, `lazy` and
 * `errorElement` belong to data routers and would be ignored, so the type leaves them out.
 */
export type PageRoute =
  | { index: true; element: ReactNode }
  | { index?: false; path?: string; element: ReactNode; children?: PageRoute[] };

/** Fetches a page's code and texts; the first call starts it, later calls share it. */
const preloads = new WeakMap<object, () => void>();

export function lazyPage<M>(
  areas: readonly LocaleArea[],
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ReactElement {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const fetchPage = () =>
    (pending ??= withAreas(areas, load()).then(
      (m) => ({ default: pick(m) }),
      (error: unknown) => {
        // React keeps a failed lazy component failed: the retry renders a fresh one.
        pending = null;
        Page = lazy(fetchPage);
        throw error;
      },
    ));
  let Page = lazy(fetchPage);
  function LazyPage() {
    return <Page />;
  }
  const element = <LazyPage />;
  preloads.set(element, () => void fetchPage().catch(() => undefined));
  return element;
}

/**
 * Starts fetching the lazy pages of the address the tab opens with, before i18n and the
 * session are ready: a bookmarked page does not wait for them to start its download.
 */
export function preloadPages(routes: PageRoute[], pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const element = match.route.element;
    if (element && typeof element === 'object') preloads.get(element)?.();
  }
}

/** What the page area shows while a page opened directly loads (as LoadingState does). */
export function PageLoading() {
  return (
    <div className="loading-state" aria-busy="true">
      <Spinner size="large" showLabel />
    </div>
  );
}
