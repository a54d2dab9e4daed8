/**
 * The alarm banner of every page (rendered by the shell in its header): unacknowledged
 * alerts and the newest of the highest priority, linking to /alerts, with the horn switch.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAlertCounts } from '../../live/index.ts';
import { cx } from '../../ui/index.ts';
import { Horn, isHornMuted, setHornMuted } from './horn.ts';
import { usePriorityColors } from './usePriorities.ts';
import './alerts.css';

export function AlarmBanner() {
  const { t } = useTranslation();
  const counts = useAlertCounts();
  const colors = usePriorityColors();
  const [muted, setMuted] = useState(isHornMuted);
  const [unlocked, setUnlocked] = useState(false);
  const horn = useRef<Horn | null>(null);

  useEffect(() => {
    const h = new Horn();
    horn.current = h;
    // The first click anywhere lets the browser play sound.
    // Deferred: the click itself stays fast; the browser's user activation lasts seconds.
    const unlock = () =>
      setTimeout(() => {
        h.unlock();
        setUnlocked(true);
      }, 0);
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      h.dispose();
    };
  }, []);

  const top = counts?.top ?? null;
  const pending = counts?.pending ?? 0;
  useEffect(() => {
    horn.current?.set(pending > 0 && top ? top.priority : null, muted || !unlocked);
  }, [pending, top, muted, unlocked]);

  const label =
    pending > 0 ? t('alerts.banner.pending', { count: pending }) : t('alerts.banner.none');
  return (
    <div className={cx('alarm-banner', pending > 0 && 'has-alerts')}>
      <Link
        to="/alerts"
        className="alarm-banner-link"
        title={t('alerts.banner.open')}
        style={
          pending > 0 && top && colors.get(top.priority)
            ? { background: colors.get(top.priority) }
            : undefined
        }
      >
        {/* A live region, not role=status: the header's status is the connection. */}
        <span className="alarm-banner-count" aria-live="polite">
          {label}
        </span>
        <span className="alarm-banner-short" aria-hidden="true">
          {pending > 0 ? `⚠ ${pending}` : '✓'}
        </span>
        {/* The message texts of the plant already start with the station name. */}
        {top && <span className="alarm-banner-text">{top.text}</span>}
      </Link>
      <button
        type="button"
        className="alarm-banner-horn"
        onClick={() => {
          setHornMuted(!muted);
          setMuted(!muted);
        }}
      >
        {muted ? t('alerts.banner.unmute') : t('alerts.banner.mute')}
      </button>
    </div>
  );
}
