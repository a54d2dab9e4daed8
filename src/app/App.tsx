/**
 * The router in declarative mode (a third of the data router's size in the first script):
 * navigations run as transitions, so the previous page stays until the next one has loaded.
 */
import { BrowserRouter, useRoutes } from 'react-router';
import { preloadPages, PageSuspense, RouteTable } from './lazyPage.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { routes } from './routes.tsx';

// Before i18n and the session: the page opened directly starts loading with the shell.
export const firstPageLoaded = preloadPages(routes, window.location.pathname);

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <BrowserRouter>
      <RouteTable value={routes}>
        {/* The sign-in page, or the shell itself, failing: the fallback without the shell. */}
        <RouteErrorBoundary root>
          <PageSuspense>
            <AppRoutes />
          </PageSuspense>
        </RouteErrorBoundary>
      </RouteTable>
    </BrowserRouter>
  );
}
