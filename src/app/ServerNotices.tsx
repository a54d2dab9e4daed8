/**
 * Notices from the server (SPEC §7 `sendServerInfoMessage`) under the header of every tab,
 * each until dismissed, and on a phone the connection's whole status in words while the link
 * is down: which link, the data's age and the countdown to the next attempt (the header has
 * room only for its icon there; at 360 px in Russian the words were cut, issue 55). The strip
 * wraps; the header's status keeps every word for screen readers. The strip is fixed under
 * the header: the page moves down by its height (--conn-strip-height on the root, read by the
 * shell's main area), so up to three lines of it never cover the page's title.
 */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from './useTranslation.ts';
import { useConnectionStatus } from '../live/useConnectionStatus.ts';
import { useServerInfo } from '../live/useServerInfo.ts';
import { Button } from '../ui/Button.tsx';
import { useFormat } from './useFormat.ts';
import {
  ConnectionStatus,
  connectionDiagnosis,
  connectionStatusProps,
} from './ConnectionStatus.tsx';

export function ServerNotices() {
  const { t } = useTranslation();
  const format = useFormat();
  const { notices, dismiss } = useServerInfo();
  const status = useConnectionStatus();
  const diagnosis = connectionDiagnosis(status.display, status.serverStatus, status.firstStart);
  // Words the phone's header hides: a fault, the age of data held, a countdown.
  const words =
    status.display !== 'connected' &&
    (diagnosis !== null || status.lastDataAt != null || status.nextRetryAt != null);
  const strip = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!words || !el) return;
    const root = document.documentElement.style;
    // Hidden (display: none on wide screens) it measures 0, and the page keeps its place.
    const set = () => root.setProperty('--conn-strip-height', `${el.offsetHeight}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--conn-strip-height');
    };
  }, [words]);
  if (notices.length === 0 && !words) return null;
  return (
    <div className="server-notices">
      {words && (
        <div ref={strip} className="conn-strip" aria-hidden="true">
          <ConnectionStatus
            {...connectionStatusProps(status)}
            live={false}
            className="conn-strip-words"
          />
        </div>
      )}
      {notices.length > 0 && (
        <ul className="server-notice-list" role="status" aria-label={t('shell.notices.title')}>
          {notices.map((n) => (
            <li key={n.at} className="server-notice info-card">
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
