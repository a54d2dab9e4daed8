/**
 * A page opened while the web server cannot be reached (from the service worker's cache,
 * README "Offline start and updates"): the frame of the app with the connection diagnosis of
 * SPEC §8 and the countdown to the next attempt, instead of the browser's error page. The
 * session is asked for again by itself (RequireSession); the page opens once it answers.
 */
import { ConnectionStatus } from '../../app/ConnectionStatus.tsx';
import { useTranslation } from '../../app/useTranslation.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';

export function SessionOffline({
  nextRetryAt,
  onRetry,
}: {
  nextRetryAt: number | null;
  /** Asks now instead of at the end of the countdown. */
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="shell shell-kiosk session-offline">
      <header className="shell-header">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="brand-name">{t('app.name')}</span>
        </span>
        <div className="header-spacer" />
        <ConnectionStatus
          state="notConnected"
          serverStatus="WebServerDisconnected"
          nextRetryAt={nextRetryAt}
        />
      </header>
      <main id="main" className="shell-main">
        <EmptyState
          icon="offline"
          title={t('shell.connection.diagnosis.webServer')}
          // What could not be loaded (SPEC §8), then what happens next.
          reason={`${t('auth.session.loadFailed')} ${t('auth.session.offline')}`}
          action={<Button onClick={onRetry}>{t('auth.session.retry')}</Button>}
        />
      </main>
    </div>
  );
}
