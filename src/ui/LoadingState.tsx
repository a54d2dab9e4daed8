/**
 * What a view or dialog shows while its data loads (SPEC §2, §9): a spinner, and after
 * LOAD_FAILURE_DELAY_MS without data the 'could not be loaded' message with a retry. The
 * indicator is compact above the content below 960 px and centred in the area above it.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

/** SPEC §9 "Dialog load-failure message: after 2000 ms". */
export const LOAD_FAILURE_DELAY_MS = 2000;

/** The generic load state of SPEC §4 (updating = reload while ready). */
export type LoadStatus = 'empty' | 'loading' | 'ready' | 'updating' | 'error';

export interface LoadingStateProps {
  status: LoadStatus;
  /** Shown when ready, updating or empty (the caller renders its EmptyState). */
  children?: ReactNode;
  onRetry?: () => void;
  /** A message for the error state; the generic 'could not be loaded' text otherwise. */
  errorMessage?: string;
  /** What is loading, e.g. "Stationen"; shown with the spinner. */
  label?: string;
  failAfterMs?: number;
}

export function LoadingState({
  status,
  children,
  onRetry,
  errorMessage,
  label,
  failAfterMs = LOAD_FAILURE_DELAY_MS,
}: LoadingStateProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const retry = onRetry
    ? () => {
        setAttempt((a) => a + 1);
        onRetry();
      }
    : undefined;
  if (status === 'loading')
    // The key restarts the 2 s wait on every retry.
    return <Pending key={attempt} failAfterMs={failAfterMs} onRetry={retry} label={label} />;
  if (status === 'error') return <LoadFailure onRetry={retry} message={errorMessage} />;
  return (
    <>
      {status === 'updating' && (
        // A progress bar needs a name (WCAG 4.1.2); axe found it nameless while a view updated.
        <div className="loading-bar" role="progressbar" aria-label={t('ui.loading.updating')} />
      )}
      {children}
    </>
  );
}

function Pending({
  failAfterMs,
  onRetry,
  label,
}: {
  failAfterMs: number;
  onRetry?: () => void;
  label?: string;
}) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), failAfterMs);
    return () => clearTimeout(timer);
  }, [failAfterMs]);
  if (late) return <LoadFailure onRetry={onRetry} />;
  return (
    <div className="loading-state" aria-busy="true">
      <Spinner size="large" showLabel label={label} />
    </div>
  );
}

function LoadFailure({ onRetry, message }: { onRetry?: () => void; message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="loading-state loading-failed" role="alert">
      <Icon name="warning" className="loading-failed-icon" />
      <p>{message ?? t('ui.loading.failed')}</p>
      {onRetry && (
        <Button icon="refresh" onClick={onRetry}>
          {t('ui.loading.retry')}
        </Button>
      )}
    </div>
  );
}
