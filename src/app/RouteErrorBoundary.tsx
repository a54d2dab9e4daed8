/**
 * react-router's errorElement: a page that throws while rendering or loading shows the
 * reload fallback inside the shell instead of a blank app (SPEC §8), with the failure named
 * ('Unbekannter Fehler' for any unexpected one) and a retry that renders the page again
 * without a page reload. Navigating elsewhere clears it too.
 */
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '../ui/ErrorFallback.tsx';
import { failureText } from './failureText.ts';
import { NotFound } from './NotFound.tsx';

export interface RouteErrorBoundaryProps {
  /** The outermost boundary, used when the shell itself failed: no shell around it. */
  root?: boolean;
}

export function RouteErrorBoundary({ root = false }: RouteErrorBoundaryProps) {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error('Page could not be displayed', error);
  // A render error is always unexpected; a failed load (a lazy page over a broken network)
  // is named as what it is.
  const reason = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error && error.name === 'NetworkError'
      ? failureText(error)
      : undefined;
  // NOTE: a navigation to the same address gets a new location, which resets react-router's
  // error state and renders the route again.
  const retry = () =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  return (
    <div className={root ? 'page page-root-error' : 'page'}>
      <ErrorFallback error={error} reason={reason} onRetry={retry} />
    </div>
  );
}
