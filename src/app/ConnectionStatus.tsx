/**
 * The connection state of SPEC §4 as the user sees it, in the header of every tab: an icon
 * and a word, and the age of the data when it is stale. Presentational: the live engine
 * supplies `state` and `lastDataAt`.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayConnectionState } from '../contract/enums.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { useFormat } from './useFormat.ts';
import { isStale } from '../domain/freshness.ts';

export type ConnectionDisplay = DisplayConnectionState | 'unknown';

/** Data older than this counts as stale even while connected. */
export const STALE_AFTER_MS = 60_000;
const AGE_TICK_MS = 5_000;

const ICONS: Record<ConnectionDisplay, IconName> = {
  connected: 'connected',
  notConnected: 'notConnected',
  connecting: 'connecting',
  disconnecting: 'disconnecting',
  offline: 'offline',
  unknown: 'unknown',
};

/** ISA-101: the normal state is quiet; only the abnormal ones take colour. */
const TONES: Record<ConnectionDisplay, string> = {
  connected: 'conn-normal',
  connecting: 'conn-transition',
  disconnecting: 'conn-transition',
  notConnected: 'conn-fault',
  offline: 'conn-fault',
  unknown: 'conn-unknown',
};

export interface ConnectionStatusProps {
  state: ConnectionDisplay;
  /** When the last live data arrived (epoch ms); null when none has arrived yet. */
  lastDataAt?: number | null;
  /** The current time; a 5-second clock by default (tests pass a fixed time). */
  now?: number;
  /** Announce changes (role="status"); off for samples such as the help page's. */
  live?: boolean;
}

export function ConnectionStatus({
  state,
  lastDataAt = null,
  now,
  live = true,
}: ConnectionStatusProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const clock = useClock(now === undefined && lastDataAt != null);
  const at = now ?? clock;
  const age = lastDataAt != null ? at - lastDataAt : null;
  // Issue 12 item 7: on a connected link the hub keep-alive vouches for quiet values.
  const stale = isStale({ connected: state === 'connected', lastDataAt, now: at });
  const label = t(`shell.connection.${state}`);
  return (
    <div
      className={`conn ${TONES[state]}${stale ? ' conn-stale' : ''}`}
      role={live ? 'status' : undefined}
      title={t('shell.connection.title')}
    >
      <Icon name={ICONS[state]} className={state === 'connecting' ? 'conn-spin' : undefined} />
      <span className="conn-text">
        <span className="visually-hidden">{t('shell.connection.title')}: </span>
        <span className="conn-label">{label}</span>
        {stale && age != null && (
          <span className="conn-age">
            {t('shell.connection.dataAge', { age: format.age(age) })}
          </span>
        )}
      </span>
    </div>
  );
}

function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
