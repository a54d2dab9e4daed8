/**
 * Layout route around every signed-in page: loads the user and rights once, then renders
 * the page with the auto-logout guard. Not signed in: the 401 of /info sends the browser
 * through logout to /login?returnUrl=… (SPEC §2 "Session redirects"). The web server out of
 * reach (a page opened from the service worker's cache during an outage): the connection
 * diagnosis, and the session is asked for again by itself until it answers.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { loadSession } from '../../api/userManagement.ts';
import { SessionOffline } from './SessionOffline.tsx';
import { sessionState, setSession, useSession } from '../shared/sessionStore.ts';
import './auth.css';

/**
 * The inactivity guard shows nothing until its last minute: it loads beside the first page,
 * not in the first script (startup budget, README "Startup").
 */
const AutoLogout = lazy(() => import('./AutoLogout.tsx').then((m) => ({ default: m.AutoLogout })));

/** Waits between attempts while the web server is out of reach (as the live link's). */
const OFFLINE_RETRY_MS = [1_000, 2_000, 5_000, 10_000];

/** The web server did not answer: no network, refused, or a proxy in front says it is down. */
function unreachable(err: unknown): boolean {
  return (
    err instanceof NetworkError ||
    (err instanceof HttpError && [502, 503, 504].includes(err.status))
  );
}

export function RequireSession() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [offlineAttempts, setOfflineSince] = useState(0);
  const [nextRetryAt, setNextRetryAt] = useState<number | null>(null);

  useEffect(() => {
    if (sessionState.user) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadSession().then(
      ([info, rights]) => {
        if (!cancelled) setSession(info, rights);
      },
      (err: unknown) => {
        if (cancelled) return;
        // 401 is already on its way to the login page; anything else may be retried.
        if (unreachable(err)) {
          const wait = OFFLINE_RETRY_MS[Math.min(offlineAttempts, OFFLINE_RETRY_MS.length - 1)]!;
          setNextRetryAt(Date.now() + wait);
          setOfflineSince((n) => n + 1);
          retry = setTimeout(() => setAttempt((a) => a + 1), wait);
        } else if (!(err instanceof HttpError && err.status === 401)) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
    // Only a new attempt asks again; offlineAttempts only sets how long the next one waits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  if (user)
    return (
      <>
        <Outlet />
        <Suspense fallback={null}>
          <AutoLogout />
        </Suspense>
      </>
    );
  if (offlineAttempts > 0)
    return <SessionOffline nextRetryAt={nextRetryAt} onRetry={() => setAttempt((a) => a + 1)} />;
  if (failed)
    return (
      <div className="auth-status" role="alert">
        <p>{t('auth.session.loadFailed')}</p>
        <button
          type="button"
          className="auth-button"
          onClick={() => {
            setFailed(false);
            setAttempt((a) => a + 1);
          }}
        >
          {t('auth.session.retry')}
        </button>
      </div>
    );
  return (
    <div className="auth-status" role="status" aria-live="polite">
      {t('auth.session.loading')}
    </div>
  );
}
