import { useTranslation } from './useTranslation.ts';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { cx } from './cx.ts';

export interface ErrorFallbackProps {
  /** Shown under a disclosure for support; never the only text. */
  error?: unknown;
  /** Re-renders the broken part without a page reload. */
  onRetry?: () => void;
  /** Smaller, for a tile or panel rather than a whole page. */
  compact?: boolean;
  /** What went wrong in words; 'Unbekannter Fehler' (SPEC §8 "unknown error") by default. */
  reason?: string;
  /** False where the frame around it (a dialog) already has the title. */
  titled?: boolean;
}

function describe(error: unknown): string | null {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (error == null) return null;
  if (typeof error === 'object' && 'statusText' in error) return String(error.statusText);
  return String(error);
}

/**
 * SPEC §8: "page or component cannot be displayed, with a reload option", naming the failure
 * ("unknown error" unless the caller knows better) and offering a retry without a reload.
 */
export function ErrorFallback({
  error,
  onRetry,
  compact = false,
  reason,
  titled = true,
}: ErrorFallbackProps) {
  const { t } = useTranslation();
  const detail = describe(error);
  return (
    <div className={cx('error-fallback', compact && 'error-fallback-compact')} role="alert">
      <Icon name="error" className="error-fallback-icon" size={compact ? 24 : 40} />
      {titled && <h2 className="error-fallback-title">{t('ui.error.title')}</h2>}
      <p className="error-fallback-reason">{reason ?? t('results.common.unknownError')}</p>
      <p className="error-fallback-text">{t('ui.error.text')}</p>
      <div className="error-fallback-actions">
        <Button variant="primary" icon="refresh" onClick={() => window.location.reload()}>
          {t('ui.error.reload')}
        </Button>
        {onRetry && <Button onClick={onRetry}>{t('ui.error.retry')}</Button>}
      </div>
      {detail && (
        <details className="error-fallback-details">
          <summary>{t('ui.error.details')}</summary>
          <code>{detail}</code>
        </details>
      )}
    </div>
  );
}
