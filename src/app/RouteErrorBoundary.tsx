/**
 * The route error boundary: a page that throws while rendering, or whose code or texts
 * cannot be fetched, shows the reload fallback instead of a blank app (SPEC §8), with the
 * failure named ('Unbekannter Fehler' for any unexpected one) and a retry that renders the
 * page again without a page reload. Navigating elsewhere clears it too.
 * PageBoundary is the one inside the shell around every page: the shell stays usable.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorFallback } from '../ui/ErrorFallback.tsx';
import { failureText } from './failureText.ts';
import { PageSuspense } from './lazyPage.tsx';

export interface RouteErrorBoundaryProps {
  /** The outermost boundary, used when the shell itself failed: no shell around it. */
  root?: boolean;
  children: ReactNode;
}

export function RouteErrorBoundary({ root = false, children }: RouteErrorBoundaryProps) {
  // Every navigation, to the same address too, has a new key and clears a shown failure.
  const { key } = useLocation();
  return (
    <Boundary root={root} locationKey={key}>
      {children}
    </Boundary>
  );
}

/** Any page that throws shows the reload fallback inside the shell; a first load its spinner. */
export function PageBoundary() {
  return (
    <RouteErrorBoundary>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </RouteErrorBoundary>
  );
}

interface BoundaryProps {
  root: boolean;
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  locationKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = {
    failed: false,
    error: null,
    locationKey: this.props.locationKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.locationKey === state.locationKey) return null;
    return { locationKey: props.locationKey, failed: false, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page could not be displayed', error, info.componentStack);
  }

  retry = (): void => this.setState({ failed: false, error: null });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    // A render error is always unexpected; a failed load over a broken network is named as
    // what it is.
    const reason =
      error instanceof Error && error.name === 'NetworkError' ? failureText(error) : undefined;
    return (
      <div className={this.props.root ? 'page page-root-error' : 'page'}>
        <ErrorFallback error={error} reason={reason} onRetry={this.retry} />
      </div>
    );
  }
}
