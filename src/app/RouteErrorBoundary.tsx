/**
 * react-router's errorElement: a page that throws while rendering or loading shows the
 * reload fallback inside the shell instead of a blank app (SPEC §8). Navigating elsewhere
 * clears it.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorFallback } from '../ui/ErrorFallback.tsx';
import { NotFound } from './NotFound.tsx';

export interface RouteErrorBoundaryProps {
  /** The outermost boundary, used when the shell itself failed: no shell around it. */
  root?: boolean;
}

export function RouteErrorBoundary({ root = false }: RouteErrorBoundaryProps) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  console.error('Page could not be displayed', error);
  return (
    <div className={root ? 'page page-root-error' : 'page'}>
      <ErrorFallback error={error} />
    </div>
  );
}
