/**
 * A page opened while the web server cannot be reached (from the service worker's cache,
 * README "Offline start and updates"): the frame of the app with the connection diagnosis of
 * SPEC §8 and the countdown to the next attempt, instead of the browser's error page. The
 * session is asked for again by itself (RequireSession); the page opens once it answers.
 */
import { ConnectionStatus } from '../../app/ConnectionStatus.tsx';
import { useTranslation } from '../../app/useTranslation.ts';

export function SessionOffline({ nextRetryAt }: { nextRetryAt: number | null }) {
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
        <div className="auth-status">
          <p className="session-offline-title">{t('shell.connection.diagnosis.webServer')}</p>
          <p>{t('auth.session.offline')}</p>
        </div>
      </main>
    </div>
  );
}
