/**
 * Keeps one broken component (a tile, a panel, a dialog body) from blanking the page: it
 * shows the reload fallback in its place. Pages have the route error boundary around them
 * (src/app/RouteErrorBoundary.tsx) instead.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback.tsx';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** A custom fallback; the compact reload fallback by default. */
  fallback?: (error: unknown, reset: () => void) => ReactNode;
  /** When any of these change, a shown error is cleared (e.g. the route or the item id). */
  resetKeys?: readonly unknown[];
}

interface State {
  error: unknown;
  failed: boolean;
  resetKeys: readonly unknown[] | undefined;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    if (changed(props.resetKeys, state.resetKeys))
      return { resetKeys: props.resetKeys, failed: false, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Component could not be displayed', error, info.componentStack);
  }

  reset = (): void => this.setState({ error: null, failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? (
      this.props.fallback(this.state.error, this.reset)
    ) : (
      <ErrorFallback error={this.state.error} onRetry={this.reset} compact />
    );
  }
}

function changed(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return false;
  if (!a || !b || a.length !== b.length) return true;
  return a.some((v, i) => !Object.is(v, b[i]));
}
