/**
 * Notices from the server (SPEC §7 `sendServerInfoMessage`) under the header of every tab,
 * each until dismissed, and on a phone the link that is down in words (the header has room
 * only for its icon there).
 */
import { useTranslation } from './useTranslation.ts';
import { useConnectionStatus, useServerInfo } from '../live/index.ts';
import { Button } from '../ui/Button.tsx';
import { useFormat } from './useFormat.ts';
import { connectionDiagnosis } from './ConnectionStatus.tsx';

export function ServerNotices() {
  const { t } = useTranslation();
  const format = useFormat();
  const { notices, dismiss } = useServerInfo();
  const status = useConnectionStatus();
  const diagnosis = connectionDiagnosis(status.display, status.serverStatus, status.firstStart);
  if (notices.length === 0 && !diagnosis) return null;
  return (
    <div className="server-notices">
      {diagnosis && (
        <p className="conn-strip" aria-hidden="true">
          {t(`shell.connection.diagnosis.${diagnosis}` as 'shell.connection.diagnosis.webServer')}
        </p>
      )}
      {notices.length > 0 && (
        <ul className="server-notice-list" role="status" aria-label={t('shell.notices.title')}>
          {notices.map((n) => (
            <li key={n.at} className="server-notice">
              <span className="server-notice-label">{t('shell.notices.fromServer')}</span>{' '}
              <span className="server-notice-text">{n.message}</span>{' '}
              <span className="server-notice-time">{format.dateTime(n.at)}</span>
              <Button
                size="small"
                variant="quiet"
                icon="close"
                iconOnly
                onClick={() => dismiss(n.at)}
              >
                {t('shell.notices.dismiss')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
