/**
 * The connection state of SPEC §4 as the user sees it, in the header of every tab: an icon,
 * which link is down in the words of SPEC §8 "Connection" (web server, server, control unit,
 * network or certificate, server-to-unit link, unknown), the age of the data when it is
 * stale, and while a reconnect waits the countdown to the next attempt. Presentational: the
 * live engine supplies the state.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from './useTranslation.ts';
import type { DisplayConnectionState, ServerStatus } from '../contract/enums.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { useFormat } from './useFormat.ts';
import { isStale } from '../domain/freshness.ts';
import type { TabConnectionStatus } from '../live/index.ts';

/** `engineLost`: the tab's engine ended and a new one is starting (workers/SPEC.md EL2). */
export type ConnectionDisplay = DisplayConnectionState | 'engineLost' | 'unknown';

/** Data older than this counts as stale even while connected. */
export const STALE_AFTER_MS = 60_000;
const AGE_TICK_MS = 5_000;

const ICONS: Record<ConnectionDisplay, IconName> = {
  connected: 'connected',
  notConnected: 'notConnected',
  connecting: 'connecting',
  disconnecting: 'disconnecting',
  offline: 'offline',
  engineLost: 'refresh',
  unknown: 'unknown',
};

/** ISA-101: the normal state is quiet; only the abnormal ones take colour. */
const TONES: Record<ConnectionDisplay, string> = {
  connected: 'conn-normal',
  connecting: 'conn-transition',
  disconnecting: 'conn-transition',
  notConnected: 'conn-fault',
  offline: 'conn-fault',
  engineLost: 'conn-fault',
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
  /** What the server reports (SPEC §4); tells which link is down. */
  serverStatus?: ServerStatus;
  /** When the next connection attempt starts, while one waits (epoch ms). */
  nextRetryAt?: number | null;
  /** The first attempt to reach the server is still running: nothing has failed yet. */
  firstStart?: boolean;
  className?: string;
}

/**
 * CD1: which link is down, from the displayed state and the server's status (SPEC §8); the
 * tab's own engine first (EL2). CD4: until the first attempt to connect has connected or
 * failed (`firstStart`), the initial WebServerDisconnected names no fault: the tab is
 * connecting. A browser without network is named at once.
 */
export function connectionDiagnosis(
  state: ConnectionDisplay,
  serverStatus: ServerStatus | undefined,
  firstStart = false,
): string | null {
  // EL2: whatever the server said last, no engine carries it to this tab now.
  if (state === 'engineLost') return 'engineLost';
  if (state === 'connected' || state === 'disconnecting' || !serverStatus) return null;
  if (firstStart && state !== 'offline') return null;
  if (state === 'offline' && serverStatus !== 'WebServerDisconnected') return 'browserOffline';
  switch (serverStatus) {
    case 'WebServerDisconnected':
      return 'webServer';
    case 'ServerDisconnected':
      return state === 'connecting' ? null : 'server';
    case 'ControlUnitDisconnected':
      return 'controlUnit';
    case 'NetworkError':
      return 'networkError';
    case 'ServerConnectionFaulty':
      return 'serverUnit';
    case 'Unknown':
      return 'unknown';
    default:
      return null;
  }
}

/** What ConnectionStatus shows of the tab's connection status (useConnectionStatus). */
export function connectionStatusProps(
  status: TabConnectionStatus,
): Pick<
  ConnectionStatusProps,
  'state' | 'lastDataAt' | 'serverStatus' | 'nextRetryAt' | 'firstStart'
> {
  return {
    state: status.display,
    lastDataAt: status.lastDataAt,
    serverStatus: status.serverStatus,
    nextRetryAt: status.nextRetryAt,
    firstStart: status.firstStart,
  };
}

export function ConnectionStatus({
  state,
  lastDataAt = null,
  now,
  live = true,
  serverStatus,
  nextRetryAt = null,
  firstStart = false,
  className,
}: ConnectionStatusProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const counting = nextRetryAt !== null && state !== 'connected';
  // The age shows only while the link is down (a connected link's keep-alive vouches for
  // quiet data: isStale), so only then, or during a countdown, does a clock run: a connected
  // tab renders nothing per tick (issue 44).
  const ageShown = lastDataAt != null && state !== 'connected';
  const clock = useClock(now === undefined && (ageShown || counting), counting);
  const at = now ?? clock;
  const age = lastDataAt != null ? at - lastDataAt : null;
  // On a connected link the hub keep-alive vouches for quiet values (domain/freshness.ts).
  const stale = isStale({ connected: state === 'connected', lastDataAt, now: at });
  const diagnosis = connectionDiagnosis(state, serverStatus, firstStart);
  const label = diagnosis
    ? t(`shell.connection.diagnosis.${diagnosis}` as 'shell.connection.diagnosis.webServer')
    : t(`shell.connection.${state}`);
  const retryInS = counting ? Math.max(0, Math.ceil((nextRetryAt - at) / 1000)) : null;
  const tone = diagnosis && state === 'connecting' ? 'conn-fault' : TONES[state];
  return (
    <div
      className={`conn ${tone}${stale ? ' conn-stale' : ''}${className ? ` ${className}` : ''}`}
      data-connection={diagnosis ?? state}
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
        {retryInS !== null && (
          <span className="conn-retry">{t('shell.connection.retryIn', { count: retryInS })}</span>
        )}
      </span>
    </div>
  );
}

/** The current time, every 5 s for the data age, every second during a countdown. */
function useClock(running: boolean, fast = false): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), fast ? 1_000 : AGE_TICK_MS);
    return () => clearInterval(timer);
  }, [running, fast]);
  return now;
}
